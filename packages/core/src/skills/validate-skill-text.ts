// Validates one SKILL.md text (pure): strict mode is the spec and the reference validator's verdicts
// and wording, without its bugs; lenient mode is what the runtime loader reports.
import { checkBodySize } from "./check-body-size.js";
import { checkSpecFields } from "./check-spec-fields.js";
import type { Diagnostic } from "./diagnostic.js";
import { loadSkillText } from "./load-skill-text.js";
import type { ValidationMode } from "./parse-frontmatter.js";
import { parseFrontmatter } from "./parse-frontmatter.js";
import { normalizeSkillName } from "./skill-name.js";

export interface ValidateSkillTextOptions {
  /** Path of the SKILL.md, used in diagnostics. */
  path: string;
  /** Folder holding the SKILL.md; the name must match it. */
  directoryName: string;
  mode?: ValidationMode;
  maxBytes?: number;
}

/** The findings for one SKILL.md, the name it declares (if any) and its body. */
export interface SkillTextValidation {
  diagnostics: Diagnostic[];
  /** The normalised `name` (strict), or the name the runtime would use (lenient). */
  name?: string;
  body: string;
  bodyStartLine: number;
}

/** Runs every rule of the mode on `text`; never throws. */
export function validateSkillText(text: string, options: ValidateSkillTextOptions): SkillTextValidation {
  const { path, directoryName } = options;
  if (options.mode !== "strict") {
    const loaded = loadSkillText(text, {
      path,
      directoryName,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
    return {
      diagnostics: loaded.diagnostics,
      ...(loaded.loadable ? { name: loaded.metadata.name } : {}),
      body: loaded.body,
      bodyStartLine: loaded.bodyStartLine,
    };
  }
  if (text.includes("\0")) {
    const message = "SKILL.md contains NUL characters, so it is not text";
    return {
      diagnostics: [{ severity: "error", code: "binary-file", message, path }],
      body: "",
      bodyStartLine: 1,
    };
  }
  const parsed = parseFrontmatter(text, { path, mode: "strict" });
  const result: SkillTextValidation = {
    diagnostics: [...parsed.diagnostics],
    body: parsed.body,
    bodyStartLine: parsed.bodyStartLine,
  };
  if (!parsed.data) return result;
  const name = parsed.data.name;
  if (typeof name === "string" && name.trim() !== "") result.name = normalizeSkillName(name);
  result.diagnostics.push(
    ...checkSpecFields(parsed.data, { path, mode: "strict", directoryName, keyLines: parsed.keyLines }),
    ...checkBodySize(parsed.body, { path, bodyStartLine: parsed.bodyStartLine }),
  );
  return result;
}
