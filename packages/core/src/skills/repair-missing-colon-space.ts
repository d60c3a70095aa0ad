// Rewrites `key:value` lines (no space after the colon, so YAML reads the line as plain text and
// often the whole block as one string) into `key: value`, for the lenient loader's retry (pure).
import type { RepairedLine } from "./repair-unquoted-colons.js";

/** The rewritten YAML and the lines it changed; undefined when no line looks like this breakage. */
export interface MissingColonSpaceRepair {
  yaml: string;
  lines: RepairedLine[];
}

// A key as people write them, a colon, then a value that is not a URL's `//` or another colon.
const KEY_WITHOUT_SPACE = /^([ \t]*)([A-Za-z_][A-Za-z0-9_.-]*):(?![/:])(\S.*)$/;

const BLOCK_SCALAR_START = /:[ \t]+[|>][-+0-9]*[ \t]*(?:#.*)?\r?$/;

/** Puts a space after the colon of every `key:value` line outside block scalars (`|`, `>`). */
export function repairMissingColonSpace(yaml: string): MissingColonSpaceRepair | undefined {
  const lines = yaml.split("\n");
  const repaired: RepairedLine[] = [];
  let blockIndent: number | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const indent = line.length - line.trimStart().length;
    if (blockIndent !== undefined) {
      // A block scalar's text is content, whatever it looks like.
      if (line.trim() === "" || indent > blockIndent) continue;
      blockIndent = undefined;
    }
    if (BLOCK_SCALAR_START.test(line)) blockIndent = indent;
    const match = KEY_WITHOUT_SPACE.exec(line);
    if (!match) continue;
    const [, leading = "", key = "", value = ""] = match;
    lines[index] = `${leading}${key}: ${value}`;
    repaired.push({ index, key });
  }
  return repaired.length === 0 ? undefined : { yaml: lines.join("\n"), lines: repaired };
}
