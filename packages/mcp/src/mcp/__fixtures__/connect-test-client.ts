// Connects the official v2 client to a Skillbox MCP server over an in-memory pair, in either era,
// and records the notifications it receives.

import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import type { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

/** One received notification. */
export interface ReceivedNotification {
  method: string;
  params?: Record<string, unknown>;
}

export interface TestConnection {
  client: Client;
  notifications: ReceivedNotification[];
  /** Resolves with the first notification (already received or not) that `accept` takes; rejects after `timeoutMs`. */
  waitForNotification(accept: (notification: ReceivedNotification) => boolean, timeoutMs?: number): Promise<ReceivedNotification>;
  close(): Promise<void>;
}

const WATCHED = [
  "notifications/resources/list_changed",
  "notifications/prompts/list_changed",
  "notifications/tools/list_changed",
  "notifications/resources/updated",
] as const;

/**
 * `legacy`: a 2025-era initialize handshake straight to the server. `modern`: the server behind
 * `serveStdio` (over the in-memory pair) and a client pinned to 2026-07-28.
 */
export async function connectTestClient(
  createServer: () => McpServer,
  era: "legacy" | "modern" = "legacy",
): Promise<TestConnection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const notifications: ReceivedNotification[] = [];
  const waiters = new Set<() => void>();
  const client = new Client(
    { name: "skillbox-test", version: "1.0.0" },
    era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {},
  );
  for (const method of WATCHED) {
    client.setNotificationHandler(method, (notification) => {
      notifications.push({
        method,
        ...(notification.params === undefined ? {} : { params: notification.params as Record<string, unknown> }),
      });
      for (const waiter of [...waiters]) waiter();
    });
  }
  let stopServer: () => Promise<void>;
  if (era === "modern") {
    const handle = serveStdio(() => createServer(), { transport: serverSide });
    stopServer = () => handle.close();
  } else {
    const server = createServer();
    await server.connect(serverSide);
    stopServer = () => server.close();
  }
  await client.connect(clientSide);
  return {
    client,
    notifications,
    waitForNotification(accept, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = notifications.find(accept);
          if (found === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching notification within ${timeoutMs} ms: ${JSON.stringify(notifications)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      await client.close();
      await stopServer();
    },
  };
}
