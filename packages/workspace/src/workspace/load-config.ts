// Reads and merges the config files (user `~/.skillbox/config.json`, then project `.skillbox/config.json`
// from the git root down to the working folder); bad files and fields become diagnostics, never throws.

import { existsSync, readFileSync, realpathSync } from "node:fs";
import * as path from "node:path";
import { normalizeHookConfig } from "@skillbox/core/agent/hooks/normalize-hook-config";
import { isInside } from "@skillbox/core/registry/discovery/link-policy";
import { listProjectFolders } from "@skillbox/core/registry/discovery/skill-roots";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { z } from "zod";
import { confineProjectRoots, findRealPath } from "./confine-project-roots.js";
import { loadConfigFieldSchemas } from "./load-config-field-schemas.js";
import { CONFIG_KEYS, isConfigKey, readValidConfigField } from "./read-valid-config-field.js";
import { userConfigPath } from "./resolve-configured-store.js";
import type { SkillboxConfig } from "./workspace.js";

/** Where config files are looked for. */
export interface LoadConfigOptions {
  cwd: string;
  home: string;
  /** Existence check (finds the git root and the files); default `fs.existsSync`. */
  exists?: (target: string) => boolean;
  /** Reads a file as UTF-8; default `fs.readFileSync`. */
  readFile?: (target: string) => string;
  /** Resolves links (project roots must stay in the project); default `fs.realpathSync`. */
  realpath?: (target: string) => string;
}

/** The merged config, the files it came from (lowest precedence first) and the findings. */
export interface LoadedConfig {
  config: SkillboxConfig;
  files: string[];
  diagnostics: Diagnostic[];
}

const USER_ONLY_KEYS = ["trustedSymlinkTargets", "trustedProjects", "store"] as const;

/**
 * Reads the user file, then each project's `.skillbox/config.json` from the git root down to `cwd`
 * (nearer files win). Relative `roots`/`extraRoots` resolve against the folder holding `.skillbox`
 * (the home folder for the user file) and `~/` against `home`; the result holds absolute paths.
 * A project file's roots must stay inside the project (see confineProjectRoots).
 */
export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const exists = options.exists ?? existsSync;
  const readFile = options.readFile ?? ((target: string) => readFileSync(target, "utf8"));
  const home = path.resolve(options.home);
  const candidates = [{ file: userConfigPath(home), base: home }];
  const projectFolders = listProjectFolders(path.resolve(options.cwd), exists).reverse();
  const projectRoot = projectFolders[0] ?? path.resolve(options.cwd);
  const realpath = options.realpath ?? realpathSync;
  let userConfig: SkillboxConfig = {};
  for (const folder of projectFolders) {
    // The home folder's .skillbox is the user config, read once above.
    if (folder === home) continue;
    candidates.push({ file: path.join(folder, ".skillbox", "config.json"), base: folder });
  }
  let config: SkillboxConfig = {};
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const candidate of candidates) {
    if (!exists(candidate.file)) continue;
    const parsed = readConfigFile(candidate.file, candidate.base, home, readFile, diagnostics);
    if (parsed === undefined) continue;
    if (candidate.base === home) userConfig = parsed;
    else {
      const userFile = userConfigPath(home);
      const options = { file: candidate.file, projectRoot, user: userConfig, userFile, realpath };
      diagnostics.push(...confineProjectRoots(parsed, options));
      diagnostics.push(...holdUntrustedKeys(parsed, candidate, userConfig, realpath));
    }
    files.push(candidate.file);
    config = mergeConfigs(config, parsed);
  }
  return { config, files, diagnostics };
}

