// Checks in front of the MCP endpoint: Host and Origin against the allowed names (the MCP spec's
// DNS-rebinding guidance, through the SDK's validators) and the API's bearer token.

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
    return jsonRpcErrorResponse(
      401,
      -32001,
      "Unauthorized: send Authorization: Bearer <token> (the token is in ~/.skillbox/token or SKILLBOX_TOKEN).",
      { "www-authenticate": 'Bearer realm="skillbox"' },
    );
  };
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
