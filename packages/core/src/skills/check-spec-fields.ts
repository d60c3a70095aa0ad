// The specification's frontmatter rules (name, description, compatibility, metadata, allowed-tools,
// license, unknown fields) as diagnostics with the reference validator's wording (pure).
// Strict mode: errors, spec-exact. Lenient mode: warnings that also say which fallback was used.
import type { Diagnostic, DiagnosticSeverity } from "./diagnostic.js";
import { SPEC_FIELDS } from "./frontmatter-fields.js";
import type { ValidationMode } from "./parse-frontmatter.js";
import {
  checkSkillName,
  countCodePoints,
  displayText,
  findUnsafeNameReason,
  isPortableSkillName,
  normalizeSkillName,
} from "./skill-name.js";
import { hasTopLevelComma } from "./split-list.js";

export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;

export interface CheckSpecFieldsOptions {
  /** Path of the SKILL.md, used in diagnostics. */
  path: string;
  mode: ValidationMode;
  /** The folder holding the SKILL.md; the name must match it. Omit to skip that check. */
  directoryName?: string;
  /** 1-based file line of each top-level key. */
  keyLines?: ReadonlyMap<string, number>;
  /** Lenient mode: what a missing or unusable description was replaced with, for the message. */
  descriptionFallback?: string;
}

const SPEC_FIELD_SET: ReadonlySet<string> = new Set(SPEC_FIELDS);
const ALLOWED_FIELDS_TEXT = [...SPEC_FIELDS].sort().join(", ");

/** Checks the spec's rules on a frontmatter mapping, collecting every finding in the reference's order. */
export function checkSpecFields(
  data: Record<string, unknown>,
  options: CheckSpecFieldsOptions,
): Diagnostic[] {
  const strict = options.mode === "strict";
  const severity: DiagnosticSeverity = strict ? "error" : "warning";
  const diagnostics: Diagnostic[] = [];
  const add = (code: string, message: string, field?: string, level: DiagnosticSeverity = severity) => {
    const line = field === undefined ? undefined : options.keyLines?.get(field);
    diagnostics.push(
      line === undefined
        ? { severity: level, code, message, path: options.path }
        : { severity: level, code, message, path: options.path, line },
    );
  };
  const folder = options.directoryName ?? "";
  // Worded only when a name finding needs it.
  const nameFallback = () => (strict ? "" : `; using the folder name '${displayText(folder)}'`);

  if (strict) {
    const unexpected = Object.keys(data)
      .filter((key) => !SPEC_FIELD_SET.has(key))
      .sort();
    if (unexpected.length > 0) {
      add(
        "unexpected-fields",
        `Unexpected fields in frontmatter: ${unexpected.map(displayText).join(", ")}. Only ${ALLOWED_FIELDS_TEXT} are allowed.`,
        unexpected[0],
      );
    }
  }

  const name = data.name;
  if (!("name" in data)) {
    add("name-missing", `Missing required field in frontmatter: name${nameFallback()}`);
  } else if (typeof name !== "string" || name.trim() === "") {
    add("name-not-string", `Field 'name' must be a non-empty string${nameFallback()}`, "name");
  } else {
    const normalized = normalizeSkillName(name);
    const unsafe = strict ? undefined : findUnsafeNameReason(normalized);
    if (unsafe !== undefined) {
      add(
        "name-unsafe",
        `Skill name '${displayText(normalized)}' cannot be used as an identifier (${unsafe})${nameFallback()}`,
        "name",
      );
    } else {
      for (const finding of checkSkillName(normalized, options.directoryName))
        add(finding.code, finding.message, "name");
      if (!isPortableSkillName(normalized) && /[^\p{ASCII}]/u.test(normalized)) {
        add(
          "name-not-ascii",
          `Skill name '${displayText(normalized)}' is not ASCII; some agents accept only a-z, 0-9 and hyphens`,
          "name",
          "warning",
        );
      }
    }
  }

  const description = data.description;
  const descriptionFallback =
    strict || !options.descriptionFallback ? "" : `; using ${options.descriptionFallback}`;
  if (!("description" in data)) {
    add("description-missing", `Missing required field in frontmatter: description${descriptionFallback}`);
  } else if (typeof description !== "string" || description.trim() === "") {
    add(
      "description-not-string",
      `Field 'description' must be a non-empty string${descriptionFallback}`,
      "description",
    );
  } else {
    // Measured trimmed: a block scalar's trailing newline is not part of the description (the reference counts it).
    // A text of at most the limit in UTF-16 units has at most as many code points: nothing to count.
    const length = description.length <= MAX_DESCRIPTION_LENGTH ? 0 : countCodePoints(description.trim());
    if (length > MAX_DESCRIPTION_LENGTH) {
      add(
        "description-too-long",
        `Description exceeds ${MAX_DESCRIPTION_LENGTH} character limit (${length} chars)`,
        "description",
      );
    }
  }

  if ("compatibility" in data) {
    const compatibility = data.compatibility;
    if (typeof compatibility !== "string") {
      add("compatibility-not-string", "Field 'compatibility' must be a string", "compatibility");
    } else if (compatibility.trim() === "") {
      add(
        "compatibility-empty",
        "Field 'compatibility' must be 1-500 characters when provided; remove it or describe the requirements",
        "compatibility",
      );
    } else {
      const length = countCodePoints(compatibility.trim());
      if (length > MAX_COMPATIBILITY_LENGTH) {
        add(
          "compatibility-too-long",
          `Compatibility exceeds ${MAX_COMPATIBILITY_LENGTH} character limit (${length} chars)`,
          "compatibility",
        );
      }
    }
  }

  if ("metadata" in data) checkMetadata(data.metadata, add);

  if ("allowed-tools" in data) {
    const tools = data["allowed-tools"];
    if (Array.isArray(tools)) {
      if (strict) {
        add(
          "allowed-tools-not-string",
          "Field 'allowed-tools' must be a space-separated string, not a YAML list",
          "allowed-tools",
        );
      }
    } else if (typeof tools !== "string") {
      add(
        "allowed-tools-not-string",
        "Field 'allowed-tools' must be a space-separated string",
        "allowed-tools",
      );
    } else if (hasTopLevelComma(tools)) {
      add(
        "allowed-tools-commas",
        "Field 'allowed-tools' is comma-separated; the spec separates tools with spaces (e.g. `Bash(git:*) Read`)",
        "allowed-tools",
        "warning",
      );
    }
  }

  if ("license" in data && typeof data.license !== "string") {
    add("license-not-string", "Field 'license' must be a string", "license");
  }
  return diagnostics;
}

function checkMetadata(
  metadata: unknown,
  add: (code: string, message: string, field?: string) => void,
): void {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) {
    add(
      "metadata-not-mapping",
      "Field 'metadata' must be a mapping of string keys to string values",
      "metadata",
    );
    return;
  }
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== "string") {
      add(
        "metadata-value-not-string",
        `Field 'metadata' must map string keys to string values; the value of '${displayText(key)}' is not a string`,
        "metadata",
      );
    }
  }
}
