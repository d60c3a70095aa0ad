// resources/subscribe and resources/unsubscribe on 2025-era connections: the McpServer answers neither,
// and notifications/resources/updated must go only to what a client subscribed to.

import type { McpServer } from "@modelcontextprotocol/server";
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