/** Parses one config text leniently; `base` is the folder relative roots resolve against. */
export function parseConfigText(
  text: string,
  source: { file: string; base: string; home: string },
): { config: SkillboxConfig | undefined; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    diagnostics.push({
      severity: "error",
      code: "config-invalid-json",
      message: `The config file is not valid JSON (${error instanceof Error ? error.message : String(error)}); it is ignored until fixed.`,
      path: source.file,
    });
    return { config: undefined, diagnostics };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    diagnostics.push({
      severity: "error",
      code: "config-not-object",
      message: "The config file must hold a JSON object; it is ignored until fixed.",
      path: source.file,
    });
    return { config: undefined, diagnostics };
  }
  const config: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!isConfigKey(key)) {
      diagnostics.push({
        severity: "warning",
        code: "config-unknown-key",
        message: `Unknown config key "${key}" is ignored; known keys: ${CONFIG_KEYS.join(", ")}.`,
        path: source.file,
      });
      continue;
    }
    if (key === "hooks") {
      // One bad hook entry is dropped on its own: the valid ones (in either shape) still run.
      const { hooks, problems } = normalizeHookConfig(field);
      for (const problem of problems) {
        diagnostics.push({
          severity: "warning",
          code: problem.at === "" ? "config-invalid-field" : "config-invalid-hook",
          message:
            problem.at === ""
              ? `Config field "hooks" is invalid (${problem.message}); it is ignored. See docs/hooks.md.`
              : `Hook hooks.${problem.at} is invalid (${problem.message}); it is ignored, the other hooks still apply. See docs/hooks.md.`,
          path: source.file,
        });
      }
      if (hooks !== undefined) config.hooks = hooks;
      continue;
    }
    // A valid field passes a plain check; zod (loaded on first need) judges and words the rest.
    const valid = readValidConfigField(key, field);
    if (valid !== undefined) {
      config[key] = valid.value;
      continue;
    }
    const checked = (loadConfigFieldSchemas().configFieldSchemas[key] as z.ZodType).safeParse(field);
    if (!checked.success) {
      const problem = checked.error.issues
        .map((issue) => `${[key, ...issue.path].join(".")}: ${issue.message}`)
        .join("; ");
      diagnostics.push({
        severity: "warning",
        code: "config-invalid-field",
        message: `Config field "${key}" is invalid (${problem}); it is ignored.`,
        path: source.file,
      });
      continue;
    }
    config[key] = checked.data;
  }
  const typed = config as SkillboxConfig;
  const resolveRoot = (entry: string) => resolveConfigPath(entry, source.base, source.home);
  if (typed.roots !== undefined) typed.roots = typed.roots.map(resolveRoot);
  if (typed.extraRoots !== undefined) typed.extraRoots = typed.extraRoots.map(resolveRoot);
  // A project's config comes with the repository: it must not widen where discovery may follow
  // links, nor send this machine's usage, states and audit log to a database of its choosing.
  for (const key of USER_ONLY_KEYS) {
    if (typed[key] === undefined || source.base === source.home) continue;
    diagnostics.push({
      severity: "warning",
      code: "config-user-only-key",
      message: `Config key "${key}" is read only from ${userConfigPath(source.home)}; it is ignored here.`,
      path: source.file,
    });
    delete typed[key];
  }
  if (typed.trustedSymlinkTargets !== undefined)
    typed.trustedSymlinkTargets = typed.trustedSymlinkTargets.map(resolveRoot);
  if (typed.trustedProjects !== undefined) typed.trustedProjects = typed.trustedProjects.map(resolveRoot);
  return { config: typed, diagnostics };
}

/**
 * Drops what a project config may hold only for a project the user trusts: `mcpServers` (stdio
 * servers are commands started by list, run, chat and serve), `hooks` (commands run on agent
 * events), `baseUrl` (where the provider's API key is sent), `embeddings` (where requests and an
 * embeddings key are sent) and `permissions.allow` (its `deny` and
 * `ask` only narrow, so they stay). A cloned repository must not run code or read the key by
 * being opened. One warning per dropped key says how to trust the project.
 */
