// Layer 2 for the registry: a skill's body read now, with a changed or vanished file folded into the index.

import * as path from "node:path";
import { SkillboxError } from "../../errors.js";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { checkSkillFileLink } from "../discovery/link-policy.js";
import type { LoadSkillEntryOptions, SkillFileEntry } from "../discovery/load-skill-entry.js";
import { errorCodeOf, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import type { SkillContent } from "../skill-registry-types.js";
import { readSkillBody } from "./read-skill-body.js";
import type { ResolvedSkill } from "./resolve-precedence.js";
import type { RecordDiff, SkillIndex } from "./skill-index.js";
import type { SkillRecord } from "./skill-record.js";

/** What loading needs from the registry. */
export interface LoadSkillContentContext {
  index: SkillIndex;
  options: LoadSkillEntryOptions;
  /** Applies a diff caused by the read (events, caches, persistence). */
  publish: (diff: RecordDiff) => void;
  recordForFile: (file: string) => SkillRecord | undefined;
}

/**
 * Reads `found`'s body. A file changed on disk is re-parsed and published first; a missing file
 * is dropped from the index and reported as SkillboxError `skill-not-found`; another read failure
 * is an `io-error`. A skill file that is (or was, while it was read) a link must still lead inside
 * its skill folder, whatever the walk saw: otherwise it is dropped and refused as `path-escape`
 * with the walk's `symlink-outside-skill` finding.
 */
export function loadSkillContent(
  context: LoadSkillContentContext,
  found: ResolvedSkill,
  name: string,
): SkillContent {
  const { entry } = found;
  const { fs } = context.options;
  const refuse = (finding: Diagnostic) => {
    context.publish(context.index.replaceEntry(undefined, entry.file));
    return new SkillboxError("path-escape", `Skill \`${name}\` was not loaded: ${finding.message}`, {
      data: { name, file: entry.file, code: finding.code, diagnostic: finding },
    });
  };
  // The link may have been swapped since the walk: check it now, before anything is read.
  const wasLink = isLink(fs, entry.file);
  const before = wasLink ? checkLinkedSkillFile(fs, entry) : undefined;
  if (before !== undefined) throw refuse(before);
  let read: ReturnType<typeof readSkillBody>;
  try {
    read = readSkillBody(fs, entry, context.options);
  } catch (error) {
    const code = errorCodeOf(error);
    const data = { name, file: entry.file };
    if (code !== "ENOENT" && code !== "ENOTDIR") {
      throw new SkillboxError(
        "io-error",
        `Cannot read ${entry.file} (${code ?? "error"}); check its permissions.`,
        {
          cause: error,
          data,
        },
      );
    }
    context.publish(context.index.replaceEntry(undefined, entry.file));
    throw new SkillboxError(
      "skill-not-found",
      `Skill \`${name}\` is no longer on disk: ${entry.file} was removed or renamed. List the skills again and pick another one.`,
      { data },
    );
  }
  // And again after the read, for a swap between the check and the open: the file read must be the
  // one the link leads to now, inside the folder.
  if (wasLink || isLink(fs, entry.file)) {
    const readInode = read.kind === "changed" ? read.entry.stamp.ino : entry.stamp.ino;
    const after = checkLinkedSkillFile(fs, entry, readInode);
    if (after !== undefined) throw refuse(after);
  }
  if (read.kind === "same")
    return { record: found.record, body: read.body, bodyStartLine: entry.bodyStartLine };
  context.publish(context.index.replaceEntry(read.entry, entry.file));
  const current = context.recordForFile(entry.file);
  if (read.body === undefined || current === undefined) {
    const reason =
      read.entry.diagnostics.find((item) => item.severity === "error")?.message ?? "it can no longer be read";
    throw new SkillboxError("skill-not-found", `Skill \`${name}\` can no longer be loaded: ${reason}.`, {
      data: { name, file: entry.file },
    });
  }
  return { record: current, body: read.body, bodyStartLine: read.entry.bodyStartLine };
}

function isLink(fs: RegistryFileSystem, file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    // Gone or unreadable: the read that follows reports it.
    return false;
  }
}

/**
 * The `symlink-outside-skill` finding when the linked skill file leads out of its folder now, or
 * when the file it leads to is not the one read (`readInode`); undefined when it may be used.
 */
function checkLinkedSkillFile(
  fs: RegistryFileSystem,
  entry: SkillFileEntry,
  readInode?: number,
): Diagnostic | undefined {
  let folder: string;
  try {
    folder = fs.realpathSync(entry.directory);
  } catch {
    folder = entry.directory;
  }
  const refused = checkSkillFileLink(fs, entry.file, folder);
  if (refused?.code === "symlink-outside-skill") return refused;
  // Before the read, a broken link is left to the read, which reports the file as gone; after it,
  // the file read must be the one the link leads to now.
  if (readInode === undefined) return undefined;
  let current: number | undefined;
  try {
    current = fs.statSync(entry.file).ino;
  } catch {
    current = undefined;
  }
  if (current === readInode) return undefined;
  return {
    severity: "error",
    code: "symlink-outside-skill",
    message: `${path.basename(entry.file)} is a link that changed while it was read; it is not used. Load the skill again.`,
    path: entry.file,
  };
}
