// resources/subscribe and resources/unsubscribe on 2025-era connections: the McpServer answers neither,
// and notifications/resources/updated must go only to what a client subscribed to.

import { type McpServer, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { canonical } from "./skill-entry-cache.js";

/** The URIs one connection subscribed to. */
export interface ResourceSubscriptions {
  has(uri: string): boolean;
}

/** Declares `resources.subscribe` and answers the two methods; call before connecting. */
export function registerResourceSubscriptions(mcp: McpServer): ResourceSubscriptions {
  const subscribed = new Set<string>();
  mcp.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  mcp.server.setRequestHandler("resources/subscribe", (request) => {
    subscribed.add(canonical(request.params.uri));
    return {};
  });
  mcp.server.setRequestHandler("resources/unsubscribe", (request) => {
    subscribed.delete(canonical(request.params.uri));
    return {};
  });
  return { has: (uri) => subscribed.has(canonical(uri)) };
}

/**
 * For a 2025-era server that answers one request and is gone (`--stateless`): it can never send
 * `resources/updated`, so `resources.subscribe` is not advertised and a subscribe is refused with
 * what to do instead, rather than answered `{}` and never honoured.
 */
export function refuseResourceSubscriptions(mcp: McpServer): void {
  const refuse = () => {
    throw new ProtocolError(
      ProtocolErrorCode.MethodNotFound,
      "This server runs stateless (skillbox mcp --http --stateless): it keeps no session, so it cannot send resources/updated. " +
        "Re-read skills/list or the resource when you need it, or connect to a server started without --stateless.",
    );
  };
  mcp.server.setRequestHandler("resources/subscribe", refuse);
  mcp.server.setRequestHandler("resources/unsubscribe", refuse);
}
