// One-time login codes and the browser sessions they open (Jupyter's pattern), with nothing kept per
// process: codes and session cookies are HMAC-signed with a key derived from the API token, so every
// instance sharing the token accepts them, and a spent code is claimed in the shared cache store, so
// it works once across the fleet. See docs/decisions/2026-12-01-stateless-sign-in.md.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { SkillboxError } from "@skillbox/core/errors";
import { type CacheStore, InMemoryCacheStore } from "@skillbox/core/store/cache-store";

/** How long a login code printed by `skillbox serve` works (15 minutes). */
export const DEFAULT_LOGIN_CODE_TTL_MS = 15 * 60 * 1000;
/** A session unused for this long (24 hours) is signed out. */
export const DEFAULT_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** A session is signed out this long (7 days) after signing in, however busy. */
export const DEFAULT_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session cookie older than this (5 minutes) is replaced by a fresh one on its next use. */
const RENEW_AFTER_MS = 5 * 60 * 1000;
/** A store that has not answered a claim in this long is treated as down. */
const DEFAULT_CLAIM_TIMEOUT_MS = 5000;
/** The cache namespace spent codes are claimed in. */
const SPENT_CODES_NAMESPACE = "sign-in-spent-codes";

export interface SignInSessionsOptions {
  /**
   * The secret the signing keys derive from: the API token, so instances sharing it accept each
   * other's codes and sessions, and a new token signs every browser out. Default: random for this
   * process (codes and sessions then work on this process only).
   */
  secret?: string;
  /**
   * Where spent codes are claimed; the workspace's cache store, shared by every instance on one
   * database. Default: an in-memory cache (single-use within this process only).
   */
  spentCodes?: Pick<CacheStore, "claim">;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
  codeTtlMs?: number;
  sessionIdleMs?: number;
  sessionMaxAgeMs?: number;
  /** How long a redemption waits for the spent-code store before answering `store-unavailable`; default 5 s. */
  claimTimeoutMs?: number;
}

/** What a session cookie says about its request. */
export type SessionCheck =
  | { valid: false }
  /** `renewed`: a fresh cookie value to send back, when the one sent is due for renewal. */
  | { valid: true; renewed?: string };

/** Login codes and sessions. */
export interface SignInSessions {
  /** A fresh single-use login code (not the token), valid for the code TTL. */
  issueCode(): string;
  /**
   * True once for a code issued with this secret that has not expired; false for any other, or once
   * any instance redeemed it. Rejects (`store-unavailable`) when the spent-code store cannot answer.
   */
  redeemCode(code: string): Promise<boolean>;
  /** Opens a session for requests carrying this Host header; returns the cookie's value. */
  openSession(host: string): string;
  /** Whether `id` is a session opened on this same Host, unexpired; and its renewal when due. */
  checkSession(id: string | undefined, host: string): SessionCheck;
  /** True when `id` is a valid session opened on this same Host. */
  hasSession(id: string | undefined, host: string): boolean;
}

interface CodeClaims {
  /** Expiry, epoch milliseconds. */
  e: number;
  /** Random, so two codes issued in one millisecond differ. */
  n: string;
}

interface SessionClaims {
  /** The Host header it was opened with, lower-cased. */
  h: string;
  /** Signed in at. */
  s: number;
  /** Last renewed at (the idle time counts from here). */
  r: number;
}

