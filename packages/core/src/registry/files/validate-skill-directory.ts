// Validates one skill folder on disk: finds and reads its SKILL.md, runs the text rules of the mode,
// and checks that the files the body refers to exist inside the folder.
import { existsSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, isAbsolute, relative, resolve } from "node:path";
import { isSkillboxError } from "../../errors.js";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { hasErrors } from "../../skills/diagnostic.js";
import { findBodyReferences } from "../../skills/find-body-references.js";
import type { ValidationMode } from "../../skills/parse-frontmatter.js";
import { describeUnsafeFolderName } from "../../skills/skill-name.js";
import { validateSkillText } from "../../skills/validate-skill-text.js";
import type { SkillFileLocation } from "./find-skill-file.js";
import { findSkillFile } from "./find-skill-file.js";
import { decodeSkillBytes } from "./load-skill-bytes.js";

export interface ValidateSkillDirectoryOptions {
  /** `strict`: spec-exact errors; `lenient` (default): what the runtime loader reports. */
  mode?: ValidationMode;
  /** Size cap for the SKILL.md in bytes (default 1 MiB). */
  maxBytes?: number;
  /** Check that relative links and `${SKILL_DIR}` paths point at existing files (default true). */
  checkReferences?: boolean;
  /** An already-located skill file (skips the lookup). */
  skillFile?: SkillFileLocation;
}

/** The verdict for one skill folder. */
export interface SkillValidation {
  /** The folder, as given. */
  path: string;
  /** The SKILL.md that was read, if one was found. */
  skillFile?: string;
  /** The skill's name, when it declares a usable one. */
  name?: string;
  /** True when no diagnostic is an error. */
  valid: boolean;
  diagnostics: Diagnostic[];
}

export const MISSING_SKILL_FILE_MESSAGE = "Missing required file: SKILL.md";

/** Validates the skill in `directory`; bad content becomes diagnostics, never an exception. */
export async function validateSkillDirectory(
  directory: string,
  options: ValidateSkillDirectoryOptions = {},
): Promise<SkillValidation> {
  const fail = (code: string, message: string, path = directory): SkillValidation => ({
    path: directory,
    valid: false,
    diagnostics: [{ severity: "error", code, message, path }],
  });
  let location: SkillFileLocation | undefined;
  try {
    location = options.skillFile ?? (await findSkillFile(directory));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isSkillboxError(error, "path-escape")) return fail("symlink-outside-skill", message);
    return fail("unreadable-folder", message);
  }
  if (!location) {
    const kind = await stat(directory).then(
      (found) => (found.isDirectory() ? "directory" : "other"),
      () => "missing",
    );
    if (kind === "missing") return fail("path-not-found", `Path does not exist: ${directory}`);
    if (kind === "other") return fail("not-a-directory", `Not a directory: ${directory}`);
    return fail("missing-skill-file", MISSING_SKILL_FILE_MESSAGE);
  }

  let bytes: Uint8Array;
  try {
    // A synchronous read costs a fraction of fs.promises.readFile's CPU for files this small.
    bytes = readFileSync(location.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return fail("unreadable-file", `Cannot read SKILL.md (${code}); check its permissions`, location.path);
  }
  const mode = options.mode ?? "lenient";
  // Strict mode reports an empty file the reference's way: it does not start with frontmatter.
  const text = mode === "strict" && bytes.length === 0 ? "" : decodeSkillBytes(bytes, options.maxBytes);
  if (typeof text !== "string") return fail(text.code, text.message, location.path);

  const directoryName = basename(resolve(directory));
  const validation = validateSkillText(text, {
    path: location.path,
    directoryName,
    mode,
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  const diagnostics = [...validation.diagnostics];
  // Lenient names are the frontmatter's (already checked) or the folder's, which the runtime refuses when unsafe.
  const unsafeName =
    mode === "lenient" && validation.name !== undefined
      ? describeUnsafeFolderName(validation.name)
      : undefined;
  if (unsafeName !== undefined) {
    diagnostics.push({
      severity: "error",
      code: "folder-name-unsafe",
      message: unsafeName,
      path: location.path,
    });
    validation.name = undefined;
  }
  if (location.lowercase) {
    diagnostics.push({
      severity: "warning",
      code: "lowercase-skill-file",
      message:
        "The file is named skill.md; rename it to SKILL.md, the name the spec and most agents look for",
      path: location.path,
    });
  }
  if (options.checkReferences ?? true) {
    diagnostics.push(
      ...checkBodyReferences(validation.body, validation.bodyStartLine, directory, location.path),
    );
  }
  const result: SkillValidation = {
    path: directory,
    skillFile: location.path,
    valid: !hasErrors(diagnostics),
    diagnostics,
  };
  if (validation.name !== undefined) result.name = validation.name;
  return result;
}

/** Existence checks are synchronous: on local files they cost far less CPU than the async versions. */
function checkBodyReferences(
  body: string,
  bodyStartLine: number,
  directory: string,
  path: string,
): Diagnostic[] {
  const root = resolve(directory);
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const reference of findBodyReferences(body, bodyStartLine)) {
    if (seen.has(reference.target)) continue;
    seen.add(reference.target);
    const target = resolve(root, reference.target);
    const inside = relative(root, target);
    const position = { path, line: reference.line, column: reference.column };
    if (inside.startsWith("..") || isAbsolute(inside)) {
      const message = `The body refers to '${reference.target}', which is outside the skill folder; keep referenced files inside it`;
      diagnostics.push({ severity: "warning", code: "reference-outside-skill", message, ...position });
    } else if (!existsSync(target)) {
      const message = `The body refers to '${reference.target}', which does not exist in the skill folder`;
      diagnostics.push({ severity: "warning", code: "broken-reference", message, ...position });
    }
  }
  return diagnostics;
}
