// Rewrites `key: value: more` lines (an unquoted ": " inside a plain value, the most common real
// breakage of SKILL.md frontmatter) into `key: "value: more"`, for the lenient loader's retry (pure).

/** One line the repair quoted. */
export interface RepairedLine {
  /** 0-based line index within the YAML text. */
  index: number;
  key: string;
}

/** The rewritten YAML and the lines it changed; undefined when no line looks like this breakage. */
export interface UnquotedColonRepair {
  yaml: string;
  lines: RepairedLine[];
}

const KEY_VALUE = /^([ \t]*)([A-Za-z0-9_][A-Za-z0-9_.-]*):[ \t]+(.*?)[ \t]*(\r?)$/;
// A value starting with one of these is quoted, a collection, a block scalar, a tag, an anchor or
// an alias: not a plain scalar, so quoting it would change its meaning.
const NOT_PLAIN_START = /^["'[{|>!&*%@`#]/;

/** Quotes plain values that contain ": ", so the YAML parses as the author meant. */
export function repairUnquotedColons(yaml: string): UnquotedColonRepair | undefined {
  const lines = yaml.split("\n");
  const repaired: RepairedLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (!line.includes(": ", line.indexOf(":") + 1)) continue;
    const match = KEY_VALUE.exec(line);
    if (!match) continue;
    const [, indent = "", key = "", value = "", carriageReturn = ""] = match;
    if (NOT_PLAIN_START.test(value) || !value.includes(": ")) continue;
    lines[index] = `${indent}${key}: ${JSON.stringify(value)}${carriageReturn}`;
    repaired.push({ index, key });
  }
  return repaired.length === 0 ? undefined : { yaml: lines.join("\n"), lines: repaired };
}
