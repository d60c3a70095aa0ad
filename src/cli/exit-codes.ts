// The one place where failures become exit codes: 0 ok, 1 problems found or operation failed, 2 usage.

import type { SkillboxErrorCode } from "@skillbox/core/errors";
import { isSkillboxError } from "@skillbox/core/errors";

export const EXIT_OK = 0;
export const EXIT_PROBLEMS = 1;
export const EXIT_USAGE = 2;

const USAGE_CODES: ReadonlySet<SkillboxErrorCode> = new Set([
  "usage-error",
  "invalid-argument",
  "path-not-found",
  "not-a-directory",
]);

/** The exit code for a thrown value: 2 for usage errors (bad flags, missing paths), else 1. */
export function exitCodeForError(error: unknown): number {
  return isSkillboxError(error) && USAGE_CODES.has(error.code) ? EXIT_USAGE : EXIT_PROBLEMS;
}
