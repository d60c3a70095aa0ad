// The signal the fast frontmatter parser raises when a text is not one it is sure to read exactly as
// the `yaml` package would; the entry point catches it and the caller falls back to `yaml`.

/** Thrown (never an Error, so no stack is captured) by every step that meets unsupported YAML. */
export const UNSUPPORTED_YAML: { readonly unsupported: true } = Object.freeze({ unsupported: true });

/** Stops the fast parse: the text goes to the full YAML parser instead. */
export function unsupported(): never {
  throw UNSUPPORTED_YAML;
}