/** Creates the signer and checker; nothing in it changes after creation but the clock. */
export function createSignInSessions(options: SignInSessionsOptions = {}): SignInSessions {
  const clock = options.clock ?? Date.now;
  const codeTtlMs = options.codeTtlMs ?? DEFAULT_LOGIN_CODE_TTL_MS;
  const sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const sessionMaxAgeMs = options.sessionMaxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS;
  const secret = options.secret ?? randomBytes(32).toString("base64url");
  const spentCodes = options.spentCodes ?? new InMemoryCacheStore({ now: clock });
  const claimTimeoutMs = options.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS;
  // One key per purpose, so a code can never pass as a session cookie or the other way round.
  const codes = createSigner(secret, "login-code");
  const sessions = createSigner(secret, "session");

  const readSession = (id: string | undefined, host: string): SessionClaims | undefined => {
    if (id === undefined || id === "") return undefined;
    const claims = sessions.verify(id);
    if (!isSessionClaims(claims)) return undefined;
    const now = clock();
    if (claims.h !== host.toLowerCase()) return undefined;
    if (now - claims.r > sessionIdleMs || now - claims.s > sessionMaxAgeMs || claims.r > now + 60_000)
      return undefined;
    return claims;
  };

  return {
    issueCode() {
      const claims: CodeClaims = { e: clock() + codeTtlMs, n: randomBytes(12).toString("base64url") };
      return codes.sign(claims);
    },
    async redeemCode(code) {
      const claims = codes.verify(code);
      if (!isCodeClaims(claims)) return false;
      const remaining = claims.e - clock();
      if (remaining <= 0) return false;
      // Kept until the code expires anyway; after that the signature check refuses it by itself.
      return withinTime(
        spentCodes.claim(SPENT_CODES_NAMESPACE, digest(claims.n), true, { ttlMs: remaining }),
        claimTimeoutMs,
      );
    },
    openSession(host) {
      const now = clock();
      return sessions.sign({ h: host.toLowerCase(), s: now, r: now } satisfies SessionClaims);
    },
    checkSession(id, host) {
      const claims = readSession(id, host);
      if (claims === undefined) return { valid: false };
      const now = clock();
      if (now - claims.r < RENEW_AFTER_MS) return { valid: true };
      return { valid: true, renewed: sessions.sign({ ...claims, r: now } satisfies SessionClaims) };
    },
    hasSession: (id, host) => readSession(id, host) !== undefined,
  };
}

/** The session cookie's name; it carries the port because browsers share cookies across ports. */
export function sessionCookieName(port: number | string | undefined): string {
  return port === undefined ? "skillbox-session" : `skillbox-session-${port}`;
}

/** `base64url(JSON claims).base64url(HMAC-SHA256)`; verify answers the claims or undefined. */
function createSigner(secret: string, purpose: string) {
  const key = createHmac("sha256", secret).update(`skillbox sign-in v1 ${purpose}`).digest();
  const mac = (body: string) => createHmac("sha256", key).update(body).digest();
  return {
    sign(claims: object): string {
      const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${body}.${mac(body).toString("base64url")}`;
    },
    verify(value: string): unknown {
      const dot = value.indexOf(".");
      if (dot <= 0 || value.length > 1024) return undefined;
      const body = value.slice(0, dot);
      // The text is compared, not decoded bytes: base64url has spare bits, so other spellings decode
      // to the same MAC, and each would be a fresh "unspent" code. The length is public (43 chars).
      const sent = Buffer.from(value.slice(dot + 1));
      const expected = Buffer.from(mac(body).toString("base64url"));
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
      try {
        return JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      } catch {
        return undefined;
      }
    },
  };
}

function isCodeClaims(value: unknown): value is CodeClaims {
  const claims = value as Partial<CodeClaims> | null;
  return (
    typeof claims === "object" && claims !== null && Number.isFinite(claims.e) && typeof claims.n === "string"
  );
}

function isSessionClaims(value: unknown): value is SessionClaims {
  const claims = value as Partial<SessionClaims> | null;
  return (
    typeof claims === "object" &&
    claims !== null &&
    typeof claims.h === "string" &&
    Number.isFinite(claims.s) &&
    Number.isFinite(claims.r)
  );
}

/** The claim's answer, or `store-unavailable` after `timeoutMs` (a store retrying through an outage waits on). */
async function withinTime(claim: Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new SkillboxError(
            "store-unavailable",
            `The store did not confirm the sign-in code within ${timeoutMs / 1000} s (is the database reachable?). Sign in with the token instead, or try the link again later.`,
          ),
        ),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([claim, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}
