// Which PostgreSQL database, if any, holds the stores: `--store` (the library's `storeUrl`), then
// SKILLBOX_DATABASE_URL, then the user config's `store`. Every CLI command asks this before it runs,
// so it reads the user file with JSON.parse alone (no config schema, no zod) and only when neither
// the option nor the variable is set.

import { readFileSync } from "node:fs";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { findPostgresUrlProblem } from "@skillbox/store-postgres/store/postgres/postgres-url";
import { DATABASE_URL_VARIABLE, type SkillboxConfig } from "./workspace.js";

/** The config's `store` key (a bare URL string in the file is read as `{ url }`). */
type StoreSetting = NonNullable<SkillboxConfig["store"]>;

/** The database to use and where that choice came from. */
export interface ConfiguredStore extends StoreSetting {
  source: "option" | "environment" | "config";
}

/** The user config file: `<home>/.skillbox/config.json`. */
export function userConfigPath(home: string): string {
  return path.join(home, ".skillbox", "config.json");
}

/** Checks a config `store` value; answers the setting, or what is wrong with it. */
export function readStoreSetting(value: unknown): StoreSetting | string {
  const setting = typeof value === "string" ? { url: value } : value;
  if (typeof setting !== "object" || setting === null || Array.isArray(setting)) {
    return 'expected a postgres:// URL or { "url": "postgres://…", "schema": "…" }';
  }
  const { url, schema, ...rest } = setting as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `unknown key ${JSON.stringify(unknown[0])} (known: url, schema)`;
  if (typeof url !== "string" || !isPostgresUrl(url))
    return "url must start with postgres:// or postgresql://";
  const problem = findPostgresUrlProblem(url.trim());
  if (problem !== undefined) return `url is a malformed PostgreSQL URL: ${problem}`;
  if (schema === undefined) return { url: url.trim() };
  if (typeof schema !== "string" || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    return "schema must be a plain PostgreSQL name (letters, digits, _; at most 63)";
  }
  return { url: url.trim(), schema };
}

/**
 * The store to open, or undefined for the SQLite file. Throws `invalid-argument` for a URL that is not a
 * PostgreSQL one and `config-error` for a user config whose `store` cannot be read, so a node meant
 * for the fleet never falls back to a local file unnoticed. A project's config cannot name the store.
 */
export function resolveConfiguredStore(options: {
  /** `--store`, or the library's `storeUrl`. */
  url?: string;
  /** What `url` is called in messages (default `--store`). */
  urlName?: string;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  readFile?: (file: string) => string;
}): ConfiguredStore | undefined {
  const given = nonEmpty(options.url);
  if (given !== undefined) return { url: checkUrl(given, options.urlName ?? "--store"), source: "option" };
  const fromEnvironment = nonEmpty(options.env[DATABASE_URL_VARIABLE]);
  if (fromEnvironment !== undefined) {
    return { url: checkUrl(fromEnvironment, DATABASE_URL_VARIABLE), source: "environment" };
  }
  const file = userConfigPath(options.home);
  let text: string;
  try {
    text = (options.readFile ?? ((target: string) => readFileSync(target, "utf8")))(file);
  } catch {
    // No user config (or an unreadable one, which the workspace reports): the SQLite file.
    return undefined;
  }
  if (!text.includes('"store"')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new SkillboxError(
      "config-error",
      `${file} is not valid JSON (${error instanceof Error ? error.message : String(error)}), so its "store" cannot be read; fix the file.`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || !("store" in parsed)) return undefined;
  const setting = readStoreSetting((parsed as { store: unknown }).store);
  if (typeof setting === "string") {
    throw new SkillboxError("config-error", `Config key "store" in ${file} is invalid: ${setting}.`);
  }
  return { ...setting, source: "config" };
}

function checkUrl(url: string, from: string): string {
  if (!isPostgresUrl(url)) {
    throw new SkillboxError(
      "invalid-argument",
      `${from} takes a postgres:// or postgresql:// URL; got ${JSON.stringify(url.split(":")[0])}:….`,
    );
  }
  const problem = findPostgresUrlProblem(url);
  if (problem !== undefined) {
    throw new SkillboxError("invalid-argument", `${from} is a malformed PostgreSQL URL: ${problem}.`);
  }
  return url;
}

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url.trim());
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}
