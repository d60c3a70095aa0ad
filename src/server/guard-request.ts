// Request checks in front of every route: Host (DNS rebinding), Origin (cross-site calls), bearer token on writes.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { HttpError } from "./error-response.js";

/** What the guard checks against. */
export interface GuardOptions {
  token: string;
  /** The port the server listens on; undefined (no socket, tests) accepts loopback names on any port. */
  port: () => number | undefined;
  /** Extra `host` or `host:port` values accepted in the Host header (e.g. a LAN name when bound elsewhere). */
  allowedHosts?: readonly string[];
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses requests whose Host is not this server's (403 `host-not-allowed`), whose Origin, when
 * present, is not this server's own origin (403 `origin-not-allowed`), and writes without the bearer
 * token (401 `unauthorized`).
 */
export function createRequestGuard(options: GuardOptions): MiddlewareHandler {
  const expected = digest(options.token);
  const extra = (options.allowedHosts ?? []).map((host) => host.toLowerCase());
  return async (context, next) => {
    const host = (context.req.header("host") ?? new URL(context.req.url).host).toLowerCase();
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
    if (WRITE_METHODS.has(context.req.method) && !hasToken(context.req.header("authorization"), expected)) {
      context.header("WWW-Authenticate", 'Bearer realm="skillbox"');
      throw new HttpError(
        401,
        "unauthorized",
        "This change needs `Authorization: Bearer <token>`; the token is in ~/.skillbox/token (or SKILLBOX_TOKEN).",
      );
    }
    await next();
  };
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

function hasToken(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  // Digests have equal lengths, so the comparison takes the same time whatever was sent.
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
