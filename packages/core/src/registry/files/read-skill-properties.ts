// `read-properties` as the reference defines it: the spec fields of one skill, in the reference's key
// order, with only the reference's presence checks (no name rules, no lengths).
import { readFile } from "node:fs/promises";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { parseFrontmatter } from "../../skills/parse-frontmatter.js";
import { findSkillFile } from "./find-skill-file.js";
import { decodeSkillBytes } from "./load-skill-bytes.js";

/** The reference's properties object: `name`, `description`, then the optional spec fields present. */
export interface SkillProperties {
  name: string;
  description: string;
  license?: unknown;
  compatibility?: unknown;
  "allowed-tools"?: unknown;
  metadata?: Record<string, string>;
}

/** The properties and the file they came from, or the errors that prevented reading them. */
export interface SkillPropertiesResult {
  properties?: SkillProperties;
  /** The absolute-or-given path of the SKILL.md read. */
  location?: string;
  diagnostics: Diagnostic[];
}

/** Reads the spec properties of the skill in `directory`; problems come back as error diagnostics. */
export async function readSkillProperties(directory: string): Promise<SkillPropertiesResult> {
  const error = (code: string, message: string, path: string): SkillPropertiesResult => ({
    diagnostics: [{ severity: "error", code, message, path }],
  });
  let location: Awaited<ReturnType<typeof findSkillFile>>;
  try {
    location = await findSkillFile(directory);
  } catch (failure) {
    return error(
      "unreadable-folder",
      failure instanceof Error ? failure.message : String(failure),
      directory,
    );
  }
  if (!location) return error("missing-skill-file", `SKILL.md not found in ${directory}`, directory);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(location.path);
  } catch (failure) {
    const code = (failure as NodeJS.ErrnoException).code ?? "error";
    return error("unreadable-file", `Cannot read SKILL.md (${code}); check its permissions`, location.path);
  }
  // An empty file gets the reference's message: it does not start with frontmatter.
  const text = bytes.length === 0 ? "" : decodeSkillBytes(bytes);
  if (typeof text !== "string") return error(text.code, text.message, location.path);
  const parsed = parseFrontmatter(text, { path: location.path, mode: "strict" });
  const errors = parsed.diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  if (!parsed.data || errors.length > 0) return { location: location.path, diagnostics: errors };
  const data = parsed.data;
  const diagnostics: Diagnostic[] = [];
  for (const field of ["name", "description"] as const) {
    const value = data[field];
    const line = parsed.keyLines.get(field);
    const at = line === undefined ? {} : { line };
    if (!(field in data)) {
      const message = `Missing required field in frontmatter: ${field}`;
      diagnostics.push({ severity: "error", code: `${field}-missing`, message, path: location.path });
    } else if (typeof value !== "string" || value.trim() === "") {
      const message = `Field '${field}' must be a non-empty string`;
      diagnostics.push({
        severity: "error",
        code: `${field}-not-string`,
        message,
        path: location.path,
        ...at,
      });
    }
  }
  if (diagnostics.length > 0) return { location: location.path, diagnostics };
  const properties: SkillProperties = {
    name: String(data.name).trim(),
    description: String(data.description).trim(),
  };
  if ("license" in data) properties.license = data.license;
  if ("compatibility" in data) properties.compatibility = data.compatibility;
  if ("allowed-tools" in data) properties["allowed-tools"] = data["allowed-tools"];
  const metadata = data.metadata;
  if (metadata !== null && typeof metadata === "object" && !Array.isArray(metadata)) {
    const entries = Object.entries(metadata);
    if (entries.length > 0) {
      properties.metadata = Object.fromEntries(
        entries.map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]),
      );
    }
  }
  return { properties, location: location.path, diagnostics: [] };
}
