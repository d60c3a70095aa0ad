// The one retry policy for model calls: exponential backoff with jitter, Retry-After, an idle
// timeout per attempt, and the caller's abort signal. The SDKs' own retries are switched off.

import { SkillboxError } from "@skillbox/core/errors";
import {
  createProviderError,
  isRetryableFailure,
  type ProviderFailure,
  type ProviderTarget,
} from "./provider-failure.js";

/** How often and how patiently a failed model call is retried. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** The first backoff in milliseconds, doubled on each retry (default 500). */
  baseDelayMs?: number;
  /** The longest single wait, Retry-After included (default 30 000). */
  maxDelayMs?: number;
}

/** Defaults for RetryOptions. */
export const DEFAULT_RETRY_OPTIONS: Required<RetryOptions> = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

/** What one attempt gets: its own signal, and hooks that report progress. */
export interface AttemptContext {
  /** Aborted when the caller aborts or the attempt times out. */
  signal: AbortSignal;
  /** Restarts the idle timer; call on every chunk received. */
  touch(): void;
  /** Hands a text delta to the caller; after that, a failure is no longer retried. */
  emitText(delta: string): void;
}

export interface CallWithRetryOptions {
  target: ProviderTarget;
  classifyError(error: unknown): ProviderFailure;
  retry?: RetryOptions;
  /** The longest wait for the answer to start or for the next streamed chunk. */
  timeoutMs: number;
  signal?: AbortSignal;
  onText?: (delta: string) => void;
  /** Source of jitter in [0, 1); injectable for tests. */
  random?: () => number;
}

/** Runs `attempt` until it succeeds, fails for good, or retries run out; throws SkillboxError. */
export async function callWithRetry<T>(
  attempt: (context: AttemptContext) => Promise<T>,
  options: CallWithRetryOptions,
): Promise<T> {
  const retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
  let outputDelivered = false;
  const emitText = (delta: string) => {
    outputDelivered = true;
    options.onText?.(delta);
  };
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    throwIfCallerAborted(options.signal);
    const outcome = await runAttempt(attempt, options, emitText);
    if (outcome.ok) return outcome.value;
    const { failure, error } = outcome;
    const canRetry = isRetryableFailure(failure) && attemptNumber <= retry.maxRetries && !outputDelivered;
    if (!canRetry) {
      throw createProviderError(failure, options.target, {
        attempts: attemptNumber,
        outputDelivered,
        cause: error,
      });
    }
    await sleep(
      computeRetryDelay(attemptNumber - 1, retry, failure.retryAfterMs, options.random),
      options.signal,
    );
  }
}

/** The wait before retry number `retryIndex` (0-based): Retry-After if given, else backoff with jitter. */
export function computeRetryDelay(
  retryIndex: number,
  retry: Required<RetryOptions>,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, retry.maxDelayMs);
  const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** retryIndex);
  // "Equal jitter": half fixed, half random, so clients that failed together spread out.
  return backoff / 2 + (random() * backoff) / 2;
}

type AttemptOutcome<T> = { ok: true; value: T } | { ok: false; failure: ProviderFailure; error: unknown };

async function runAttempt<T>(
  attempt: (context: AttemptContext) => Promise<T>,
  options: CallWithRetryOptions,
  emitText: (delta: string) => void,
): Promise<AttemptOutcome<T>> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`no response for ${options.timeoutMs} ms`));
    }, options.timeoutMs);
  };
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", forwardAbort, { once: true });
  touch();
  try {
    const value = await attempt({ signal: controller.signal, touch, emitText });
    // The SDKs end a stream quietly when its signal aborts, so a "success" may be cut short.
    if (controller.signal.aborted) throw controller.signal.reason;
    return { ok: true, value };
  } catch (error) {
    throwIfCallerAborted(options.signal);
    if (timedOut) {
      return {
        ok: false,
        error,
        failure: { kind: "timeout", message: `no response for ${options.timeoutMs} ms` },
      };
    }
    return { ok: false, error, failure: options.classifyError(error) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }
}

function throwIfCallerAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new SkillboxError("aborted", "The model call was aborted by the caller.", { cause: signal.reason });
  }
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  throwIfCallerAborted(signal);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(
        new SkillboxError("aborted", "The model call was aborted by the caller.", { cause: signal?.reason }),
      );
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
