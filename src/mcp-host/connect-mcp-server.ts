// Connecting to one configured MCP server: a v2 client over stdio, Streamable HTTP or SSE, negotiating
// the newest protocol revision the server offers. Behind an interface, so tests pass in-memory pairs.

import { Client, SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { McpServerConfig } from "./mcp-server-config.js";

/** A connected client and its host-assigned label. */
export interface McpConnection {
  readonly label: string;
  readonly client: Client;
  close(): Promise<void>;
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
    // Closing the client closes its transport: the child process is stopped, the pending handshake fails.
    const giveUp = () => void client.close().catch(() => undefined);
    signal?.addEventListener("abort", giveUp, { once: true });
    try {
      await connectTransport(client, config);
      signal?.throwIfAborted();
    } catch (error) {
      // A failed handshake may leave a spawned process behind.
      await client.close().catch(() => undefined);
      throw error;
    } finally {
      signal?.removeEventListener("abort", giveUp);
    }
    return { label: config.label, client, close: () => client.close() };
  };
}

async function connectTransport(client: Client, config: McpServerConfig): Promise<void> {
  if (config.transport === "stdio") {
    await client.connect(
      new StdioClientTransport({
        command: config.command,
        args: config.args,
        env: { ...getDefaultEnvironment(), ...config.env },
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
        stderr: "ignore",
      }),
    );
  } else {
    const requestInit = { headers: config.headers };
    await client.connect(
      config.transport === "sse"
        ? new SSEClientTransport(new URL(config.url), { requestInit })
        : new StreamableHTTPClientTransport(new URL(config.url), { requestInit }),
    );
  }
}
