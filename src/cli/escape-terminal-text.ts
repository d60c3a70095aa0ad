// Terminal hygiene for human-readable CLI output: control characters and bidi controls from skill
// content are shown as visible escapes (`\x1b`, `\u202e`) instead of reaching the terminal, where
// they could set the window title, clear the screen, forge lines or reorder text (Trojan Source).
import { type Diagnostic, formatDiagnostic } from "@skillbox/core/skills/diagnostic";

// C0 controls and DEL, C1 controls, the Arabic letter mark, LRM/RLM, bidi embeddings, overrides
// and isolates, and the Unicode line and paragraph separators.
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/gu;

/** `text` with every control and bidi character escaped, except newlines and tabs (multi-line output). */
export function escapeTerminalText(text: string): string {
  return text.replace(UNSAFE, (character) =>
    character === "\n" || character === "\t" ? character : escapeCharacter(character),
  );
}

/** `text` with every control and bidi character escaped, newlines and tabs too (one-line fields). */
export function escapeTerminalLine(text: string): string {
  return text.replace(UNSAFE, escapeCharacter);
}

/** formatDiagnostic, escaped to one terminal line (a message cannot add lines or control the terminal). */
export function formatDiagnosticLine(diagnostic: Diagnostic): string {
  return escapeTerminalLine(formatDiagnostic(diagnostic));
}

function escapeCharacter(character: string): string {
  switch (character) {
    case "\n":
      return "\\n";
    case "\t":
      return "\\t";
    case "\r":
      return "\\r";
  }
  const code = character.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}
