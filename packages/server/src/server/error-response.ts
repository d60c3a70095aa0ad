// The one mapping from thrown errors to `{ error: { code, message } }` responses with a fitting status.

import { describeError, isSkillboxError, type SkillboxErrorCode } from "@skillbox/core/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody } from "./api-types.js";

export type { ErrorBody };

const STATUS_BY_CODE: Partial<Record<SkillboxErrorCode, ContentfulStatusCode>> = {
  "usage-error": 400,
  "invalid-argument": 400,
  "invalid-name": 400,
  "path-escape": 400,
  "not-a-directory": 400,
  "path-not-found": 404,
  "skill-not-found": 404,
  "file-too-large": 413,
  unauthorized: 401,
  forbidden: 403,
  "permission-denied": 403,
  "skill-not-invocable": 409,
  conflict: 409,
  "store-locked": 409,
  timeout: 504,
  "provider-timeout": 504,
  "provider-error": 502,
  "network-error": 502,
  "git-error": 502,
  "rate-limited": 429,
  "install-error": 422,
  "unsafe-source": 422,
  "source-too-large": 413,
  "integrity-mismatch": 409,
  "consent-required": 409,
  // The shared database is down: reads still answer from memory, writes are refused, never dropped.
  "store-unavailable": 503,
};

/** An error the routes throw that already knows its HTTP status and code (e.g. 413, 415). */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: ContentfulStatusCode;
  readonly code: string;

  constructor(status: ContentfulStatusCode, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The status and body for anything thrown; unknown errors are 500 `internal-error` without a stack. */
export function describeErrorResponse(error: unknown): { status: ContentfulStatusCode; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { error: { code: error.code, message: error.message } } };
  }
  if (isSkillboxError(error)) {
    const status = STATUS_BY_CODE[error.code] ?? 500;
    return { status, body: { error: { code: error.code, message: error.message } } };
  }
  return {
    status: 500,
    body: {
      error: {
        code: "internal-error",
        message: `Internal error: ${describeError(error)}. Check the server's output and report it.`,
      },
    },
  };
}

/** Writes the JSON error answer for `error` (the app's onError handler). */
export function respondWithError(error: unknown, context: Context): Response {
  const { status, body } = describeErrorResponse(error);
  return context.json(body, status);
}
