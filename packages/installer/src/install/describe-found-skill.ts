// Everything `add` shows about one skill folder before installing it: the install name (checked),
// description, diagnostics, size, scripts, allowed-tools, hooks, and the files themselves.
import { posix } from "node:path";
import { isSkillboxError } from "@skillbox/core/errors";
import { loadSkillBytes } from "@skillbox/core/registry/files/load-skill-bytes";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { parseFrontmatter } from "@skillbox/core/skills/parse-frontmatter";
import type { SkillContext } from "@skillbox/core/skills/skill-metadata";
import { checkInstallName } from "./check-install-name.js";
import { collectSkillFiles } from "./collect-skill-files.js";
import type { SkillFile } from "./content-hash.js";
import type { SkillFolder } from "./find-skill-folders.js";
import type { InstallLimits } from "./install-limits.js";
import type { SourceSnapshot } from "./source-snapshot.js";

/** One skill found in a source. `installable` is false when any error diagnostic blocks it. */
export interface FoundSkill {
  name: string;
  installable: boolean;
  /** The folder inside the source (`""` = its root). */
  skillPath: string;
  description: string;
  plugin?: string;
  diagnostics: Diagnostic[];
  bytes: number;
  fileCount: number;
  /** Files under `scripts/` or with the executable bit. */
  scripts: string[];
  allowedTools: string[];
  /** Hook event names the skill registers. */
  hooks: string[];
  context: SkillContext;
  treeSha?: string;
  contentHash?: string;
  /** The bytes to install (absent when the skill cannot be installed). */
  files?: SkillFile[];
}

/** Reads and checks one skill folder; problems become diagnostics, never exceptions (except I/O). */
export async function describeFoundSkill(
  snapshot: SourceSnapshot,
  candidate: SkillFolder,
  rootName: string,
  limits: InstallLimits,
): Promise<FoundSkill> {
  const { folder, skillFile } = candidate;
  const directoryName = folder === "" ? rootName : posix.basename(folder);
  const diagnostics: Diagnostic[] = [];
  const error = (code: string, message: string) =>
    diagnostics.push({ severity: "error", code, message, path: skillFile });
  let files: SkillFile[] | undefined;
  let bytes = 0;
  let contentHash: string | undefined;
  try {
    const collected = await collectSkillFiles(snapshot, folder, limits);
    ({ files, bytes, contentHash } = collected);
    diagnostics.push(...collected.diagnostics);
  } catch (cause) {
    // Only a problem of this skill (a link leaving it, its size) is a diagnostic; a bad source is thrown.
    if (!isSkillboxError(cause) || cause.data.skillPath === undefined) throw cause;
    error(cause.code, cause.message);
  }
  const relativeSkillFile = folder === "" ? skillFile : skillFile.slice(folder.length + 1);
  const skillBytes =
    files === undefined
      ? await readSkillFileAlone(snapshot, skillFile, limits)
      : (files.find((file) => file.path === relativeSkillFile)?.bytes ?? new Uint8Array());
  const loaded = loadSkillBytes(skillBytes ?? new Uint8Array(), { path: skillFile, directoryName });
  // A refused skill whose SKILL.md cannot be read on its own is not "empty": its refusal says it all.
  if (skillBytes !== undefined) diagnostics.push(...loaded.diagnostics);
  const text = Buffer.from(skillBytes ?? new Uint8Array()).toString("utf8");
  const rawName = parseFrontmatter(text, { path: skillFile }).data?.name;
  const named = typeof rawName === "string" && rawName.trim() !== "";
  const nameCheck = named
    ? checkInstallName(rawName, "frontmatter")
    : checkInstallName(directoryName, "folder");
  if (!nameCheck.ok) error("invalid-install-name", `${nameCheck.reason}; nothing of this skill is installed`);
  const metadata = loaded.metadata;
  const scripts = (files ?? [])
    .filter((file) => file.path.startsWith("scripts/") || file.executable)
    .map((file) => file.path);
  const treeSha = snapshot.treeSha(folder);
  const installable =
    loaded.loadable && files !== undefined && !diagnostics.some((item) => item.severity === "error");
  return {
    name: nameCheck.name,
    installable,
    skillPath: folder,
    description: metadata.description,
    diagnostics,
    bytes,
    fileCount: files?.length ?? 0,
    scripts,
    allowedTools: metadata.allowedTools,
    hooks: Object.keys(metadata.hooks).sort(),
    context: metadata.context,
    ...(treeSha ? { treeSha } : {}),
    ...(contentHash ? { contentHash } : {}),
    ...(installable && files ? { files } : {}),
  };
}

/**
 * SKILL.md of a skill whose files were refused (a link leaving it, its size), read alone so the
 * listing still shows its name and description; undefined when it is no plain file or too large.
 */
async function readSkillFileAlone(
  snapshot: SourceSnapshot,
  skillFile: string,
  limits: InstallLimits,
): Promise<Uint8Array | undefined> {
  const entry = snapshot.entries.find((item) => item.path === skillFile);
  if (entry?.kind !== "file" || entry.problem !== undefined) return undefined;
  if ((entry.size ?? 0) > limits.maxSkillBytes) return undefined;
  try {
    const bytes = (await snapshot.readFiles([skillFile])).get(skillFile);
    return bytes !== undefined && bytes.length <= limits.maxSkillBytes ? bytes : undefined;
  } catch {
    return undefined;
  }
}
