// Connecting to one configured MCP server: a v2 client over stdio, Streamable HTTP or SSE, negotiating
// the newest protocol revision the server offers. Behind an interface, so tests pass in-memory pairs.

import {
  Client,
  SSEClientTransport,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { SkillboxError } from "@skillbox/core/errors";
import type { McpServerConfig } from "./mcp-server-config.js";

/** A connected client and its host-assigned label. */
export interface McpConnection {
  readonly label: string;
  readonly client: Client;
  close(): Promise<void>;
  /**
   * Why the connection closed, when the connector knows more than the SDK's "Connection closed"
   * (a message over the transport's size limit); undefined otherwise.
   */
  closedBecause?(): SkillboxError | undefined;
}

/** What a connector is told besides the config. */
export interface McpConnectOptions {
  /** Aborting gives up the attempt: a spawned server is stopped, an HTTP request cancelled. */
  signal?: AbortSignal;
}

/** Opens a connection for one configured server. */
export type McpConnector = (config: McpServerConfig, options?: McpConnectOptions) => Promise<McpConnection>;

export interface NodeMcpConnectorOptions {
  /** `clientInfo` sent to servers; default `skillbox`. */
  clientInfo?: { name: string; version: string };
}

/** The Node connector: spawns stdio servers (with the SDK's safe environment plus the config's `env`). */
export function createNodeMcpConnector(options: NodeMcpConnectorOptions = {}): McpConnector {
  return async (config, connectOptions = {}) => {
    const client = new Client(options.clientInfo ?? { name: "skillbox", version: "0.0.0" }, {
      versionNegotiation: { mode: "auto" },
    });
    const { signal } = connectOptions;
    signal?.throwIfAborted();
    const transport = createTransport(config);
    // The stdio transport drops a message over its buffer limit and closes, so every pending request
    // fails with "Connection closed". Set before connecting: the client chains an onerror it finds.
    let closedBecause: SkillboxError | undefined;
    if (config.transport === "stdio") {
      transport.onerror = (error) => {
        if (OVERSIZED_STDIO_MESSAGE.test(error.message)) {
          closedBecause ??= messageTooLarge(config.label, stdioMessageLimit(config), error);
        }
      };
    }
    // The transport itself, not the client: a client still in its handshake does not close it.
    const giveUp = () => void transport.close().catch(() => undefined);
    signal?.addEventListener("abort", giveUp, { once: true });
    try {
      await untilAborted(client.connect(transport), signal);
    } catch (error) {
      // A failed handshake may leave a spawned process behind.
      giveUp();
      throw error;
    } finally {
      signal?.removeEventListener("abort", giveUp);
    }
    return { label: config.label, client, close: () => client.close(), closedBecause: () => closedBecause };
  };
}

/** What the SDK's stdio read buffer throws for a message over its limit. */
const OVERSIZED_STDIO_MESSAGE = /^ReadBuffer exceeded maximum size/;

/** The largest message a stdio server may send: its `maxMessageBytes`, else the SDK's 10 MiB. */
function stdioMessageLimit(config: McpServerConfig & { transport: "stdio" }): number {
  return config.maxMessageBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
}

function messageTooLarge(label: string, limit: number, cause: Error): SkillboxError {
  return new SkillboxError(
    "file-too-large",
    `MCP server "${label}" sent a message larger than the ${limit}-byte (${formatMebibytes(limit)}) limit of its stdio connection, so the connection was closed. ` +
      `Ask the server's maintainer to send smaller pages and files, or raise "maxMessageBytes" in its mcpServers entry (a SKILL.md over 1 MiB is still not used).`,
    { cause, data: { mcpServer: label, maxMessageBytes: limit } },
  );
}

function formatMebibytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
}

function createTransport(config: McpServerConfig): Transport {
  if (config.transport === "stdio") {
    return new StdioClientTransport({
      command: config.command,
      args: config.args,
      env: { ...getDefaultEnvironment(), ...config.env },
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      stderr: "ignore",
      maxBufferSize: stdioMessageLimit(config),
    });
  }
  const requestInit = { headers: config.headers };
  return config.transport === "sse"
    ? new SSEClientTransport(new URL(config.url), { requestInit })
    : new StreamableHTTPClientTransport(new URL(config.url), { requestInit });
}

/**
 * `work`, or a rejection as soon as `signal` aborts: a closed client does not always fail a pending
 * handshake (a stdio server that never answers would otherwise hold the caller forever).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}
