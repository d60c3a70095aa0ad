// Gathers the files of one skill folder from a snapshot, enforcing the per-skill caps and turning
// links into plain copies: a symbolic or hard link may only point at a file inside the same skill
// folder; one that leaves it refuses the skill. Nothing is written here.
import { SkillboxError } from "@skillbox/core/errors";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { isInsideFolder, relativeToFolder, resolveLinkTarget } from "./check-entry-path.js";
import { computeContentHash, type SkillFile, SOURCE_MANIFEST_FILE } from "./content-hash.js";
import { formatBytes, type InstallLimits } from "./install-limits.js";
import type { SnapshotEntry, SourceSnapshot } from "./source-snapshot.js";
import { unsafeSource } from "./validate-listing.js";

/** The files to install for one skill, what was left out and why, and their content hash. */
export interface CollectedSkillFiles {
  files: SkillFile[];
  diagnostics: Diagnostic[];
  contentHash: string;
  bytes: number;
}

const MAX_LINK_HOPS = 8;

/** Reads every file below `folder` (`""` = the source root); throws `unsafe-source` or `source-too-large`. */
export async function collectSkillFiles(
  snapshot: SourceSnapshot,
  folder: string,
  limits: InstallLimits,
): Promise<CollectedSkillFiles> {
  const index = new Map(snapshot.entries.map((entry) => [entry.path, entry]));
  const inside = snapshot.entries.filter(
    (entry) => entry.path !== folder && isInsideFolder(entry.path, folder),
  );
  const diagnostics: Diagnostic[] = [];
  const note = (entry: SnapshotEntry, code: string, message: string) =>
    diagnostics.push({ severity: "warning", code, message, path: entry.path });
  const wanted: SnapshotEntry[] = [];
  for (const entry of inside) {
    if (entry.problem !== undefined) {
      throw skillProblem(unsafeSource(snapshot.label, entry.path, entry.problem), folder);
    }
    const relative = relativeToFolder(entry.path, folder);
    if (entry.kind === "directory") continue;
    if (relative === SOURCE_MANIFEST_FILE) {
      note(
        entry,
        "reserved-file",
        "source.json is the installer's manifest; the skill's own copy is left out",
      );
    } else if (entry.kind === "submodule") {
      note(entry, "submodule-skipped", "git submodules are not installed");
    } else wanted.push(entry);
  }
  if (wanted.length > limits.maxSkillFiles) {
    throw tooLargeSkill(snapshot.label, folder, `it has more than ${limits.maxSkillFiles} files`);
  }
  const declared = wanted.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
  if (declared > limits.maxSkillBytes) {
    throw tooLargeSkill(snapshot.label, folder, `it is over ${formatBytes(limits.maxSkillBytes)}`);
  }
  const readable = wanted.filter((entry) => entry.kind === "file" || entry.kind === "symlink");
  const bytes = await snapshot.readFiles(readable.map((entry) => entry.path));
  const files: SkillFile[] = [];
  for (const entry of wanted) {
    const content = resolveContent(entry, { index, bytes, folder, label: snapshot.label, note });
    if (content === undefined) continue;
    files.push({
      path: relativeToFolder(entry.path, folder),
      bytes: content.bytes,
      executable: content.executable,
    });
  }
  const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > limits.maxSkillBytes) {
    throw tooLargeSkill(snapshot.label, folder, `it is over ${formatBytes(limits.maxSkillBytes)}`);
  }
  return { files, diagnostics, contentHash: computeContentHash(files), bytes: total };
}

interface ResolveContext {
  index: Map<string, SnapshotEntry>;
  bytes: Map<string, Uint8Array>;
  folder: string;
  label: string;
  note: (entry: SnapshotEntry, code: string, message: string) => void;
}

/** The bytes to write for one entry, following links inside the skill folder only. */
function resolveContent(
  entry: SnapshotEntry,
  context: ResolveContext,
): { bytes: Uint8Array; executable: boolean } | undefined {
  const { index, bytes, folder, label } = context;
  let current = entry;
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    if (current.kind === "file") {
      const content = bytes.get(current.path);
      if (content === undefined) throw missingBytes(label, current.path);
      return { bytes: content, executable: current.executable };
    }
    let target: string | undefined;
    if (current.kind === "hardlink") target = current.linkTarget;
    else if (current.kind === "symlink") {
      const text = Buffer.from(bytes.get(current.path) ?? new Uint8Array()).toString("utf8");
      target = resolveLinkTarget(current.path, text);
    } else break;
    if (target === undefined || target === folder || !isInsideFolder(target, folder)) {
      throw skillProblem(
        unsafeSource(label, entry.path, `a ${current.kind} points outside the skill folder`),
        folder,
      );
    }
    const next = index.get(target);
    if (next === undefined || next.kind === "directory" || next.kind === "submodule") {
      context.note(
        entry,
        "link-skipped",
        `the link points at ${next ? "a folder" : "nothing"} and is left out`,
      );
      return undefined;
    }
    current = next;
  }
  throw skillProblem(unsafeSource(label, entry.path, "links chain more than 8 times"), folder);
}

/** Marks an error as one skill's problem (the scan lists the skill as not installable) rather than the source's. */
function skillProblem(error: SkillboxError, folder: string): SkillboxError {
  error.data.skillPath = folder;
  return error;
}

function tooLargeSkill(label: string, folder: string, problem: string): SkillboxError {
  return new SkillboxError(
    "source-too-large",
    `The skill at '${folder || "."}' in ${label} cannot be installed: ${problem}.`,
    { data: { source: label, skillPath: folder } },
  );
}

function missingBytes(label: string, entryPath: string): SkillboxError {
  return new SkillboxError("install-error", `Could not read '${entryPath}' from ${label}`, {
    data: { source: label, entry: entryPath },
  });
}
