// Skill roots: where skills are looked for, in precedence order (highest first), with readable labels.

import { existsSync } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { errorCodeOf, type RegistryFileSystem } from "./registry-file-system.js";

/** Where a root comes from; decides its default label and its place in the precedence order. */
export type SkillRootScope = "project" | "user" | "skillbox" | "bundled" | "custom";

/** One folder that skills are discovered under. Earlier roots in a list win name collisions. */
export interface SkillRoot {
  /** Unique, readable; qualifies shadowed names as `<label>:<name>`. */
  label: string;
  /** Absolute path of the folder. */
  path: string;
  scope: SkillRootScope;
}

/** What the default root list is built from. Every input is passed in: nothing is read from the process. */
export interface ResolveDefaultRootsOptions {
  /** The working folder; project roots are looked for here and in each parent up to the git root. */
  cwd: string;
  /** The user's home folder. */
  home: string;
  /** Folder of the skills shipped with Skillbox, lowest precedence; omitted when undefined. */
  bundledDirectory?: string;
  /** Environment variables; `SKILLBOX_SKILLS_PATH` adds roots (path-delimiter separated). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Configuration; `roots` adds roots (relative paths resolve against `cwd`). */
  config?: { roots?: readonly string[] };
  /** Explicit folders (`--dir`): when non-empty they REPLACE every default root. */
  directories?: readonly string[];
  /** Existence check used to find the git root; default `fs.existsSync`. */
  exists?: (path: string) => boolean;
  /** Path separator for `SKILLBOX_SKILLS_PATH`; default `path.delimiter`. */
  delimiter?: string;
}

/**
 * The dot folders whose `skills` folder discovery reads (`<project>/.agents/skills`,
 * `<project>/.claude/skills`, `~/.skillbox/skills`; see resolveDefaultRoots). A walk enters them
 * though it skips other dot folders, so `validate <repo>` and `list --dir <repo>` find those skills;
 * inside one, only its `skills` folder is walked.
 */
export const SKILL_FOLDER_PARENTS: ReadonlySet<string> = new Set([".agents", ".claude", ".skillbox"]);

/** The folder inside each of SKILL_FOLDER_PARENTS that holds skills. */
export const SKILLS_FOLDER_NAME = "skills";

/** The environment variable that adds skill roots. */
export const SKILLS_PATH_VARIABLE = "SKILLBOX_SKILLS_PATH";

/**
 * The root list, highest precedence first: project `.agents/skills` and `.claude/skills` in `cwd`
 * and each parent up to the git root (only `cwd` outside a repository); then roots from the
 * environment and the configuration; then `~/.agents/skills`, `~/.claude/skills`,
 * `~/.skillbox/skills` and the bundled skills. Explicit `directories` replace all of that.
 * Pure apart from the existence checks that find the git root; nothing is created here.
 */
export function resolveDefaultRoots(options: ResolveDefaultRootsOptions): SkillRoot[] {
  const cwd = path.resolve(options.cwd);
  const resolveEntry = (entry: string) => path.resolve(cwd, entry);
  const explicit = (options.directories ?? []).filter((entry) => entry.trim() !== "");
  if (explicit.length > 0) {
    return finishRoots(explicit.map((entry) => ({ path: resolveEntry(entry), scope: "custom" as const })));
  }
  const candidates: Array<{ path: string; scope: SkillRootScope; label?: string }> = [];
  for (const folder of listProjectFolders(cwd, options.exists ?? existsSync)) {
    const relative = path.relative(cwd, folder).split(path.sep).join("/");
    const prefix = relative === "" ? "project" : `project:${relative}`;
    candidates.push({ path: path.join(folder, ".agents", "skills"), scope: "project", label: prefix });
    const claudeLabel = relative === "" ? "project:.claude" : `project:${relative}/.claude`;
    candidates.push({ path: path.join(folder, ".claude", "skills"), scope: "project", label: claudeLabel });
  }
  const fromEnv = splitSearchPath(options.env?.[SKILLS_PATH_VARIABLE], options.delimiter ?? path.delimiter);
  for (const entry of [...fromEnv, ...(options.config?.roots ?? [])]) {
    if (entry.trim() !== "") candidates.push({ path: resolveEntry(entry), scope: "custom" });
  }
  const home = path.resolve(options.home);
  candidates.push({ path: path.join(home, ".agents", "skills"), scope: "user", label: "user" });
  candidates.push({ path: path.join(home, ".claude", "skills"), scope: "user", label: "user:.claude" });
  candidates.push({ path: path.join(home, ".skillbox", "skills"), scope: "skillbox", label: "skillbox" });
  if (options.bundledDirectory !== undefined) {
    candidates.push({ path: path.resolve(options.bundledDirectory), scope: "bundled", label: "bundled" });
  }
  return finishRoots(candidates);
}

/** `cwd` and each parent up to the folder holding `.git`; only `cwd` when there is no repository. */
export function listProjectFolders(cwd: string, exists: (path: string) => boolean = existsSync): string[] {
  const folders: string[] = [];
  let current = path.resolve(cwd);
  for (;;) {
    folders.push(current);
    if (exists(path.join(current, ".git"))) return folders;
    const parent = path.dirname(current);
    if (parent === current) return [path.resolve(cwd)];
    current = parent;
  }
}

/**
 * Drops repeated paths (the first, higher root keeps them) and gives every root a unique label:
 * custom roots are labelled by their folder name, then `-2`, `-3` … when a label is taken.
 */
export function finishRoots(
  candidates: ReadonlyArray<{ path: string; scope: SkillRootScope; label?: string }>,
): SkillRoot[] {
  const seenPaths = new Set<string>();
  const usedLabels = new Set<string>();
  const roots: SkillRoot[] = [];
  for (const candidate of candidates) {
    const rootPath = path.resolve(candidate.path);
    if (seenPaths.has(rootPath)) continue;
    seenPaths.add(rootPath);
    const base = candidate.label ?? (path.basename(rootPath) || "root");
    let label = base;
    for (let suffix = 2; usedLabels.has(label); suffix++) label = `${base}-${suffix}`;
    usedLabels.add(label);
    roots.push({ label, path: rootPath, scope: candidate.scope });
  }
  return roots;
}

/** Splits a search-path string (like `PATH`) into its non-empty entries. */
export function splitSearchPath(value: string | undefined, delimiter: string = path.delimiter): string[] {
  if (value === undefined) return [];
  return value
    .split(delimiter)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * Creates the `skillbox` root when it is missing, as the Chatbox design does for its own folder.
 * Returns a warning instead of throwing when the folder cannot be created.
 */
export function ensureSkillboxRoots(roots: readonly SkillRoot[], fs: RegistryFileSystem): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const root of roots) {
    if (root.scope !== "skillbox") continue;
    try {
      fs.mkdirSync(root.path, { recursive: true });
    } catch (error) {
      diagnostics.push({
        severity: "warning",
        code: "root-not-created",
        message: `Could not create the skills folder (${errorCodeOf(error) ?? "error"}); create it by hand to add your own skills there.`,
        path: root.path,
      });
    }
  }
  return diagnostics;
}
