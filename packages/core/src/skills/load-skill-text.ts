// The lenient loader: reads one SKILL.md text the way the runtime does (NOTES' decisions), never throws,
// and always returns usable metadata, falling back to the folder name and the body's first paragraph.
import { Buffer } from "node:buffer";
import { checkBodySize } from "./check-body-size.js";
import { type CheckSpecFieldsOptions, checkSpecFields } from "./check-spec-fields.js";
import type { Diagnostic } from "./diagnostic.js";
import {
  NO_DESCRIPTION,
  NO_EXTRA,
  NO_HOOKS,
  NO_ITEMS,
  normalizeSkillMetadata,
} from "./normalize-skill-metadata.js";
import { parseFrontmatter } from "./parse-frontmatter.js";
import type { LoadedSkillText, SkillMetadata } from "./skill-metadata.js";

/** Default size cap for one SKILL.md: 1 MiB. */
export const DEFAULT_MAX_SKILL_FILE_BYTES = 1024 * 1024;

export interface LoadSkillTextOptions {
  /** Path of the SKILL.md, used in diagnostics. */
  path: string;
  /** Name of the folder holding the SKILL.md; the fallback name. */
  directoryName: string;
  /** Files over this many UTF-8 bytes are skipped (default 1 MiB). */
  maxBytes?: number;
  /** Bound on YAML alias expansion (default 100). */
  maxAliasCount?: number;
}

/** Metadata with every default, named after the folder: what a skipped or empty skill gets. */
export function createDefaultSkillMetadata(name: string): SkillMetadata {
  return {
    name,
    description: NO_DESCRIPTION,
    allowedTools: NO_ITEMS,
    disallowedTools: NO_ITEMS,
    context: "inline",
    disableModelInvocation: false,
    userInvocable: true,
    paths: NO_ITEMS,
    tags: NO_ITEMS,
    arguments: NO_ITEMS,
    hooks: NO_HOOKS,
    extra: NO_EXTRA,
  };
}

/** A result the lenient policy skips: one error diagnostic, `loadable: false`. */
export function createSkippedSkill(directoryName: string, diagnostic: Diagnostic): LoadedSkillText {
  return {
    metadata: createDefaultSkillMetadata(directoryName || "skill"),
    body: "",
    bodyStartLine: 1,
    diagnostics: [diagnostic],
    loadable: false,
  };
}

/** Reads one SKILL.md text leniently: never throws, always returns metadata with defaults. */
export function loadSkillText(text: string, options: LoadSkillTextOptions): LoadedSkillText {
  const { path, directoryName } = options;
  const skip = (code: string, message: string) =>
    createSkippedSkill(directoryName, { severity: "error", code, message, path });
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_SKILL_FILE_BYTES;
  // Cheap bounds first: one UTF-16 unit is 1 to 3 UTF-8 bytes.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && Buffer.byteLength(text, "utf8") > maxBytes)) {
    return skip(
      "file-too-large",
      `SKILL.md is over the ${maxBytes}-byte limit; the skill is skipped (move content to references/)`,
    );
  }
  if (isBlank(text)) {
    return skip(
      "empty-file",
      "SKILL.md is empty; the skill is skipped (add frontmatter with a name and description)",
    );
  }
  if (text.includes("\0")) {
    return skip("binary-file", "SKILL.md contains NUL characters, so it is not text; the skill is skipped");
  }

  const parsed = parseFrontmatter(text, {
    path,
    mode: "lenient",
    ...(options.maxAliasCount === undefined ? {} : { maxAliasCount: options.maxAliasCount }),
  });
  const normalized = normalizeSkillMetadata(parsed.data, {
    path,
    directoryName,
    body: parsed.body,
    keyLines: parsed.keyLines,
  });
  // The parser's array is fresh: findings are appended to it rather than copied.
  const diagnostics = parsed.diagnostics;
  if (parsed.data) {
    const checks: CheckSpecFieldsOptions = {
      path,
      mode: "lenient",
      directoryName,
      keyLines: parsed.keyLines,
    };
    if (normalized.descriptionFallback !== undefined)
      checks.descriptionFallback = normalized.descriptionFallback;
    append(diagnostics, checkSpecFields(parsed.data, checks));
  }
  append(diagnostics, normalized.diagnostics);
  append(diagnostics, checkBodySize(parsed.body, { path, bodyStartLine: parsed.bodyStartLine }));
  return {
    metadata: normalized.metadata,
    body: parsed.body,
    bodyStartLine: parsed.bodyStartLine,
    bodyOffset: parsed.bodyOffset,
    diagnostics,
    loadable: true,
  };
}

/** True for a text of whitespace only (a lone BOM included), without trimming a copy of it. */
function isBlank(text: string): boolean {
  return !NON_BLANK.test(text);
}

// What String.prototype.trim keeps: anything but white space and line terminators (the BOM is white space).
const NON_BLANK = /[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

function append(target: Diagnostic[], items: readonly Diagnostic[]): void {
  for (const item of items) target.push(item);
}
