// The one error class for operational failures (I/O, network, a missing skill asked for by code).
// Bad user content is never thrown: it is a Diagnostic (see skills/diagnostic.ts).

/** Every code a SkillboxError can carry. Front ends map these to exit codes and HTTP statuses. */
export type SkillboxErrorCode =
  | "usage-error"
  | "invalid-argument"
  | "invalid-name"
  | "path-not-found"
  | "not-a-directory"
  | "path-escape"
  | "file-too-large"
  | "io-error"
  | "skill-not-found"
  | "skill-not-invocable"
  | "config-error"
  | "provider-error"
  | "provider-timeout"
  | "store-error"
  | "store-corrupt"
  | "store-locked"
  | "store-unavailable"
  | "permission-denied"
  | "timeout"
  | "aborted"
  | "unauthorized"
  | "forbidden"
  | "conflict"
  | "install-error"
  | "network-error"
  | "rate-limited"
  | "unsafe-source"
  | "source-too-large"
  | "integrity-mismatch"
  | "consent-required"
  | "git-error";

export interface SkillboxErrorOptions {
  cause?: unknown;
  data?: Record<string, unknown>;
}

/** An operational failure whose message says what went wrong and what to do next. */
export class SkillboxError extends Error {
  override readonly name = "SkillboxError";
  readonly code: SkillboxErrorCode;
  readonly data: Record<string, unknown>;

  constructor(code: SkillboxErrorCode, message: string, options: SkillboxErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options.data ?? {};
  }
}

/** True when `value` is a SkillboxError, optionally with the given code. */
export function isSkillboxError(value: unknown, code?: SkillboxErrorCode): value is SkillboxError {
  return value instanceof SkillboxError && (code === undefined || value.code === code);
}

/** A one-line description of any thrown value, for messages that must not show a stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
