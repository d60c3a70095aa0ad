// One-time login codes and the browser sessions they open (Jupyter's pattern): codes are single-use
// and expire, sessions are bound to the Host they were opened on; all in memory, gone on restart.
import { createHash, randomBytes } from "node:crypto";

/** How long a login code printed by `skillbox serve` works (15 minutes). */
export const DEFAULT_LOGIN_CODE_TTL_MS = 15 * 60 * 1000;
/** A session unused for this long (24 hours) is signed out. */
export const DEFAULT_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** Sessions kept at most; the least recently used goes first. */
const MAX_SESSIONS = 256;
/** Unredeemed codes kept at most; the oldest goes first. */
const MAX_CODES = 64;

export interface SignInSessionsOptions {
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
  codeTtlMs?: number;
  sessionIdleMs?: number;
}

/** Login codes and sessions of one server. */
export interface SignInSessions {
  /** A fresh single-use login code (not the token), valid for the code TTL. */
  issueCode(): string;
  /** True once for a code that was issued and has not expired; the code is spent either way. */
  redeemCode(code: string): boolean;
  /** Opens a session for requests carrying this Host header; returns its id (the cookie's value). */
  openSession(host: string): string;
  /** True when `id` is an open session opened on this same Host; refreshes its idle time. */
  hasSession(id: string | undefined, host: string): boolean;
}

/** Creates the in-memory store. Secrets are kept as SHA-256 digests, so lookups leak nothing by timing. */
export function createSignInSessions(options: SignInSessionsOptions = {}): SignInSessions {
  const clock = options.clock ?? Date.now;
  const codeTtlMs = options.codeTtlMs ?? DEFAULT_LOGIN_CODE_TTL_MS;
  const sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const codes = new Map<string, number>();
  const sessions = new Map<string, { host: string; lastUsedAt: number }>();

  return {
    issueCode() {
      const code = randomBytes(24).toString("base64url");
      codes.set(digest(code), clock() + codeTtlMs);
      dropOldest(codes, MAX_CODES);
      return code;
    },
    redeemCode(code) {
      const key = digest(code);
      const expiresAt = codes.get(key);
      codes.delete(key);
      return expiresAt !== undefined && clock() < expiresAt;
    },
    openSession(host) {
      const id = randomBytes(32).toString("base64url");
      sessions.set(digest(id), { host: host.toLowerCase(), lastUsedAt: clock() });
      dropOldest(sessions, MAX_SESSIONS);
      return id;
    },
    hasSession(id, host) {
      if (id === undefined || id === "") return false;
      const key = digest(id);
      const session = sessions.get(key);
      if (session === undefined) return false;
      const now = clock();
      if (now - session.lastUsedAt > sessionIdleMs) {
        sessions.delete(key);
        return false;
      }
      if (session.host !== host.toLowerCase()) return false;
      // Re-inserting keeps the map in least-recently-used order for dropOldest.
      sessions.delete(key);
      sessions.set(key, { ...session, lastUsedAt: now });
      return true;
    },
  };
}

/** The session cookie's name; it carries the port because browsers share cookies across ports. */
export function sessionCookieName(port: number | undefined): string {
  return port === undefined ? "skillbox-session" : `skillbox-session-${port}`;
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

function dropOldest(map: Map<string, unknown>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) return;
    map.delete(key);
  }
}
