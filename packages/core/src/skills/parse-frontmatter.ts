// Turns a SKILL.md text into frontmatter data, the byte-exact body and diagnostics (pure, never throws).
// Strict mode reports structural problems as errors, as the reference does; lenient mode reports them
// as warnings and recovers what it can (an unquoted ": " is quoted, a missing space after a key's
// colon is added, an unclosed block is guessed).
import type { Diagnostic, DiagnosticSeverity } from "./diagnostic.js";
import type { YamlMappingResult, YamlProblem } from "./parse-yaml-mapping.js";
import { DEFAULT_MAX_ALIAS_COUNT, parseYamlMapping } from "./parse-yaml-mapping.js";
import { repairMissingColonSpace } from "./repair-missing-colon-space.js";
import { repairUnquotedColons } from "./repair-unquoted-colons.js";
import { splitFrontmatter } from "./split-frontmatter.js";
import { parseFrontmatterFast } from "./yaml-fast/parse-frontmatter-fast.js";

/** `strict`: spec-exact, every rule an error. `lenient`: the runtime's policy, load what makes sense. */
export type ValidationMode = "strict" | "lenient";

export interface ParseFrontmatterOptions {
  /** Path of the SKILL.md, used in diagnostics. */
  path: string;
  mode?: ValidationMode;
  /** Bound on YAML alias expansion (default 100). */
  maxAliasCount?: number;
}

/** What the frontmatter parser found. */
export interface ParsedFrontmatter {
  /** `ok`: a mapping was read (maybe after a lenient repair); otherwise why there is no data. */
  status: "ok" | "missing" | "unclosed" | "invalid";
  /** The frontmatter mapping, scalars as written; undefined unless `status` is `ok`. */
  data: Record<string, unknown> | undefined;
  /** 1-based file line of each top-level key. */
  keyLines: Map<string, number>;
  body: string;
  /** Offset of the body in the text (the body is always the text's tail). */
  bodyOffset: number;
  bodyStartLine: number;
  hasBom: boolean;
  diagnostics: Diagnostic[];
}

/** Reference wording, kept so tools that match these phrases keep working. */
export const FRONTMATTER_MESSAGES = {
  missing: "SKILL.md must start with YAML frontmatter (---)",
  unclosed: "SKILL.md frontmatter not properly closed with ---",
  invalidYaml: "Invalid YAML in frontmatter:",
  notMapping: "SKILL.md frontmatter must be a YAML mapping",
} as const;

/** Splits and parses the frontmatter of `text` under the given mode. */
export function parseFrontmatter(text: string, options: ParseFrontmatterOptions): ParsedFrontmatter {
  const mode = options.mode ?? "lenient";
  const severity: DiagnosticSeverity = mode === "strict" ? "error" : "warning";
  const maxAliasCount = options.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
  const diagnostic = (code: string, message: string, line: number, column?: number): Diagnostic =>
    column === undefined
      ? { severity, code, message, path: options.path, line }
      : { severity, code, message, path: options.path, line, column };
  const split = splitFrontmatter(text);
  // Built field by field (no spreads): this runs once per skill file of every scan.
  const parsed = (
    status: ParsedFrontmatter["status"],
    data: Record<string, unknown> | undefined,
    keyLines: Map<string, number>,
    diagnostics: Diagnostic[],
  ): ParsedFrontmatter => ({
    status,
    data,
    keyLines,
    body: split.body,
    bodyOffset: split.bodyOffset,
    bodyStartLine: split.bodyStartLine,
    hasBom: split.hasBom,
    diagnostics,
  });

  if (split.kind === "none") {
    const message =
      mode === "strict"
        ? FRONTMATTER_MESSAGES.missing
        : `${FRONTMATTER_MESSAGES.missing}; the whole file is the body`;
    return parsed("missing", undefined, new Map(), [diagnostic("frontmatter-missing", message, 1)]);
  }

  if (split.kind === "unclosed") {
    const guess = mode === "lenient" ? guessUnclosedFrontmatter(split.yaml, maxAliasCount) : undefined;
    if (guess) {
      const lastLine = guess.lastLine;
      const diagnostics = [
        diagnostic(
          "frontmatter-unclosed",
          `${FRONTMATTER_MESSAGES.unclosed}; lines 2-${lastLine} were read as frontmatter (add a --- line after them)`,
          1,
        ),
        ...guess.result.warnings.map((problem) => fromProblem(problem, diagnostic)),
      ];
      const result = parsed("ok", guess.result.data, guess.result.keyLines, diagnostics);
      result.body = split.yaml.slice(guess.bodyOffset);
      result.bodyOffset = split.yamlOffset + guess.bodyOffset;
      result.bodyStartLine = guess.bodyStartLine;
      return result;
    }
    const message =
      mode === "strict"
        ? FRONTMATTER_MESSAGES.unclosed
        : `${FRONTMATTER_MESSAGES.unclosed}; everything after line 1 is the body`;
    return parsed("unclosed", undefined, new Map(), [diagnostic("frontmatter-unclosed", message, 1)]);
  }

  let result = readYamlMapping(split.yaml, split.yamlStartLine, maxAliasCount);
  const diagnostics: Diagnostic[] = [];
  if (result.errors.length > 0 && mode === "lenient") {
    // The two common breakages, which may come together: `key:value` and `key: a: b`.
    const kind = result.errors[0]?.kind;
    const spaced =
      kind === "syntax" || kind === "not-mapping" ? repairMissingColonSpace(split.yaml) : undefined;
    const quoted = kind === "syntax" || spaced ? repairUnquotedColons(spaced?.yaml ?? split.yaml) : undefined;
    const yaml = quoted?.yaml ?? spaced?.yaml;
    const retried =
      yaml === undefined ? undefined : readYamlMapping(yaml, split.yamlStartLine, maxAliasCount);
    if (retried && retried.errors.length === 0) {
      result = retried;
      for (const line of spaced?.lines ?? []) {
        diagnostics.push(
          diagnostic(
            "yaml-missing-colon-space",
            `${FRONTMATTER_MESSAGES.invalidYaml} '${line.key}:' needs a space after the colon to be a key; it was read as '${line.key}: …'`,
            split.yamlStartLine + line.index,
          ),
        );
      }
      for (const line of quoted?.lines ?? []) {
        diagnostics.push(
          diagnostic(
            "yaml-unquoted-colon",
            `${FRONTMATTER_MESSAGES.invalidYaml} the value of '${line.key}' contains ": " and must be quoted; it was read as a quoted string`,
            split.yamlStartLine + line.index,
          ),
        );
      }
      diagnostics.sort((left, right) => (left.line ?? 0) - (right.line ?? 0));
    }
  }
  // Duplicate keys make the YAML invalid: strict mode rejects it as the reference does; lenient
  // mode keeps the last value with a warning.
  if (mode === "strict" && result.errors.length === 0 && result.warnings.length > 0) {
    const duplicates = result.warnings.filter((problem) => problem.kind === "duplicate-key");
    if (duplicates.length > 0) {
      for (const problem of duplicates) diagnostics.push(fromProblem(problem, diagnostic, ""));
      return parsed("invalid", undefined, new Map(), diagnostics);
    }
  }
  if (result.errors.length > 0) {
    const suffix = mode === "lenient" ? " (the frontmatter was ignored)" : "";
    for (const problem of result.errors) diagnostics.push(fromProblem(problem, diagnostic, suffix));
    return parsed("invalid", undefined, new Map(), diagnostics);
  }
  for (const problem of result.warnings) diagnostics.push(fromProblem(problem, diagnostic));
  return parsed("ok", result.data, result.keyLines, diagnostics);
}

