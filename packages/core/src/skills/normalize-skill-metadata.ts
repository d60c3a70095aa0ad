// Turns a frontmatter mapping into SkillMetadata for the runtime: fallbacks for name and description,
// typed extension fields, and a warning plus the default for every illegal value (pure).
import type { Diagnostic } from "./diagnostic.js";
import { extractFirstParagraph } from "./first-paragraph.js";
import { BOOLEAN_FIELDS, KNOWN_FIELDS } from "./frontmatter-fields.js";
import type { frontmatterFieldSchemas } from "./frontmatter-schema.js";
import { loadFrontmatterSchema } from "./load-frontmatter-schema.js";
import type { SkillHookEntry, SkillMetadata } from "./skill-metadata.js";
import { findUnsafeNameReason, normalizeSkillName } from "./skill-name.js";
import { splitList } from "./split-list.js";

/** Description used when neither the frontmatter nor the body gives one. */
export const NO_DESCRIPTION = "(no description)";

// The empty list and maps every skill without tools, tags, hooks or extra keys shares (records are
// immutable; frozen, so an attempt to edit one fails loudly instead of changing every skill).
export const NO_ITEMS: string[] = Object.freeze([]) as unknown as string[];
export const NO_HOOKS: Record<string, SkillHookEntry[]> = Object.freeze(Object.create(null));
export const NO_EXTRA: Record<string, unknown> = Object.freeze(Object.create(null));

export interface NormalizeSkillMetadataOptions {
  path: string;
  /** The folder name: the fallback name. */
  directoryName: string;
  /** The body, for the fallback description. */
  body: string;
  keyLines?: ReadonlyMap<string, number>;
}

/** The metadata, what the description fell back to (if it did), and warnings about illegal values. */
export interface NormalizedSkillMetadata {
  metadata: SkillMetadata;
  /** `the body's first paragraph` or `'(no description)'` when the description was missing or unusable. */
  descriptionFallback?: string;
  diagnostics: Diagnostic[];
}

type FieldSchemas = typeof frontmatterFieldSchemas;

/** Applies the lenient policy to `data` (undefined when the frontmatter was missing or unreadable). */
export function normalizeSkillMetadata(
  data: Record<string, unknown> | undefined,
  options: NormalizeSkillMetadataOptions,
): NormalizedSkillMetadata {
  const fields = data ?? {};
  const diagnostics: Diagnostic[] = [];
  const warn = (field: string, message: string) => {
    const line = options.keyLines?.get(field);
    const diagnostic: Diagnostic = {
      severity: "warning",
      code: "invalid-field",
      message,
      path: options.path,
    };
    diagnostics.push(line === undefined ? diagnostic : { ...diagnostic, line });
  };
  const read = <K extends keyof FieldSchemas>(field: K, fallbackText: string) => {
    if (!(field in fields)) return undefined;
    let value = fields[field];
    if (BOOLEAN_FIELDS.has(field)) value = toBoolean(value);
    // Valid values (nearly all) pass a plain check; zod is asked only to word a problem.
    if (FAST_CHECKS[field]?.(value) === true) return value as ReturnType<FieldSchemas[K]["parse"]>;
    const result = loadFrontmatterSchema().frontmatterFieldSchemas[field].safeParse(value);
    if (result.success) return result.data as ReturnType<FieldSchemas[K]["parse"]>;
    const issue = result.error.issues[0];
    // Over-long or empty strings are the spec checks' business; the value itself is usable.
    if (issue && (issue.code === "too_big" || issue.code === "too_small") && typeof value === "string") {
      return value as ReturnType<FieldSchemas[K]["parse"]>;
    }
    warn(field, `Field '${field}' has an invalid value (${issue?.message ?? "wrong type"}); ${fallbackText}`);
    return undefined;
  };

  const name = fields.name;
  const normalizedName = typeof name === "string" ? normalizeSkillName(name) : "";
  const usableName = normalizedName !== "" && findUnsafeNameReason(normalizedName) === undefined;
  const description = typeof fields.description === "string" ? fields.description.trim() : "";
  let descriptionFallback: string | undefined;
  let finalDescription = description;
  if (description === "") {
    const paragraph = extractFirstParagraph(options.body);
    descriptionFallback = paragraph === undefined ? `'${NO_DESCRIPTION}'` : "the body's first paragraph";
    finalDescription = paragraph ?? NO_DESCRIPTION;
  }

  const metadata: SkillMetadata = {
    name: usableName ? normalizedName : options.directoryName || "skill",
    description: finalDescription,
    allowedTools: toToolList(read("allowed-tools", "no tools are pre-approved")),
    disallowedTools: toToolList(read("disallowed-tools", "ignored")),
    context: read("context", "using the default 'inline'") ?? "inline",
    disableModelInvocation: read("disable-model-invocation", "using the default false") ?? false,
    userInvocable: read("user-invocable", "using the default true") ?? true,
    paths: toList(read("paths", "the skill is always active"), { whitespace: false }),
    tags: toList(read("tags", "ignored")),
    arguments: toList(read("arguments", "ignored")),
    hooks: NO_HOOKS,
    extra: NO_EXTRA,
  };
  const license = typeof fields.license === "string" ? fields.license : undefined;
  if (license !== undefined) metadata.license = license;
  if (typeof fields.compatibility === "string" && fields.compatibility.trim() !== "") {
    metadata.compatibility = fields.compatibility;
  }
  const map = toStringMap(fields.metadata);
  if (map) metadata.metadata = map;
  const model = read("model", "no model is recommended");
  if (model) metadata.model = model;
  const shell = read("shell", "using the default shell");
  if (shell) metadata.shell = shell;
  for (const [field, key] of STRING_FIELDS) {
    const value = read(field, "ignored");
    if (value !== undefined) metadata[key] = value;
  }
  if ("hooks" in fields) metadata.hooks = normalizeHooks(fields.hooks, warn);
  for (const key of Object.keys(fields)) {
    if (KNOWN_FIELDS.has(key)) continue;
    // prototype-free, so a key such as `__proto__` stays plain data
    if (metadata.extra === NO_EXTRA) metadata.extra = Object.create(null);
    metadata.extra[key] = fields[key];
  }
  return descriptionFallback === undefined
    ? { metadata, diagnostics }
    : { metadata, descriptionFallback, diagnostics };
}

