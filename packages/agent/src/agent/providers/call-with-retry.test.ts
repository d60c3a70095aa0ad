// The retry policy on its own: backoff arithmetic, Retry-After parsing, and when it gives up.

import { isSkillboxError } from "@skillbox/core/errors";
import { describe, expect, it } from "vitest";
import { callWithRetry, computeRetryDelay, DEFAULT_RETRY_OPTIONS } from "./call-with-retry.js";
import { type ProviderFailure, parseRetryAfter } from "./provider-failure.js";

const target = { provider: "openai", baseUrl: "http://127.0.0.1:9/v1", model: "m" };

function failWith(failure: ProviderFailure) {
  return { target, timeoutMs: 1000, retry: { baseDelayMs: 1 }, classifyError: () => failure };
}

describe("computeRetryDelay", () => {
  it("doubles the backoff on each retry, with jitter between half and all of it", () => {
    const retry = { ...DEFAULT_RETRY_OPTIONS, baseDelayMs: 100 };
    expect(computeRetryDelay(0, retry, undefined, () => 0)).toBe(50);
    expect(computeRetryDelay(0, retry, undefined, () => 0.999)).toBeCloseTo(100, 0);
    expect(computeRetryDelay(3, retry, undefined, () => 0)).toBe(400);
  });

  it("caps the backoff and Retry-After at maxDelayMs", () => {
    const retry = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(computeRetryDelay(20, retry, undefined, () => 0.999)).toBeLessThanOrEqual(1000);
    expect(computeRetryDelay(0, retry, 60_000)).toBe(1000);
    expect(computeRetryDelay(0, retry, 250)).toBe(250);
  });
});

describe("parseRetryAfter", () => {
  it("reads retry-after-ms, retry-after seconds, and an HTTP date", () => {
    expect(parseRetryAfter(new Headers({ "retry-after-ms": "150" }))).toBe(150);
    expect(parseRetryAfter(new Headers({ "retry-after": "2" }))).toBe(2000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }), now)).toBe(3000);
  });

  it("ignores missing and unreadable values", () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }))).toBeUndefined();
  });
});

describe("callWithRetry", () => {
  it("gives up at once on a failure that cannot be retried", async () => {
    let attempts = 0;
    const call = callWithRetry(
      async () => {
        attempts += 1;
        throw new Error("bad request");
      },
      failWith({ kind: "http", status: 400, message: "unknown model" }),
    );
    await expect(call).rejects.toMatchObject({
      code: "provider-error",
      message: expect.stringContaining("unknown model"),
    });
    expect(attempts).toBe(1);
  });

  it("retries up to maxRetries times, then names the number of attempts", async () => {
    let attempts = 0;
    const call = callWithRetry(
      async () => {
        attempts += 1;
        throw new Error("refused");
      },
      failWith({ kind: "connection", message: "connect ECONNREFUSED" }),
    );
    const error: unknown = await call.catch((caught: unknown) => caught);
    expect(isSkillboxError(error, "provider-error")).toBe(true);
    expect((error as Error).message).toContain(`after ${DEFAULT_RETRY_OPTIONS.maxRetries + 1} attempts`);
    expect((error as Error).message).toContain("Check the base URL");
    expect(attempts).toBe(DEFAULT_RETRY_OPTIONS.maxRetries + 1);
  });

  it("throws aborted without calling at all when the signal is already aborted", async () => {
    let attempts = 0;
    const call = callWithRetry(
      async () => {
        attempts += 1;
        return "never";
      },
      { ...failWith({ kind: "connection", message: "x" }), signal: AbortSignal.abort() },
    );
    await expect(call).rejects.toMatchObject({ code: "aborted" });
    expect(attempts).toBe(0);
  });

  it("stops a backoff wait when the caller aborts", async () => {
    const controller = new AbortController();
    const call = callWithRetry(
      async () => {
        setTimeout(() => controller.abort(), 20);
        throw new Error("busy");
      },
      {
        target,
        timeoutMs: 1000,
        retry: { baseDelayMs: 10_000 },
        signal: controller.signal,
        classifyError: () => ({ kind: "http", status: 503, message: "busy" }),
      },
    );
    await expect(call).rejects.toMatchObject({ code: "aborted" });
  });
});
