// Checks what the install routes are sent before the installer sees it: the source (only remote
// ones over HTTP), the chosen skills, the scope, and skill names in paths. Every refusal is a 400
// that says what was wrong.

import { findUnsafeNameReason } from "@skillbox/core/skills/skill-name";
import { parseSource, type SourceSpec } from "@skillbox/installer/install/index";
import type { InstallScope } from "./api-types.js";
import { HttpError } from "./error-response.js";

/** Skills one request may choose at most. */
const MAX_CHOSEN_SKILLS = 200;
const SCOPES: readonly InstallScope[] = ["project", "user"];

/**
 * Parses `value` as a source the server may read: GitHub (`owner/repo[/path][@ref]`, links), skills.sh
 * ids, git URLs and archive URLs. Local folders, local archives and `file:` URLs are refused: a
 * request must not make the server read its own disk (`skillbox add` in a terminal installs those).
 */
export function readRemoteSource(value: unknown, folders: { cwd: string; home: string }): SourceSpec {
  if (typeof value !== "string" || value.trim() === "") {
    throw invalidSource('"source" must be a non-empty string, e.g. "owner/repo" or a GitHub link.');
  }
  if (value.length > 2048) throw invalidSource('"source" is longer than 2048 characters.');
  // The installer's own checks: unsafe paths inside a repository, refs, git URL forms.
  const spec = parseSource(value, folders);
  if (spec.type === "local" || (spec.type === "archive" && !spec.remote) || isLocalGitUrl(spec)) {
    throw invalidSource(
      `${JSON.stringify(value)} is a path on the server's disk; over HTTP only GitHub repositories, skills.sh ids, git URLs and archive URLs are installed from. Use skillbox add in a terminal for local folders.`,
    );
  }
  return spec;
}

/** The `skills` field: names or folders in the source, at least one, none that reads as a path out of it. */
export function readChosenSkills(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new HttpError(
      400,
      "invalid-argument",
      '"skills" must list the names of the skills to install (POST /api/install/scan shows them).',
    );
  }
  if (value.length > MAX_CHOSEN_SKILLS) {
    throw new HttpError(400, "invalid-argument", `"skills" may name at most ${MAX_CHOSEN_SKILLS} skills.`);
  }
  return value.map((item, index) => {
    if (typeof item !== "string" || item.trim() === "") {
      throw new HttpError(400, "invalid-argument", `skills[${index}]: must be a non-empty string.`);
    }
    const problem = describeUnsafeSelector(item);
    if (problem !== undefined) {
      throw new HttpError(
        400,
        "invalid-argument",
        `skills[${index}]: ${JSON.stringify(item)} is not a skill name or a folder in the source: ${problem}.`,
      );
    }
    return item;
  });
}

/** The `scope` field or query parameter; `fallback` when absent. */
export function readScope(value: unknown, fallback: InstallScope): InstallScope;
export function readScope(value: unknown, fallback: undefined): InstallScope | undefined;
export function readScope(value: unknown, fallback: InstallScope | undefined): InstallScope | undefined {
  if (value === undefined || value === "") return fallback;
  if (typeof value === "string" && SCOPES.includes(value as InstallScope)) return value as InstallScope;
  throw new HttpError(
    400,
    "invalid-argument",
    `Scope ${JSON.stringify(value)} is unknown; use project or user.`,
  );
}

/** An optional boolean field. */
export function readFlag(value: unknown, field: string): boolean {
  if (value === undefined) return false;
  if (typeof value === "boolean") return value;
  throw new HttpError(400, "invalid-argument", `"${field}" must be true or false.`);
}

/** A skill name taken from the URL: refused with 400 `invalid-name` when it could be read as a path. */
export function readSkillNameParameter(name: string): string {
  const problem = findUnsafeNameReason(name);
  if (problem !== undefined) {
    throw new HttpError(400, "invalid-name", `${JSON.stringify(name)} is not a skill name: ${problem}.`);
  }
  return name;
}

function isLocalGitUrl(spec: SourceSpec): boolean {
  return spec.type === "git" && /^file:/i.test(spec.url);
}

/** Why a selector could leave the source's folders, or undefined when it cannot. */
function describeUnsafeSelector(selector: string): string | undefined {
  if (/[\p{Cc}\\]/u.test(selector)) return "it contains a backslash or a control character";
  if (selector.startsWith("/") || /^[A-Za-z]:/.test(selector)) return "it is an absolute path";
  const segments = selector.replace(/^\.\/|\/$/g, "").split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === "")) {
    return "it contains '..', '.' or an empty folder name";
  }
  return undefined;
}

function invalidSource(message: string): HttpError {
  return new HttpError(400, "invalid-source", message);
}