// The fast reader's results have no problems; its callers only read these lists.
const NO_PROBLEMS: YamlProblem[] = Object.freeze([]) as unknown as YamlProblem[];

/**
 * The fast reader's mapping when it is sure of the text (about 99% of real frontmatter, read
 * exactly as `yaml` reads it, with no problem to report); the full YAML parser otherwise.
 */
function readYamlMapping(yaml: string, startLine: number, maxAliasCount: number): YamlMappingResult {
  const fast = parseFrontmatterFast(yaml, { lineOffset: startLine });
  if (fast === undefined) return parseYamlMapping(yaml, startLine, maxAliasCount);
  return { data: fast.data, keyLines: fast.keyLines, errors: NO_PROBLEMS, warnings: NO_PROBLEMS };
}

function fromProblem(
  problem: YamlProblem,
  diagnostic: (code: string, message: string, line: number, column?: number) => Diagnostic,
  suffix?: string,
): Diagnostic {
  switch (problem.kind) {
    case "not-mapping":
      return diagnostic(
        "frontmatter-not-mapping",
        `${problem.message}${suffix ?? ""}`,
        problem.line,
        problem.column,
      );
    case "duplicate-key":
      return diagnostic(
        "yaml-duplicate-key",
        `${FRONTMATTER_MESSAGES.invalidYaml} ${problem.message}${suffix ?? "; the last value is used"}`,
        problem.line,
        problem.column,
      );
    case "warning":
      return {
        ...diagnostic("yaml-warning", `YAML warning in frontmatter: ${problem.message}`, problem.line),
        severity: "warning",
        column: problem.column,
      };
    default:
      return diagnostic(
        problem.kind === "alias-limit" ? "yaml-alias-limit" : "yaml-syntax",
        `${FRONTMATTER_MESSAGES.invalidYaml} ${problem.message}${suffix ?? ""}`,
        problem.line,
        problem.column,
      );
  }
}

/** For an unclosed block: the lines up to the first blank line, when they read as a clean mapping. */
function guessUnclosedFrontmatter(
  rest: string,
  maxAliasCount: number,
): { result: YamlMappingResult; bodyOffset: number; bodyStartLine: number; lastLine: number } | undefined {
  const blank = /\n[ \t]*\r?\n/.exec(`\n${rest}`);
  const yamlEnd = blank ? blank.index : rest.length;
  const bodyOffset = blank ? blank.index + blank[0].length - 1 : rest.length;
  const yaml = rest.slice(0, yamlEnd);
  if (yaml.trim() === "") return undefined;
  const result = readYamlMapping(yaml, 2, maxAliasCount);
  if (result.errors.length > 0 || !result.data) return undefined;
  const newlines = yaml.split("\n").length - 1;
  const lastLine = 1 + yaml.replace(/\r?\n$/, "").split("\n").length;
  // the body starts after the frontmatter lines and the blank line that ended them
  return { result, bodyOffset, bodyStartLine: 2 + newlines + (blank ? 1 : 0), lastLine };
}
