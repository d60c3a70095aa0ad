// Reads a request's JSON object body: empty means `{}`, anything but a JSON object is a 400.
import type { Context } from "hono";
import { HttpError } from "./error-response.js";

/** The body as a plain object; throws 400 `invalid-json` for malformed JSON or a non-object. */
export async function readJsonBody(context: Context): Promise<Record<string, unknown>> {
  const text = await context.req.text();
  if (text.trim() === "") return {};
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
