// Request checks in front of every route: Host (DNS rebinding), Origin (cross-site calls), and on
// writes either the bearer token or a signed-in session from this server's own page.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "./error-response.js";

/** What the guard checks against. */
export interface GuardOptions {
  token: string;
  /** The port the server listens on; undefined (no socket, tests) accepts loopback names on any port. */
  port: () => number | undefined;
  /** Extra `host` or `host:port` values accepted in the Host header (e.g. a LAN name when bound elsewhere). */
  allowedHosts?: readonly string[];
  /** True when the request carries a session opened by signing in; without it only the token counts. */
  hasSession?: (context: Context) => boolean;
  /** Reads that need credentials like writes (they act on the network); paths, exact. */
  protectedReads?: readonly string[];
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Writes that need no credentials: signing in is how a browser gets them. */
const OPEN_WRITE_PATHS = new Set(["/login"]);

/**
 * Refuses requests whose Host is not this server's (403 `host-not-allowed`), whose Origin, when
 * present, is not this server's own origin (403 `origin-not-allowed`), and writes that carry neither
 * the bearer token nor a session with this server's Origin (401 `unauthorized`).
 */
export function createRequestGuard(options: GuardOptions): MiddlewareHandler {
  const matchesToken = createTokenMatcher(options.token);
  const extra = (options.allowedHosts ?? []).map((host) => host.toLowerCase());
  return async (context, next) => {
    const host = requestHost(context);
    if (!isAllowedHost(host, options.port(), extra)) {
      throw new HttpError(
        403,
        "host-not-allowed",
        `Host ${JSON.stringify(host)} is not this Skillbox server. Open it as http://127.0.0.1:<port>/ or start it with an allowed host.`,
      );
    }
    const origin = context.req.header("origin");
    if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
      throw new HttpError(
        403,
        "origin-not-allowed",
        `Requests from ${origin} are refused: only the settings page served by this server may call the API.`,
      );
    }
    const write = WRITE_METHODS.has(context.req.method) && !OPEN_WRITE_PATHS.has(context.req.path);
    if (write || options.protectedReads?.includes(context.req.path) === true) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(context.req.header("authorization") ?? "")?.[1];
      // A session is a cookie the browser adds by itself, so it counts only with this page's Origin.
      // Browsers send no Origin on a same-origin GET: there, Sec-Fetch-Site must say same-origin.
      const fromPage =
        origin !== undefined || (!write && context.req.header("sec-fetch-site") === "same-origin");
      const signedIn = fromPage && options.hasSession?.(context) === true;
      if (!(bearer !== undefined && matchesToken(bearer)) && !signedIn) {
        context.header("WWW-Authenticate", 'Bearer realm="skillbox"');
        throw new HttpError(
          401,
          "unauthorized",
          "This change needs `Authorization: Bearer <token>` (the token is in ~/.skillbox/token or SKILLBOX_TOKEN), or the settings page signed in through the link `skillbox serve` printed; reload the page to sign in again.",
        );
      }
    }
    await next();
  };
}

/** The request's Host header (or the URL's host), lower-cased. */
export function requestHost(context: Context): string {
  return (context.req.header("host") ?? new URL(context.req.url).host).toLowerCase();
}

/** A constant-time comparison against `token`. */
export function createTokenMatcher(token: string): (candidate: string) => boolean {
  const expected = digest(token);
  // Digests have equal lengths, so the comparison takes the same time whatever was sent.
  return (candidate) => timingSafeEqual(digest(candidate), expected);
}

/** True for `<loopback name>:<port>` (any port when unknown) and the extra hosts. */
export function isAllowedHost(host: string, port: number | undefined, extra: readonly string[]): boolean {
  if (extra.includes(host)) return true;
  const separator = host.lastIndexOf(":");
  const hasPort = separator > host.lastIndexOf("]");
  const name = hasPort ? host.slice(0, separator) : host;
  const hostPort = hasPort ? host.slice(separator + 1) : undefined;
  if (extra.includes(name) && (hostPort === undefined || hostPort === String(port))) return true;
  if (!LOOPBACK_NAMES.includes(name)) return false;
  if (port === undefined) return true;
  return hostPort === String(port) || (hostPort === undefined && port === 80);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
