// Why a server's listing or read failed, in words that say what to do: the SDK's own messages name
// its internals ("Connection closed" after a message over the size limit; "pagination did not
// terminate" when a listing merely ran into the page cap).

import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import type { McpConnection } from "./connect-mcp-server.js";

/** One failure of `label`'s server: a code for its diagnostic and a message naming the server. */
export interface McpFailure {
  code: "mcp-message-too-large" | "mcp-list-page-cap" | "mcp-server-unavailable";
  message: string;
}

/** Describes `error` from a request to `label`'s server (on `connection`, when there is one). */
export function describeMcpFailure(
  label: string,
  error: unknown,
  connection: McpConnection | undefined,
): McpFailure {
  const closedBecause = connection?.closedBecause?.();
  if (closedBecause !== undefined) return { code: "mcp-message-too-large", message: closedBecause.message };
  if (error instanceof SdkError && error.code === SdkErrorCode.ListPaginationExceeded) {
    const data = (error.data ?? {}) as { method?: unknown; listMaxPages?: unknown };
    const method = typeof data.method === "string" ? data.method : "the listing";
    const pages = typeof data.listMaxPages === "number" ? data.listMaxPages : "its";
    return {
      code: "mcp-list-page-cap",
      message: `MCP server "${label}": ${method} stopped at the cap of ${pages} pages with more still to come, so none of its skills are used; ask the server's maintainer to send larger pages (or fewer entries)`,
    };
  }
  return {
    code: "mcp-server-unavailable",
    message: `MCP server "${label}" could not be used: ${error instanceof Error ? error.message : String(error)}`,
  };
}
