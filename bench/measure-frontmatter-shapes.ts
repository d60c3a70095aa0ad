// Counts the frontmatter features of a set of SKILL.md texts the way real-frontmatter-shapes.md
// counts them (a file once per feature), by reading the lines, independently of the generator.

/** Per-feature counts, nesting levels, top-level keys and frontmatter sizes. */
export interface FrontmatterShapeCounts {
  files: number;
  features: Record<FeatureName, number>;
  /** Files by deepest indentation in 2-space levels; index 4 holds "4 or more". */
  nesting: number[];
  keys: Map<string, number>;
  /** Bytes of each frontmatter block (the YAML between the delimiter lines). */
  frontmatterBytes: number[];
  /** The YAML blocks themselves, for checks that need a parser. */
  yamlBlocks: string[];
}

export type FeatureName =
  | "doubleQuoted"
  | "blockScalar"
  | "flowSequence"
  | "flowMapping"
  | "singleQuoted"
  | "blockSequence"
  | "noFrontmatter"
  | "crlf"
  | "anchors"
  | "commentLines"
  | "trailingComments"
  | "unclosed"
  | "bom";

const VALUE = /^( *)(?:- +|[^\s#][^:]*:(?: +|$))(.*)$/;
const BLOCK_HEADER = /^[|>][-+1-9]{0,2} *(?:#.*)?$/;

/** Counts the features of `texts`. */
export function measureFrontmatterShapes(texts: Iterable<string>): FrontmatterShapeCounts {
  const counts: FrontmatterShapeCounts = {
    files: 0,
    features: {
      doubleQuoted: 0,
      blockScalar: 0,
      flowSequence: 0,
      flowMapping: 0,
      singleQuoted: 0,
      blockSequence: 0,
      noFrontmatter: 0,
      crlf: 0,
      anchors: 0,
      commentLines: 0,
      trailingComments: 0,
      unclosed: 0,
      bom: 0,
    },
    nesting: [0, 0, 0, 0, 0],
    keys: new Map(),
    frontmatterBytes: [],
    yamlBlocks: [],
  };
  for (const text of texts) {
    counts.files++;
    const found = new Set<FeatureName>();
    if (text.startsWith("\ufeff")) found.add("bom");
    if (text.includes("\r\n")) found.add("crlf");
    const lines = text.replace(/^\ufeff/, "").split(/\r?\n/);
    if (lines[0] !== "---") found.add("noFrontmatter");
    else {
      const close = lines.indexOf("---", 1);
      if (close === -1) found.add("unclosed");
      else {
        const yamlLines = lines.slice(1, close);
        const yaml = `${yamlLines.join("\n")}\n`;
        counts.frontmatterBytes.push(Buffer.byteLength(yaml));
        counts.yamlBlocks.push(yaml);
        readLines(yamlLines, found, counts);
      }
    }
    for (const feature of found) counts.features[feature]++;
  }
  return counts;
}

function readLines(lines: string[], found: Set<FeatureName>, counts: FrontmatterShapeCounts): void {
  let deepest = 0;
  let blockIndent = -1;
  for (const line of lines) {
    if (line.trim() === "") continue;
    const indent = line.length - line.trimStart().length;
    deepest = Math.max(deepest, Math.floor(indent / 2));
    // Inside a block scalar every line is text.
    if (blockIndent >= 0 && indent > blockIndent) continue;
    blockIndent = -1;
    if (line.trimStart().startsWith("#")) {
      found.add("commentLines");
      continue;
    }
    if (indent === 0) {
      const key = /^([^\s:#][^:]*):/.exec(line)?.[1];
      if (key !== undefined) counts.keys.set(key, (counts.keys.get(key) ?? 0) + 1);
    }
    if (/^ *- /.test(line)) found.add("blockSequence");
    const value = VALUE.exec(line)?.[2] ?? "";
    if (value.startsWith('"')) found.add("doubleQuoted");
    if (value.startsWith("'")) found.add("singleQuoted");
    if (value.startsWith("[")) found.add("flowSequence");
    if (value.startsWith("{")) found.add("flowMapping");
    if (/(?:^|[\s[{,])[&*][A-Za-z]/.test(value)) found.add("anchors");
    if (BLOCK_HEADER.test(value)) {
      found.add("blockScalar");
      blockIndent = indent;
    } else if (/^[^"'[{].* #/.test(value)) found.add("trailingComments");
  }
  counts.nesting[Math.min(4, deepest)] = (counts.nesting[Math.min(4, deepest)] ?? 0) + 1;
}
