// Layer 2 for the registry: a skill's body read now, with a changed or vanished file folded into the index.

import { SkillboxError } from "../errors.js";
import type { LoadSkillEntryOptions } from "./load-skill-entry.js";
import { readSkillBody } from "./read-skill-body.js";
import { errorCodeOf } from "./registry-file-system.js";
import type { ResolvedSkill } from "./resolve-precedence.js";
import type { RecordDiff, SkillIndex } from "./skill-index.js";
import type { SkillRecord } from "./skill-record.js";
import type { SkillContent } from "./skill-registry-types.js";

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
 * is an `io-error`.
 */
export function loadSkillContent(
  context: LoadSkillContentContext,
  found: ResolvedSkill,
  name: string,
): SkillContent {
  const { entry } = found;
  let read: ReturnType<typeof readSkillBody>;
  try {
    read = readSkillBody(context.options.fs, entry, context.options);
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
