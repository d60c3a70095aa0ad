// A skill's namespace: the area of a library it belongs to (a plugin, a vendor's folder, the
// repository it was installed from). Layer 1's map groups skills by it, and search can index it.
// Pure: everything is passed in, nothing is read from disk.

import * as path from "node:path";

/** What a namespace is derived from; only the two paths are required. */
export interface SkillNamespaceInput {
  /** Absolute path of the root the skill was found under. */
  rootPath: string;
  /** Absolute path of the skill's folder. */
  directory: string;
  /** A plugin name (a plugin manifest, or source.json's `plugin`), when the caller knows one. */
  plugin?: string | undefined;
  /** source.json's `repo` (`owner/repo`, a git URL, a folder or archive path), when the caller knows one. */
  sourceRepo?: string | undefined;
}

// Folder names that hold skills without naming an area: a skill under `plugins/x/skills/y` is in
// `x`, one under `skills/y` is in none.
const CONTAINER_FOLDERS = new Set([
  "skills",
  "skill",
  "plugins",
  "plugin",
  "src",
  "packages",
  "agents",
  "claude",
  "codex",
  "github",
]);

/**
 * The skill's namespace, lower-case, or undefined when nothing names one. First a plugin name; then
 * the nearest folder between the root and the skill's own folder that is not a container (`skills`,
 * `plugins`, dot-folders such as `.curated`); then the repository it was installed from (its name,
 * or its owner when the name is a container such as `skills`).
 */
export function skillNamespace(input: SkillNamespaceInput): string | undefined {
  const plugin = normalizeNamespace(input.plugin);
  if (plugin !== undefined) return plugin;
  const fromFolders = namespaceFromFolders(input.rootPath, input.directory);
  if (fromFolders !== undefined) return fromFolders;
  return namespaceFromRepo(input.sourceRepo);
}

/**
 * The first segment of a skill's name (`azure` for `azure-storage`, `pdf` for `pdf`): the shared
 * name prefix skills without a namespace are grouped by.
 */
export function firstNameSegment(name: string): string {
  // A scan rather than a split: Layer 1 calls this for every skill of a large library each turn.
  let start = 0;
  while (start < name.length && isSeparator(name.charCodeAt(start))) start++;
  let end = start;
  while (end < name.length && !isSeparator(name.charCodeAt(end))) end++;
  return (end > start ? name.slice(start, end) : name.trim()).toLowerCase();
}

function isSeparator(code: number): boolean {
  // Whitespace and control characters, `-`, `.`, `/`, `:`, `_`.
  return code <= 32 || code === 45 || code === 46 || code === 47 || code === 58 || code === 95;
}

function namespaceFromFolders(rootPath: string, directory: string): string | undefined {
  const relative = path.relative(rootPath, directory);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  const segments = relative.split(/[\\/]+/u).filter((segment) => segment !== "");
  // The last segment is the skill's own folder; its parents, nearest first, may name its area.
  for (let index = segments.length - 2; index >= 0; index--) {
    const segment = segments[index] as string;
    if (segment.startsWith(".")) continue;
    const namespace = normalizeNamespace(segment);
    if (namespace !== undefined && !CONTAINER_FOLDERS.has(namespace)) return namespace;
  }
  return undefined;
}

function namespaceFromRepo(repo: string | undefined): string | undefined {
  if (repo === undefined) return undefined;
  const parts = repo
    .replace(/\.git$/u, "")
    .split(/[\\/:]+/u)
    .map((part) => normalizeNamespace(part))
    .filter((part): part is string => part !== undefined && !part.includes("."));
  const name = parts.at(-1);
  if (name === undefined) return undefined;
  if (!CONTAINER_FOLDERS.has(name)) return name;
  const owner = parts.at(-2);
  return owner !== undefined && !CONTAINER_FOLDERS.has(owner) ? owner : undefined;
}

function normalizeNamespace(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const normalized = value
    .trim()
    .toLowerCase()
    .replace(/[\s]+/gu, "-")
    // Control characters and markup never belong in a label shown to the model.
    .replace(/[^\p{L}\p{N}._-]+/gu, "");
  return normalized === "" || normalized === "." || normalized === ".." ? undefined : normalized;
}
