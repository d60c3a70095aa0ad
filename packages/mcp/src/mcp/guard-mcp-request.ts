// Checks in front of the MCP endpoint: Host and Origin against the allowed names (the MCP spec's
// DNS-rebinding guidance, through the SDK's validators) and the API's bearer token — in the
// Authorization header, or (only on a loopback-bound server) as `?token=` for clients that cannot send
// a header; why, in docs/decisions/2026-12-02-mcp-server-static-token.md.

import { createHash, timingSafeEqual } from "node:crypto";
import { hostHeaderValidationResponse, originValidationResponse } from "@modelcontextprotocol/server";

/** What a request is checked against. */
export interface McpRequestGuardOptions {
  /** The bearer token (the API's: `~/.skillbox/token` or `SKILLBOX_TOKEN`). */
  token: string;
  /** Host names (no port; IPv6 in brackets) accepted in the Host header. */
  allowedHostnames: readonly string[];
  /** Host names accepted in an Origin header; requests without one (non-browser clients) pass. */
  allowedOriginHostnames: readonly string[];
  /**
   * Also accept the token as the `token` query parameter: only for a server bound to loopback, where
   * the URL stays on this machine (no proxy or load balancer logs it). Default false.
   */
  acceptQueryToken?: boolean;
}

/** Loopback names every local server accepts. */
export const LOOPBACK_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"] as const;

/**
 * A guard returning the refusal for a request, or undefined when it may proceed: 403 for a Host or
 * Origin that is not allowed, 401 (with `WWW-Authenticate: Bearer`) without the right token.
 */
export function createMcpRequestGuard(
  options: McpRequestGuardOptions,
): (request: Request) => Response | undefined {
  const expected = digest(options.token);
  const hosts = [...options.allowedHostnames];
  const origins = [...options.allowedOriginHostnames];
  return (request) => {
    const refused =
      hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, origins);
    if (refused !== undefined) return refused;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    // Digests have equal lengths, so the comparison takes the same time whatever was sent.
    if (bearer !== undefined && timingSafeEqual(digest(bearer), expected)) return undefined;
    const query = new URL(request.url).searchParams.get("token");
    if (query !== null && bearer === undefined) {
      if (options.acceptQueryToken !== true) {
        return unauthorized(
          "Unauthorized: this server is reachable from other machines, so it takes the token only in the Authorization header (URLs end up in logs): send Authorization: Bearer <token>.",
        );
      }
      if (timingSafeEqual(digest(query), expected)) return undefined;
    }
    return unauthorized(
      options.acceptQueryToken === true
        ? "Unauthorized: send Authorization: Bearer <token>, or add ?token=<token> to the URL if your client cannot send headers (the token is in ~/.skillbox/token or SKILLBOX_TOKEN). This server uses a static token, not OAuth."
        : "Unauthorized: send Authorization: Bearer <token> (the token is in ~/.skillbox/token or SKILLBOX_TOKEN). This server uses a static token, not OAuth.",
    );
  };
}

/**
 * A 401 with the plain `Bearer` challenge and no `resource_metadata`: there is no authorization
 * server to point to, and metadata without one sends spec-following clients to look for it anyway.
 */
function unauthorized(message: string): Response {
  return jsonRpcErrorResponse(401, -32001, message, { "www-authenticate": 'Bearer realm="skillbox"' });
}

/** An HTTP response carrying a JSON-RPC error with no id (the request never reached the server). */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
