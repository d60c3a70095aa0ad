// `skillbox mcp --http`: Streamable HTTP on one endpoint (`/mcp`), guarded like the API. 2026-07-28
// requests are served per request by the SDK's createMcpHandler; 2025-era clients get sessions, or,
// with `stateless`, a fresh server per request so instances behind a load balancer answer alike.

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createMcpHandler, isLegacyRequest } from "@modelcontextprotocol/server";
import { SkillboxError } from "@skillbox/core/errors";
import { isLoopbackHost } from "@skillbox/core/text/is-loopback-host";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { type CreateSkillsMcpServerOptions, createSkillsMcpServer } from "./create-skills-mcp-server.js";
import { createMcpRequestGuard, jsonRpcErrorResponse, LOOPBACK_HOSTNAMES } from "./guard-mcp-request.js";
import { createLegacyHttpSessions } from "./legacy-http-sessions.js";
import { createSkillsMcpService, type SkillsMcpService } from "./skills-mcp-service.js";

/** Default address: loopback only. */
export const DEFAULT_MCP_HOST = "127.0.0.1";
/** Default port of `skillbox mcp --http` (the API's is 4317). */
export const DEFAULT_MCP_PORT = 4318;
/** The endpoint path. */
export const MCP_PATH = "/mcp";

export interface StartMcpHttpServerOptions {
  workspace: Workspace;
  /** Bearer token every request must carry. */
  token: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port; default 4318. */
  port?: number;
  /** No sessions: every 2025-era request gets a fresh server (2026-07-28 is per request anyway). */
  stateless?: boolean;
  /** Open 2025-era sessions at most; default 32. */
  maxSessions?: number;
  /** Largest request body in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** A session without requests for this long is closed; default 30 minutes. */
  sessionIdleMs?: number;
  /** Extra host names accepted in Host and Origin (e.g. a LAN name when bound elsewhere). */
  allowedHosts?: readonly string[];
  /** Options for each server (name, version, instructions budget …). */
  server?: Omit<CreateSkillsMcpServerOptions, "service">;
  /** Shared state; default one created here and closed with the server. */
  service?: SkillsMcpService;
  /** Transport and handler errors (reporting only). */
  onError?: (error: Error) => void;
}

/** A listening MCP endpoint. */
export interface RunningMcpHttpServer {
  /** `http://<host>:<port>/mcp`. */
  url: string;
  host: string;
  port: number;
  /** Open 2025-era sessions. */
  sessionCount(): number;
  /** Closes every session and stream, then stops listening. Safe to call twice. */
  close(): Promise<void>;
}

/** Starts listening; throws `conflict` when the port is taken and `io-error` for other listen failures. */
export async function startMcpHttpServer(options: StartMcpHttpServerOptions): Promise<RunningMcpHttpServer> {
  const host = options.host ?? DEFAULT_MCP_HOST;
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const ownService = options.service === undefined;
  const service = options.service ?? createSkillsMcpService(options.workspace, options.server ?? {});
  const createServer = (context?: { era: "legacy" | "modern" }) =>
    createSkillsMcpServer(options.workspace, {
      ...options.server,
      service,
      // A stateless 2025-era server answers one request and is gone: it could never notify.
      ...(options.stateless === true && context?.era === "legacy" ? { resourceSubscriptions: false } : {}),
    });
  const onerror = options.onError ?? (() => undefined);
  const perRequest = createMcpHandler(createServer, {
    legacy: options.stateless === true ? "stateless" : "reject",
    maxRequestBodySize: maxBodyBytes,
    onerror,
  });
  // Per-request servers are gone by the time a change happens: the handler's bus tells open listen streams.
  const stopChanges = service.onChange((change) => {
    if (change.resourcesChanged) perRequest.notify.resourcesChanged();
    if (change.promptsChanged) perRequest.notify.promptsChanged();
    if (change.toolsChanged) perRequest.notify.toolsChanged();
    for (const uri of change.updatedUris) perRequest.notify.resourceUpdated(uri);
  });
  const sessions = createLegacyHttpSessions({
    createServer,
    onServerClosed: (server) => service.untrack(server),
    maxSessions: options.maxSessions ?? 32,
    maxBodyBytes,
    idleMs: options.sessionIdleMs ?? 30 * 60_000,
  });
  const bracketed = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const wildcard = host === "0.0.0.0" || host === "::" || host === "[::]";
  const names = [
    ...LOOPBACK_HOSTNAMES,
    ...(wildcard || LOOPBACK_HOSTNAMES.includes(bracketed as never) ? [] : [bracketed]),
    ...(options.allowedHosts ?? []),
  ];
  const guard = createMcpRequestGuard({
    token: options.token,
    allowedHostnames: names,
    allowedOriginHostnames: names,
    acceptQueryToken: isLoopbackHost(host),
  });

  async function handle(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== MCP_PATH) {
      return jsonRpcErrorResponse(404, -32601, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    }
    const refused = guard(request);
    if (refused !== undefined) return refused;
    if (options.stateless === true) return perRequest.fetch(request);
    // The entry's own classification decides the era, so the two legs can never disagree.
    if (await isLegacyRequest(request, undefined, { maxRequestBodySize: maxBodyBytes })) {
      return sessions.handle(request);
    }
    return perRequest.fetch(request);
  }

  const server = createAdaptorServer({ fetch: handle }) as Server;
  await listen(server, options.port ?? DEFAULT_MCP_PORT, host);
  const port = (server.address() as AddressInfo).port;
  const sweeper = setInterval(() => void sessions.sweep(), 60_000);
  sweeper.unref();
  let closing: Promise<void> | undefined;
  return {
    url: `http://${wildcard ? DEFAULT_MCP_HOST : bracketed}:${port}${MCP_PATH}`,
    host,
    port,
    sessionCount: () => sessions.count(),
    close() {
      closing ??= (async () => {
        clearInterval(sweeper);
        stopChanges();
        await sessions.close();
        await perRequest.close();
        if (ownService) service.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Event streams never end on their own; idle keep-alive sockets would hold close() up too.
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const taken = error.code === "EADDRINUSE";
      reject(
        new SkillboxError(
          taken ? "conflict" : "io-error",
          taken
            ? `Port ${port} on ${host} is in use. Pick another with --port, or stop the other server.`
            : `Cannot listen on ${host}:${port} (${error.message}).`,
          { cause: error },
        ),
      );
    });
    server.listen(port, host.replace(/^\[(.*)\]$/, "$1"), () => resolve());
  });
}
