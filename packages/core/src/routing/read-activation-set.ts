// Activation sets: which skill a user's request should fire, in the formats skill authors already
// keep beside their skills. Pure: text in, cases and diagnostics out; a bad entry is a diagnostic
// with its line, never a throw, so one typo does not hide the rest of a set.

import type { Diagnostic } from "../skills/diagnostic.js";

/**
 * The formats read:
 * - `trigger-evals`: skill-creator's `evals/trigger_eval.json` / `trigger-evals.json`, a JSON array of
 *   `{ "query", "should_trigger" }` for one skill (`prompt` is accepted for `query`);
 * - `skill-creator-evals`: skill-creator's `evals/evals.json`, `{ "skill_name", "evals": [{ "prompt" }] }`,
 *   tasks written for one skill, so each prompt should fire it;
 * - `jsonl`: one `{ "prompt", "expected_skill" }` per line; `expected_skill: ""` (or null) means the
 *   prompt should fire no skill (a negatives file).
 */
export type ActivationSetFormat = "trigger-evals" | "skill-creator-evals" | "jsonl";

/** One labelled request. */
export interface ActivationCase {
  prompt: string;
  /** The skill the prompt should fire; null when it should fire none (or only "not `rejectedSkill`"). */
  expectedSkill: string | null;
  /** For a trigger eval's `should_trigger: false`: the skill this prompt must not fire. */
  rejectedSkill?: string;
  /** A free label carried from the entry's `kind` field (e.g. `direct`, `paraphrase`), for reports. */
  kind?: string;
  /** 1-based line of the entry in the file. */
  line: number;
}

export interface ActivationSet {
  cases: ActivationCase[];
  diagnostics: Diagnostic[];
}

export interface ReadActivationSetOptions {
  /** The file, for diagnostics; default `<activation set>`. */
  path?: string;
  /**
   * The skill a single-skill file is for (`trigger-evals`; for `skill-creator-evals` it overrides
   * `skill_name`), usually the name of the skill folder the file sits in.
   */
  skill?: string;
}

/** Reads one activation set; every entry that cannot be used is reported and skipped. */
export function readActivationSet(
  text: string,
  format: ActivationSetFormat,
  options: ReadActivationSetOptions = {},
): ActivationSet {
  const report = createReporter(options.path ?? "<activation set>");
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const cases =
    format === "jsonl"
      ? readJsonLines(source, report)
      : format === "trigger-evals"
        ? readTriggerEvals(source, options.skill, report)
        : readSkillCreatorEvals(source, options.skill, report);
  return { cases, diagnostics: report.diagnostics };
}

/** The format a file's name and content suggest, or undefined when it is none of them. */
export function detectActivationSetFormat(fileName: string, text: string): ActivationSetFormat | undefined {
  if (/\.jsonl$/i.test(fileName)) return "jsonl";
  const start = text.replace(/^\ufeff/, "").trimStart();
  if (start.startsWith("[")) return "trigger-evals";
  if (start.startsWith("{") && /"evals"\s*:/.test(text)) return "skill-creator-evals";
  return undefined;
}

interface Reporter {
  diagnostics: Diagnostic[];
  add(code: string, message: string, line?: number, column?: number): void;
}

function createReporter(path: string): Reporter {
  const diagnostics: Diagnostic[] = [];
  return {
    diagnostics,
    add(code, message, line, column) {
      const diagnostic: Diagnostic = { severity: "error", code, message, path };
      if (line !== undefined) diagnostic.line = line;
      if (column !== undefined) diagnostic.column = column;
      diagnostics.push(diagnostic);
    },
  };
}

function readJsonLines(text: string, report: Reporter): ActivationCase[] {
  const cases: ActivationCase[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      report.add(
        "activation-json-syntax",
        `line is not JSON (${errorText(error)}); write one {"prompt", "expected_skill"} object per line`,
        line,
        1,
      );
      return;
    }
    if (!isRecord(value)) {
      report.add("activation-entry-shape", 'expected an object {"prompt", "expected_skill"}', line, 1);
      return;
    }
    const prompt = promptOf(value, report, line);
    if (prompt === undefined) return;
    const expected = value.expected_skill;
    if (expected !== undefined && expected !== null && typeof expected !== "string") {
      report.add(
        "activation-expected-skill",
        'expected_skill must be a skill name, or "" for a prompt that should fire no skill',
        line,
        1,
      );
      return;
    }
    if (expected === undefined) {
      report.add(
        "activation-expected-skill",
        'expected_skill is missing; give the skill name, or "" for a prompt that should fire no skill',
        line,
        1,
      );
      return;
    }
    const name = typeof expected === "string" ? expected.trim() : "";
    cases.push(withKind({ prompt, expectedSkill: name === "" ? null : name, line }, value));
  });
  return cases;
}

