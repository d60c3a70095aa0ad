// Types a plain scalar the way the `yaml` package (v2) does under the failsafe and core schemas (pure).

/** The schemas the fast parser reproduces: `failsafe` (every scalar a string, what Skillbox uses) or `core`. */
export type FastYamlSchema = "failsafe" | "core";

/** A scalar's value after schema resolution. */
export type PlainValue = string | number | boolean | null;

// The core schema's tests, in the order `yaml` tries them (schema/core/schema.js): the first match wins.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
// Only text that starts like one of the above can resolve to anything but a string.
const MAYBE_TYPED = /^[-+.0-9~nNtTfF]|^$/;

/** The value of plain scalar `text` under `schema`. */
export function resolvePlainScalar(text: string, schema: FastYamlSchema): PlainValue {
  if (schema === "failsafe" || !MAYBE_TYPED.test(text)) return text;
  if (NULL.test(text)) return null;
  if (BOOL.test(text)) return text[0] === "t" || text[0] === "T";
  if (INT_OCT.test(text)) return Number.parseInt(text.slice(2), 8);
  if (INT.test(text)) return Number.parseInt(text, 10);
  if (INT_HEX.test(text)) return Number.parseInt(text.slice(2), 16);
  if (FLOAT_NAN.test(text)) {
    if (text.slice(-3).toLowerCase() === "nan") return Number.NaN;
    return text[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return Number.parseFloat(text);
  return text;
}

/** The value of an empty node (`key:` with nothing after it): `""` under failsafe, null under core. */
export function emptyScalar(schema: FastYamlSchema): PlainValue {
  return schema === "failsafe" ? "" : null;
}
