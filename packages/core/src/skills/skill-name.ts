// The `name` rules of the specification (as the reference implements them) and the identifier-safety
// test the runtime applies before it trusts a name (pure).

/** Longest name the spec allows, in code points after NFKC. */
export const MAX_NAME_LENGTH = 64;

/** One broken name rule, with the reference's wording. */
export interface NameFinding {
  code: string;
  message: string;
}

const LETTERS_DIGITS_HYPHENS = /^[\p{L}\p{N}-]+$/u;
const ASCII_LETTERS_DIGITS_HYPHENS = /^[A-Za-z0-9-]+$/;
const ASCII_NAME = /^[a-z0-9-]+$/;
// Path separators, control characters, bidi controls, zero-width and other invisible format characters.
const UNSAFE_CHARACTERS = /[/\\\p{Cc}\p{Cf}\u2028\u2029]/u;
// Anything but printable ASCII: text without it has no control or format character to show or refuse,
// is its own NFKC form, and has letters only in A-Z and a-z (the checks below skip Unicode work for it).
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/** True for text of printable ASCII characters only. */
function isPrintableAscii(text: string): boolean {
  return !NOT_PRINTABLE_ASCII.test(text);
}

/** Trims and NFKC-normalises a name, as every comparison in the spec does. */
export function normalizeSkillName(name: string): string {
  const trimmed = name.trim();
  return isPrintableAscii(trimmed) ? trimmed : trimmed.normalize("NFKC");
}

/** Counts code points, not UTF-16 units, as the spec's lengths do. */
export function countCodePoints(text: string): number {
  if (isPrintableAscii(text)) return text.length;
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // a high surrogate followed by a low one is one code point
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}

/** Shows invisible and control characters of user text as `\u{...}` so messages stay one readable line. */
export function displayText(text: string): string {
  if (isPrintableAscii(text)) return text;
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (character) => {
    return `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`;
  });
}

/**
 * Checks an already-normalised name against the spec's rules, in the reference's order, collecting
 * every finding. The directory is compared after NFKC, exactly (case-sensitive).
 */
export function checkSkillName(name: string, directoryName?: string): NameFinding[] {
  const findings: NameFinding[] = [];
  const shown = displayText(name);
  const length = countCodePoints(name);
  if (length > MAX_NAME_LENGTH) {
    findings.push({
      code: "name-too-long",
      message: `Skill name '${shown}' exceeds ${MAX_NAME_LENGTH} character limit (${length} chars)`,
    });
  }
  if (name !== name.toLowerCase()) {
    findings.push({ code: "name-not-lowercase", message: `Skill name '${shown}' must be lowercase` });
  }
  if (name.startsWith("-") || name.endsWith("-")) {
    findings.push({ code: "name-hyphen-edge", message: "Skill name cannot start or end with a hyphen" });
  }
  if (name.includes("--")) {
    findings.push({
      code: "name-consecutive-hyphens",
      message: "Skill name cannot contain consecutive hyphens",
    });
  }
  const ascii = isPrintableAscii(name);
  if (!(ascii ? ASCII_LETTERS_DIGITS_HYPHENS : LETTERS_DIGITS_HYPHENS).test(name)) {
    findings.push({
      code: "name-invalid-characters",
      message: `Skill name '${shown}' contains invalid characters. Only letters, digits, and hyphens are allowed.`,
    });
  }
  if (directoryName !== undefined && directoryName !== "") {
    const directory = isPrintableAscii(directoryName) ? directoryName : directoryName.normalize("NFKC");
    if (directory !== name) {
      findings.push({
        code: "name-mismatch",
        message: `Directory name '${displayText(directoryName)}' must match skill name '${shown}'`,
      });
    }
  }
  return findings;
}

/** True when the name is plain ASCII `a-z0-9-`, the set every agent accepts. */
export function isPortableSkillName(name: string): boolean {
  return ASCII_NAME.test(name);
}

/**
 * Why a name cannot be used as an identifier (a path segment, a map key shown to users), or
 * undefined when it can: empty, `.`/`..`, path separators, control, bidi or zero-width characters.
 */
export function findUnsafeNameReason(name: string): string | undefined {
  if (name === "") return "it is empty";
  if (name === "." || name.includes("..")) return "it contains '..' or is '.'";
  if (isPrintableAscii(name) ? name.includes("/") || name.includes("\\") : UNSAFE_CHARACTERS.test(name))
    return "it contains a path separator, a control character or an invisible character";
  return undefined;
}

/**
 * The error message for a folder name that would stand in for a missing or unusable `name` but
 * fails findUnsafeNameReason (zero-width or bidi characters, escapes, `..`); undefined when it is safe.
 */
export function describeUnsafeFolderName(folderName: string): string | undefined {
  const reason = findUnsafeNameReason(folderName);
  if (reason === undefined) return undefined;
  return `The folder name '${displayText(folderName)}' cannot be used as a skill name (${reason}); the skill is skipped. Rename the folder, or give the skill a plain \`name:\` in its frontmatter.`;
}
