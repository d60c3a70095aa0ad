// The lenient loader's entry point for raw file contents: skips empty, oversized, binary and
// non-UTF-8 files with one error diagnostic, then reads the text (pure, never throws).

import { Buffer, isAscii } from "node:buffer";
import type { LoadSkillTextOptions } from "../../skills/load-skill-text.js";
import {
  createSkippedSkill,
  DEFAULT_MAX_SKILL_FILE_BYTES,
  loadSkillText,
} from "../../skills/load-skill-text.js";
import type { LoadedSkillText } from "../../skills/skill-metadata.js";

// Compiled once: `fatal` makes invalid UTF-8 throw instead of turning into U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });
const BINARY = {
  code: "binary-file",
  message: "SKILL.md contains NUL bytes, so it is not text; the skill is skipped",
} as const;

/** Decodes a SKILL.md strictly as UTF-8 and loads it leniently; unusable files come back `loadable: false`. */
export function loadSkillBytes(bytes: Uint8Array, options: LoadSkillTextOptions): LoadedSkillText {
  const text = decodeSkillBytes(bytes, options.maxBytes);
  if (typeof text !== "string") {
    return createSkippedSkill(options.directoryName, { ...text, severity: "error", path: options.path });
  }
  return loadSkillText(text, options);
}

/** The text of a SKILL.md, or why it is not usable text (code and message). */
export function decodeSkillBytes(
  bytes: Uint8Array,
  maxBytes = DEFAULT_MAX_SKILL_FILE_BYTES,
): string | { code: string; message: string } {
  if (bytes.length === 0) {
    return {
      code: "empty-file",
      message: "SKILL.md is empty; the skill is skipped (add frontmatter with a name and description)",
    };
  }
  if (bytes.length > maxBytes) {
    return {
      code: "file-too-large",
      message: `SKILL.md is ${bytes.length} bytes, over the ${maxBytes}-byte limit; the skill is skipped (move content to references/)`,
    };
  }
  // Most skill files are plain ASCII: checked in one native pass, decoded by a plain copy.
  if (isAscii(bytes)) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
    return text.includes("\0") ? BINARY : text;
  }
  if (bytes.includes(0)) return BINARY;
  try {
    return utf8.decode(bytes);
  } catch {
    // The decoder's own message names no position; ours says what to do.
    return {
      code: "not-utf8",
      message: "SKILL.md is not valid UTF-8 text; the skill is skipped (save it as UTF-8)",
    };
  }
}