function holdUntrustedKeys(
  config: SkillboxConfig,
  source: { file: string; base: string },
  user: SkillboxConfig,
  realpath: (target: string) => string,
): Diagnostic[] {
  const held: string[] = [];
  if (config.mcpServers !== undefined && Object.keys(config.mcpServers).length > 0) held.push("mcpServers");
  if (config.hooks !== undefined && Object.keys(config.hooks).length > 0) held.push("hooks");
  if (config.baseUrl !== undefined) held.push("baseUrl");
  if (config.embeddings !== undefined) held.push("embeddings");
  if ((config.permissions?.allow ?? []).length > 0) held.push("permissions.allow");
  if (held.length === 0 || isTrustedProject(source.base, user.trustedProjects ?? [], realpath)) return [];
  delete config.mcpServers;
  delete config.hooks;
  delete config.baseUrl;
  delete config.embeddings;
  if (config.permissions !== undefined) delete config.permissions.allow;
  return held.map((key) => ({
    severity: "warning" as const,
    code: "config-untrusted-project-key",
    message: `Config key "${key}" in this project's config is ignored: it can run commands or send your API key elsewhere, and ${source.base} is not a trusted project. To use it, add "${source.base}" to trustedProjects in the user config (~/.skillbox/config.json).`,
    path: source.file,
  }));
}

function isTrustedProject(
  base: string,
  trusted: readonly string[],
  realpath: (target: string) => string,
): boolean {
  const project = findRealPath(base, realpath);
  return trusted.some((entry) => isInside(project, findRealPath(entry, realpath)));
}

/**
 * `later` over `earlier`: scalars and `roots` are replaced; `models`, `prompt` and `server` merge
 * key by key; `extraRoots`, permission lists and hooks per event put `later`'s entries first.
 */
export function mergeConfigs(earlier: SkillboxConfig, later: SkillboxConfig): SkillboxConfig {
  const merged: SkillboxConfig = { ...earlier, ...later };
  if (earlier.models || later.models) merged.models = { ...earlier.models, ...later.models };
  if (earlier.prompt || later.prompt) merged.prompt = { ...earlier.prompt, ...later.prompt };
  if (earlier.server || later.server) merged.server = { ...earlier.server, ...later.server };
  if (earlier.extraRoots || later.extraRoots) {
    merged.extraRoots = [...(later.extraRoots ?? []), ...(earlier.extraRoots ?? [])];
  }
  if (earlier.permissions || later.permissions) {
    const permissions: NonNullable<SkillboxConfig["permissions"]> = {};
    for (const kind of ["allow", "ask", "deny"] as const) {
      const rules = [...(later.permissions?.[kind] ?? []), ...(earlier.permissions?.[kind] ?? [])];
      if (rules.length > 0) permissions[kind] = [...new Set(rules)];
    }
    merged.permissions = permissions;
  }
  if (earlier.hooks || later.hooks) {
    const hooks: NonNullable<SkillboxConfig["hooks"]> = { ...earlier.hooks };
    for (const [event, entries] of Object.entries(later.hooks ?? {})) {
      hooks[event] = [...entries, ...(hooks[event] ?? [])];
    }
    merged.hooks = hooks;
  }
  return merged;
}

function readConfigFile(
  file: string,
  base: string,
  home: string,
  readFile: (target: string) => string,
  diagnostics: Diagnostic[],
): SkillboxConfig | undefined {
  let text: string;
  try {
    text = readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    diagnostics.push({
      severity: "error",
      code: "config-unreadable",
      message: `The config file cannot be read (${code}); check its permissions. It is ignored.`,
      path: file,
    });
    return undefined;
  }
  const parsed = parseConfigText(text, { file, base, home });
  diagnostics.push(...parsed.diagnostics);
  return parsed.config;
}

function resolveConfigPath(entry: string, base: string, home: string): string {
  if (entry === "~") return home;
  if (entry.startsWith("~/") || entry.startsWith("~\\")) return path.join(home, entry.slice(2));
  return path.resolve(base, entry);
}
