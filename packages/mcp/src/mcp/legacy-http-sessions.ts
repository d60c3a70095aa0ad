// 2025-era Streamable HTTP sessions: one McpServer and transport per session, created by an
// `initialize` POST, capped in number and closed after a quiet spell.

import { randomUUID } from "node:crypto";
import {
  isInitializeRequest,
  type McpServer,
  readRequestBody,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { jsonRpcErrorResponse } from "./guard-mcp-request.js";

export interface LegacyHttpSessionsOptions {
  /** A fresh server for each new session. */
  createServer: () => McpServer;
  /** Called when a session's server is closed (so shared state can forget it). */
  onServerClosed?: (server: McpServer) => void;
  maxSessions: number;
  maxBodyBytes: number;
  /** Sessions without a request for this long are closed. */
  idleMs: number;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
}

/** The session table and its request handler. */
export interface LegacyHttpSessions {
  handle(request: Request): Promise<Response>;
  count(): number;
  /** Closes sessions idle longer than `idleMs`; returns how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

type Session = { transport: WebStandardStreamableHTTPServerTransport; server: McpServer; lastSeen: number };

/** Sessions keyed by `mcp-session-id`; unknown IDs are 404, a full table answers a new initialize with 503. */
export function createLegacyHttpSessions(options: LegacyHttpSessionsOptions): LegacyHttpSessions {
  const clock = options.clock ?? Date.now;
  const sessions = new Map<string, Session>();
  let opening = 0;

  async function drop(id: string): Promise<void> {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    options.onServerClosed?.(session.server);
    await session.server.close();
  }

  async function open(request: Request): Promise<Response> {
    const body = await readRequestBody(request.clone(), options.maxBodyBytes);
    if (body.tooLarge) return jsonRpcErrorResponse(413, -32600, "Request body too large.");
    let message: unknown;
    try {
      message = JSON.parse(body.text);
    } catch {
      return jsonRpcErrorResponse(400, -32700, "Parse error: the body is not JSON.");
    }
    if (!isInitializeRequest(message)) {
      return jsonRpcErrorResponse(
        400,
        -32000,
        "Bad Request: no valid mcp-session-id; start with initialize.",
      );
    }
    if (sessions.size + opening >= options.maxSessions) {
      return jsonRpcErrorResponse(
        503,
        -32000,
        `Too many sessions (${options.maxSessions}); close one (DELETE with its mcp-session-id) or retry later.`,
      );
    }
    opening++;
    try {
      const server = options.createServer();
      const transport: WebStandardStreamableHTTPServerTransport =
        new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          maxRequestBodySize: options.maxBodyBytes,
          onsessioninitialized: (id) => {
            sessions.set(id, { transport, server, lastSeen: clock() });
          },
          onsessionclosed: (id) => drop(id),
        });
      await server.connect(transport);
      return await transport.handleRequest(request, { parsedBody: message });
    } finally {
      opening--;
    }
  }

  return {
    async handle(request) {
      const id = request.headers.get("mcp-session-id");
      if (id === null) {
        if (request.method !== "POST") {
          return jsonRpcErrorResponse(400, -32000, "Bad Request: no mcp-session-id; start with initialize.");
        }
        return open(request);
      }
      const session = sessions.get(id);
      if (session === undefined)
        return jsonRpcErrorResponse(404, -32001, "Session not found; initialize again.");
      session.lastSeen = clock();
      return session.transport.handleRequest(request);
    },
    count: () => sessions.size,
    async sweep() {
      const cutoff = clock() - options.idleMs;
      const idle = [...sessions].filter(([, session]) => session.lastSeen < cutoff).map(([id]) => id);
      await Promise.all(idle.map(drop));
      return idle.length;
    },
    async close() {
      await Promise.all([...sessions.keys()].map(drop));
    },
  };
}
