import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveConfiguredStore, userConfigPath } from "./resolve-configured-store.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), "skillbox-store-config-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function writeUserConfig(config: unknown): void {
  mkdirSync(path.join(home, ".skillbox"), { recursive: true });
  writeFileSync(userConfigPath(home), typeof config === "string" ? config : JSON.stringify(config));
}

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("resolveConfiguredStore", () => {
  it("takes --store over SKILLBOX_DATABASE_URL over the user config's store", () => {
    writeUserConfig({ store: { url: "postgres://config-host/skills", schema: "team_a" } });
    const env = { SKILLBOX_DATABASE_URL: "postgres://env-host/skills" };
    expect(resolveConfiguredStore({ url: "postgres://flag-host/skills", env, home })).toEqual({
      url: "postgres://flag-host/skills",
      source: "option",
    });
    expect(resolveConfiguredStore({ env, home })).toEqual({
      url: "postgres://env-host/skills",
      source: "environment",
    });
    expect(resolveConfiguredStore({ env: { SKILLBOX_DATABASE_URL: " " }, home })).toEqual({
      url: "postgres://config-host/skills",
      schema: "team_a",
      source: "config",
    });
  });

  it("reads a bare URL string as the store, and nothing (the SQLite file) without a store key or file", () => {
    expect(resolveConfiguredStore({ env: {}, home })).toBeUndefined();
    writeUserConfig({ model: "gpt" });
    expect(resolveConfiguredStore({ env: {}, home })).toBeUndefined();
    writeUserConfig({ store: "postgresql://db.internal:5432/skills" });
    expect(resolveConfiguredStore({ env: {}, home })).toEqual({
      url: "postgresql://db.internal:5432/skills",
      source: "config",
    });
  });

  it("does not read the config file when the option or the variable names the store", () => {
    const read: string[] = [];
    const readFile = (file: string) => {
      read.push(file);
      return "{}";
    };
    resolveConfiguredStore({ url: "postgres://a/b", env: {}, home, readFile });
    resolveConfiguredStore({ env: { SKILLBOX_DATABASE_URL: "postgres://a/b" }, home, readFile });
    expect(read).toEqual([]);
    resolveConfiguredStore({ env: {}, home, readFile });
    expect(read).toEqual([userConfigPath(home)]);
  });

  it("fails, naming the file, when the user config's store is broken rather than falling back to SQLite", () => {
    writeUserConfig({ store: "mysql://db/skills" });
    const wrongScheme = caught(() => resolveConfiguredStore({ env: {}, home }));
    expect(isSkillboxError(wrongScheme, "config-error")).toBe(true);
    expect((wrongScheme as Error).message).toBe(
      `Config key "store" in ${userConfigPath(home)} is invalid: url must start with postgres:// or postgresql://.`,
    );
    writeUserConfig('{ "store": "postgres://db/skills", }');
    const badJson = caught(() => resolveConfiguredStore({ env: {}, home }));
    expect(isSkillboxError(badJson, "config-error")).toBe(true);
    expect((badJson as Error).message).toContain("is not valid JSON");
  });

  it("refuses an option or variable that is not a PostgreSQL URL, naming where it came from", () => {
    const fromOption = caught(() => resolveConfiguredStore({ url: "sqlite://x", env: {}, home }));
    expect(isSkillboxError(fromOption, "invalid-argument")).toBe(true);
    expect((fromOption as Error).message).toMatch(/^--store takes a postgres:\/\/ or postgresql:\/\/ URL/);
    const fromVariable = caught(() =>
      resolveConfiguredStore({ env: { SKILLBOX_DATABASE_URL: "db.internal" }, home }),
    );
    expect((fromVariable as Error).message).toMatch(/^SKILLBOX_DATABASE_URL takes a postgres:\/\//);
  });

  it("says a URL is malformed, and whether --store, SKILLBOX_DATABASE_URL or the config's store holds it", () => {
    const malformed = "postgres://me:pa/ss@db.internal/skills";
    const fromOption = caught(() => resolveConfiguredStore({ url: malformed, env: {}, home }));
    expect(isSkillboxError(fromOption, "invalid-argument")).toBe(true);
    expect((fromOption as Error).message).toMatch(/^--store is a malformed PostgreSQL URL: /);
    expect((fromOption as Error).message).not.toContain("pa/ss");
    const fromVariable = caught(() =>
      resolveConfiguredStore({ env: { SKILLBOX_DATABASE_URL: malformed }, home }),
    );
    expect((fromVariable as Error).message).toMatch(/^SKILLBOX_DATABASE_URL is a malformed PostgreSQL URL: /);
    writeUserConfig({ store: { url: malformed } });
    const fromConfig = caught(() => resolveConfiguredStore({ env: {}, home }));
    expect(isSkillboxError(fromConfig, "config-error")).toBe(true);
    expect((fromConfig as Error).message).toMatch(
      /^Config key "store" in .* is invalid: url is a malformed PostgreSQL URL: it cannot be read as/,
    );
  });
});