const STRING_FIELDS = [
  ["argument-hint", "argumentHint"],
  ["when_to_use", "whenToUse"],
  ["version", "version"],
  ["agent", "agent"],
  ["effort", "effort"],
] as const;

const isString = (value: unknown) => typeof value === "string";
const isStringOrStrings = (value: unknown) =>
  typeof value === "string" || (Array.isArray(value) && value.every(isString));
const isOneOf =
  (...allowed: string[]) =>
  (value: unknown) =>
    typeof value === "string" && allowed.includes(value);
const isBoolean = (value: unknown) => typeof value === "boolean";

/**
 * For each field read through its schema: true when the schema accepts the value unchanged (the
 * same value `safeParse` returns as data). False sends the value to zod, for its verdict and wording.
 */
const FAST_CHECKS: Partial<Record<keyof FieldSchemas, (value: unknown) => boolean>> = {
  "allowed-tools": isStringOrStrings,
  "disallowed-tools": isStringOrStrings,
  context: isOneOf("inline", "fork"),
  "disable-model-invocation": isBoolean,
  "user-invocable": isBoolean,
  paths: isStringOrStrings,
  tags: isStringOrStrings,
  arguments: isStringOrStrings,
  model: isOneOf("haiku", "sonnet", "opus", "inherit"),
  shell: isOneOf("bash", "powershell"),
  "argument-hint": isString,
  when_to_use: isString,
  version: isString,
  agent: isString,
  effort: isString,
};

function toBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const lower = value.trim().toLowerCase();
  return lower === "true" ? true : lower === "false" ? false : value;
}

function toToolList(value: string | string[] | undefined): string[] {
  return toList(value);
}

function toList(value: string | string[] | undefined, options?: { whitespace: boolean }): string[] {
  if (value === undefined) return NO_ITEMS;
  const list =
    typeof value === "string"
      ? splitList(value, options)
      : value.map((entry) => entry.trim()).filter((entry) => entry !== "");
  return list.length === 0 ? NO_ITEMS : list;
}

function toStringMap(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const map: Record<string, string> = Object.create(null);
  for (const [key, entry] of Object.entries(value)) if (typeof entry === "string") map[key] = entry;
  return map;
}

function normalizeHooks(
  value: unknown,
  warn: (field: string, message: string) => void,
): Record<string, SkillHookEntry[]> {
  const hooks: Record<string, SkillHookEntry[]> = Object.create(null);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    warn("hooks", "Field 'hooks' must map event names to lists of { matcher, hooks }; hooks are ignored");
    return hooks;
  }
  for (const [event, groups] of Object.entries(value)) {
    const parsed = loadFrontmatterSchema().hookMatcherSchema.array().safeParse(coerceTimeouts(groups));
    if (!parsed.success) {
      warn(
        "hooks",
        `Field 'hooks' entry '${event}' is not a list of { matcher, hooks: [{ type: command, command }] }; it is ignored`,
      );
      continue;
    }
    const entries: SkillHookEntry[] = [];
    for (const group of parsed.data) {
      for (const hook of group.hooks) {
        const entry: SkillHookEntry = { command: hook.command };
        if (group.matcher !== undefined) entry.matcher = group.matcher;
        if (hook.timeout !== undefined) entry.timeoutSeconds = hook.timeout;
        entries.push(entry);
      }
    }
    hooks[event] = entries;
  }
  return hooks;
}

/** The failsafe parse leaves `timeout: 30` as text; hooks want a number. */
function coerceTimeouts(groups: unknown): unknown {
  if (!Array.isArray(groups)) return groups;
  return groups.map((group) => {
    if (group === null || typeof group !== "object" || !Array.isArray((group as { hooks?: unknown }).hooks))
      return group;
    const inner = (group as { hooks: unknown[] }).hooks.map((hook) => {
      if (hook === null || typeof hook !== "object") return hook;
      const timeout = (hook as { timeout?: unknown }).timeout;
      if (typeof timeout !== "string" || !/^\s*\d+(\.\d+)?\s*$/.test(timeout)) return hook;
      return { ...hook, timeout: Number(timeout) };
    });
    return { ...group, hooks: inner };
  });
}
