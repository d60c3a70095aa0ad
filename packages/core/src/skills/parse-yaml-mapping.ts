// Parses frontmatter YAML into plain data with every scalar kept as written (failsafe schema), and
// collects its problems with positions in the SKILL.md file instead of throwing (pure).

import type * as Yaml from "yaml";
import type { Node } from "yaml";
import { parseSimpleYaml } from "./parse-simple-yaml.js";

// Most frontmatter takes the simple path; `yaml` is loaded only when a file needs it, which keeps
// it off every CLI start-up (about 60 ms of imports). A plain require() where there is one, so a
// user's bundler (esbuild, webpack) follows it and bundles yaml; Node's ES modules have none.
let yamlModule: typeof Yaml | undefined;
function loadYaml(): typeof Yaml {
  yamlModule ??= (
    typeof require === "function"
      ? require("yaml")
      : process.getBuiltinModule("node:module").createRequire(import.meta.url)("yaml")
  ) as typeof Yaml;
  return yamlModule;
}

/** One problem found while reading the YAML, positioned in the SKILL.md file (1-based). */
export interface YamlProblem {
  kind: "syntax" | "alias-limit" | "duplicate-key" | "not-mapping" | "warning";
  message: string;
  line: number;
  column: number;
}

/** The YAML read as data: a mapping (or not), its top-level key lines, and every problem. */
export interface YamlMappingResult {
  /** The mapping, with scalars as strings; undefined when the YAML is not a mapping or has errors. */
  data: Record<string, unknown> | undefined;
  /** 1-based line in the file of each top-level key. */
  keyLines: Map<string, number>;
  /** Syntax errors, alias-limit and not-a-mapping findings (the data is unusable when any exists). */
  errors: YamlProblem[];
  /** Duplicate keys and parser warnings (the data is still usable). */
  warnings: YamlProblem[];
}

/** Default for `maxAliasCount`: enough for real documents, far too few for a billion-laughs blow-up. */
export const DEFAULT_MAX_ALIAS_COUNT = 100;

const MAX_REPORTED_ERRORS = 3;

/** Reads `yaml` (which starts at file line `startLine`) as a mapping; never throws. */
export function parseYamlMapping(
  yaml: string,
  startLine: number,
  maxAliasCount = DEFAULT_MAX_ALIAS_COUNT,
): YamlMappingResult {
  const simple = parseSimpleYaml(yaml);
  if (simple) {
    const lines = new Map<string, number>();
    for (const [key, index] of simple.keyLines) lines.set(key, index + startLine);
    return { data: simple.data, keyLines: lines, errors: [], warnings: [] };
  }
  const keyLines = new Map<string, number>();
  const errors: YamlProblem[] = [];
  const warnings: YamlProblem[] = [];
  let yamlParser: typeof Yaml;
  try {
    yamlParser = loadYaml();
  } catch (error) {
    // A bundle that left the yaml package out (or cannot load it): this file's YAML goes unread,
    // the others are unaffected ("never throws").
    const reason = error instanceof Error ? error.message : String(error);
    const message = `This frontmatter needs the full YAML parser (the yaml package), which could not be loaded (${reason}); bundle or install yaml, or write the frontmatter as plain key: value lines`;
    return {
      data: undefined,
      keyLines,
      errors: [{ kind: "syntax", message, line: startLine, column: 1 }],
      warnings,
    };
  }
  const { isMap, isScalar, LineCounter, parseDocument } = yamlParser;
  const lineCounter = new LineCounter();
  const position = (offset: number | undefined) => {
    const found = lineCounter.linePos(Math.max(0, Math.min(offset ?? 0, yaml.length)));
    return { line: found.line + startLine - 1, column: found.col };
  };
  // The parser builds an Error per problem; their stack traces are never shown and cost most of the
  // time on broken input, so they are switched off for the (synchronous) parse.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const document = parseDocument(yaml, {
      schema: "failsafe",
      uniqueKeys: false,
      prettyErrors: false,
      // The library would print process warnings (e.g. collection keys); findings go in diagnostics.
      logLevel: "error",
      lineCounter,
    });
    for (const error of document.errors.slice(0, MAX_REPORTED_ERRORS)) {
      errors.push({ kind: "syntax", message: firstLine(error.message), ...position(error.pos[0]) });
    }
    for (const warning of document.warnings) {
      warnings.push({ kind: "warning", message: firstLine(warning.message), ...position(warning.pos[0]) });
    }
    if (errors.length > 0) return { data: undefined, keyLines, errors, warnings };
    const contents = document.contents;
    if (!isMap(contents)) {
      const at = position((contents as Node | null)?.range?.[0] ?? 0);
      errors.push({ kind: "not-mapping", message: "SKILL.md frontmatter must be a YAML mapping", ...at });
      return { data: undefined, keyLines, errors, warnings };
    }
    for (const pair of contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const offset = (pair.key as Node | null)?.range?.[0];
      if (!keyLines.has(key)) keyLines.set(key, position(offset).line);
    }
    collectDuplicateKeys(contents, position, warnings, 0);
    let data: unknown;
    try {
      data = document.toJS({ maxAliasCount });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      errors.push({ kind: "alias-limit", message: firstLine(message), line: startLine, column: 1 });
      return { data: undefined, keyLines, errors, warnings };
    }
    return { data: toRecord(data), keyLines, errors, warnings };
  } catch (error) {
    // The parser can overflow the stack on absurdly deep nesting; that is bad content, not a crash.
    const message = error instanceof Error ? error.message : String(error);
    errors.push({ kind: "syntax", message: firstLine(message), line: startLine, column: 1 });
    return { data: undefined, keyLines, errors, warnings };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function collectDuplicateKeys(
  node: unknown,
  position: (offset: number | undefined) => { line: number; column: number },
  warnings: YamlProblem[],
  depth: number,
): void {
  // Deeper nesting than this is not frontmatter anyone writes; the walk stays bounded.
  if (depth > 64) return;
  const { isMap, isScalar, isSeq } = loadYaml();
  if (isSeq(node)) {
    for (const item of node.items) collectDuplicateKeys(item, position, warnings, depth + 1);
    return;
  }
  if (!isMap(node)) return;
  const seen = new Set<string>();
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (seen.has(key)) {
      warnings.push({
        kind: "duplicate-key",
        message: `duplicate key '${key}' (keys must be unique)`,
        ...position((pair.key as Node | null)?.range?.[0]),
      });
    }
    seen.add(key);
    collectDuplicateKeys(pair.value, position, warnings, depth + 1);
  }
}

/** Copies the mapping into a prototype-free record so keys such as `__proto__` stay plain data. */
function toRecord(data: unknown): Record<string, unknown> {
  const record: Record<string, unknown> = Object.create(null);
  if (data !== null && typeof data === "object") {
    for (const [key, value] of Object.entries(data)) record[key] = value;
  }
  return record;
}

function firstLine(message: string): string {
  const newline = message.indexOf("\n");
  return (newline === -1 ? message : message.slice(0, newline)).trim();
}
