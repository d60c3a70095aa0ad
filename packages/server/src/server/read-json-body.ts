// Request bodies of the API: writes declare `application/json` (415 otherwise); an empty body means
// `{}`, anything but a JSON object is a 400.
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "./error-response.js";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The media type of a Content-Type header, lower-cased, without parameters; undefined when absent. */
export function mediaType(header: string | undefined): string | undefined {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return type === "" ? undefined : type;
}

/**
 * Refuses a write whose Content-Type is anything but `application/json` with 415
 * `unsupported-media-type`; a write without a Content-Type is let through (readJsonBody then
 * refuses a non-empty body), so `POST /api/refresh` needs no header.
 */
export function requireJsonWrites(): MiddlewareHandler {
  return async (context, next) => {
    const type = mediaType(context.req.header("content-type"));
    if (WRITE_METHODS.has(context.req.method) && type !== undefined && type !== "application/json") {
      throw unsupportedMediaType(type);
    }
    await next();
  };
}

/** The body as a plain object; throws 415 for a body not declared JSON, 400 `invalid-json` for malformed JSON or a non-object. */
export async function readJsonBody(context: Context): Promise<Record<string, unknown>> {
  const text = await context.req.text();
  if (text.trim() === "") return {};
  const type = mediaType(context.req.header("content-type"));
  if (type !== "application/json") throw unsupportedMediaType(type);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpError(
      400,
      "invalid-json",
      `The request body is not valid JSON (${(error as Error).message}).`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new HttpError(400, "invalid-json", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

/** Throws 400 `invalid-argument` naming the keys of `body` outside `allowed`. */
export function rejectUnknownKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      "invalid-argument",
      `Unknown field${unknown.length > 1 ? "s" : ""} ${unknown.map((key) => JSON.stringify(key)).join(", ")}; allowed: ${allowed.join(", ")}.`,
    );
  }
}

function unsupportedMediaType(type: string | undefined): HttpError {
  return new HttpError(
    415,
    "unsupported-media-type",
    `Send the body as application/json${type === undefined ? " (no Content-Type was given)" : `, not ${type}`}.`,
  );
}
