// A fast path for the frontmatter most skills have: `key: plain value` lines, one level of
// `key:` + indented `sub: value` or `- item` lines, simple quotes and comments. Anything else returns
// undefined and goes to the full YAML parser; a differential test proves both agree (pure).

/** The mapping and the 0-based line of each top-level key; undefined when the text is not this simple. */
export interface SimpleYamlResult {
  data: Record<string, unknown>;
  keyLines: Map<string, number>;
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const NESTED_KEY_LINE = /^ {2}([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const NESTED_ITEM_LINE = /^ {2}- +(.*)$/;
// Plain scalars that mean the same text under every YAML schema: no indicator first, no ": " or " #",
// no control or special whitespace characters anywhere.
const SAFE_PLAIN = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\p{Cc}\u2028\u2029\ufeff]*$/u;
const UNSAFE_PLAIN_PART = /: |:$| #|\s$/;

/** Reads `yaml` when it is simple enough to read without the YAML parser; undefined otherwise. */
export function parseSimpleYaml(yaml: string): SimpleYamlResult | undefined {
  const lines = yaml.split("\n");
  const data: Record<string, unknown> = Object.create(null);
  const keyLines = new Map<string, number>();
  let openKey: string | undefined;
  let open: Record<string, string> | string[] | undefined;
  for (let index = 0; index < lines.length; index++) {
    let line = lines[index] as string;
    if (line.endsWith("\r")) line = line.slice(0, -1);
    if (line.trim() === "") {
      // A blank line ends a nested block; an indented line after it goes to the full parser.
      if (openKey !== undefined) data[openKey] = open ?? "";
      openKey = undefined;
      open = undefined;
      continue;
    }
    if (/^#/.test(line)) continue;
    if (line.startsWith(" ")) {
      if (openKey === undefined) return undefined;
      const item = NESTED_ITEM_LINE.exec(line);
      if (item) {
        if (open === undefined) open = [];
        if (!Array.isArray(open)) return undefined;
        const value = readScalar(item[1] ?? "");
        if (value === undefined) return undefined;
        open.push(value);
        continue;
      }
      const pair = NESTED_KEY_LINE.exec(line);
      if (!pair) return undefined;
      if (open === undefined) open = Object.create(null) as Record<string, string>;
      if (Array.isArray(open)) return undefined;
      const key = pair[1] as string;
      const value = pair[2] === undefined ? "" : readScalar(pair[2]);
      if (value === undefined || Object.hasOwn(open, key)) return undefined;
      open[key] = value;
      continue;
    }
    if (openKey !== undefined) {
      data[openKey] = open ?? "";
      openKey = undefined;
      open = undefined;
    }
    const match = KEY_LINE.exec(line);
    if (!match) return undefined;
    const key = match[1] as string;
    if (Object.hasOwn(data, key) || keyLines.has(key)) return undefined;
    keyLines.set(key, index);
    if (match[2] === undefined || match[2] === "") {
      openKey = key;
      continue;
    }
    const value = readScalar(match[2]);
    if (value === undefined) return undefined;
    data[key] = value;
  }
  if (openKey !== undefined) data[openKey] = open ?? "";
  if (keyLines.size === 0) return undefined;
  return { data, keyLines };
}

/** A plain, single-quoted or escape-free double-quoted scalar; undefined for anything else. */
function readScalar(raw: string): string | undefined {
  const first = raw.charAt(0);
  if (first === '"') {
    const end = raw.indexOf('"', 1);
    if (end === -1 || !isTrailingSpace(raw, end + 1)) return undefined;
    const inner = raw.slice(1, end);
    return /[\\\p{Cc}\u2028\u2029\ufeff]/u.test(inner) ? undefined : inner;
  }
  if (first === "'") {
    let end = 1;
    for (;;) {
      end = raw.indexOf("'", end);
      if (end === -1) return undefined;
      if (raw.charAt(end + 1) === "'") end += 2;
      else break;
    }
    if (!isTrailingSpace(raw, end + 1)) return undefined;
    const inner = raw.slice(1, end);
    return /[\p{Cc}\u2028\u2029\ufeff]/u.test(inner) ? undefined : inner.replaceAll("''", "'");
  }
  const plain = raw.replace(/ +$/, "");
  if (!SAFE_PLAIN.test(plain) || UNSAFE_PLAIN_PART.test(plain)) return undefined;
  return plain;
}

function isTrailingSpace(text: string, from: number): boolean {
  for (let index = from; index < text.length; index++) if (text.charAt(index) !== " ") return false;
  return true;
}