function readTriggerEvals(text: string, skill: string | undefined, report: Reporter): ActivationCase[] {
  if (skill === undefined || skill.trim() === "") {
    report.add(
      "activation-skill-unknown",
      "trigger evals are for one skill, but which one is not known; keep the file in that skill's folder (evals/trigger_eval.json) or name the skill",
    );
    return [];
  }
  const items = parseJsonArray(text, report, 'a JSON array of {"query", "should_trigger"} objects');
  if (items === undefined) return [];
  const cases: ActivationCase[] = [];
  for (const { value, line } of items) {
    if (!isRecord(value)) {
      report.add("activation-entry-shape", 'expected an object {"query", "should_trigger"}', line);
      continue;
    }
    const prompt = promptOf(value, report, line);
    if (prompt === undefined) continue;
    const shouldTrigger = value.should_trigger;
    if (typeof shouldTrigger !== "boolean") {
      report.add("activation-should-trigger", "should_trigger must be true or false", line);
      continue;
    }
    cases.push(
      withKind(
        shouldTrigger
          ? { prompt, expectedSkill: skill, line }
          : { prompt, expectedSkill: null, rejectedSkill: skill, line },
        value,
      ),
    );
  }
  return cases;
}

function readSkillCreatorEvals(text: string, skill: string | undefined, report: Reporter): ActivationCase[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    report.add("activation-json-syntax", `file is not JSON: ${errorText(error)}`, ...positionOf(text, error));
    return [];
  }
  if (!isRecord(value) || !Array.isArray(value.evals)) {
    report.add("activation-entry-shape", 'expected {"skill_name", "evals": [{"prompt"}]}', 1, 1);
    return [];
  }
  const named = typeof value.skill_name === "string" ? value.skill_name.trim() : "";
  const target = skill?.trim() || named;
  if (target === "") {
    report.add(
      "activation-skill-unknown",
      "the evals name no skill_name and the file is not in a skill folder; add skill_name",
      1,
      1,
    );
    return [];
  }
  const lines = elementLines(text, text.indexOf("[", text.search(/"evals"\s*:/)));
  const cases: ActivationCase[] = [];
  value.evals.forEach((entry: unknown, index: number) => {
    const line = lines[index] ?? 1;
    if (!isRecord(entry)) {
      report.add("activation-entry-shape", 'expected an object with a "prompt"', line);
      return;
    }
    const prompt = promptOf(entry, report, line);
    if (prompt !== undefined) cases.push(withKind({ prompt, expectedSkill: target, line }, entry));
  });
  return cases;
}

/** The prompt of an entry (`prompt`, or skill-creator's `query`), or a diagnostic. */
function promptOf(entry: Record<string, unknown>, report: Reporter, line: number): string | undefined {
  const prompt = entry.prompt ?? entry.query;
  if (typeof prompt !== "string" || prompt.trim() === "") {
    report.add(
      "activation-prompt-missing",
      'each entry needs a non-empty "prompt" (or "query") string',
      line,
    );
    return undefined;
  }
  return prompt;
}

function withKind(item: ActivationCase, entry: Record<string, unknown>): ActivationCase {
  if (typeof entry.kind === "string" && entry.kind !== "") item.kind = entry.kind;
  return item;
}

/** A top-level JSON array's elements with the line each starts on, or undefined after a diagnostic. */
function parseJsonArray(
  text: string,
  report: Reporter,
  expected: string,
): { value: unknown; line: number }[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    report.add("activation-json-syntax", `file is not JSON: ${errorText(error)}`, ...positionOf(text, error));
    return undefined;
  }
  if (!Array.isArray(value)) {
    report.add("activation-entry-shape", `expected ${expected}`, 1, 1);
    return undefined;
  }
  const lines = elementLines(text, text.indexOf("["));
  return value.map((item: unknown, index) => ({ value: item, line: lines[index] ?? 1 }));
}

/**
 * The 1-based line where each element of the array opening at `open` starts. JSON.parse gives no
 * positions, so this walks the text once, minding strings and nesting.
 */
function elementLines(text: string, open: number): number[] {
  const lines: number[] = [];
  if (open < 0) return lines;
  let line = 1;
  for (let index = 0; index < open; index++) if (text.charCodeAt(index) === 10) line++;
  let depth = 0;
  let inString = false;
  let expectElement = true;
  for (let index = open + 1; index < text.length; index++) {
    const char = text[index];
    if (char === "\n") line++;
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === " " || char === "\t" || char === "\r" || char === "\n") continue;
    if (depth === 0 && char === "]") break;
    if (depth === 0 && char === ",") {
      expectElement = true;
      continue;
    }
    if (depth === 0 && expectElement) {
      lines.push(line);
      expectElement = false;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
  }
  return lines;
}

/** Line and column of a JSON.parse error, from the position or the excerpt its message gives. */
function positionOf(text: string, error: unknown): [number, number] | [] {
  const offset = errorOffset(text, errorText(error));
  if (offset === undefined) return [];
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return [line, offset - before.lastIndexOf("\n")];
}

function errorOffset(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message);
  if (position !== null) return Math.min(Number(position[1]), text.length);
  if (/end of JSON input/.test(message)) return text.length;
  // Node 20 words some errors as: Unexpected token '}', ..."{"query": }\n]" is not valid JSON, where
  // the excerpt holds the 10 characters either side of the token, with "..." where it was cut.
  const excerpt = /Unexpected token '(.)', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON/.exec(message);
  if (excerpt === null) return undefined;
  const [, token = "", cut, shown = ""] = excerpt;
  const start = text.indexOf(shown);
  if (start < 0) return undefined;
  return start + (cut === undefined ? Math.max(0, shown.indexOf(token)) : 10);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
