// `GET /api/events`: server-sent events for skill and state changes, with heartbeat comments.
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { RouteContext } from "./route-context.js";
import type { ServerEvent } from "./server-events.js";

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;

/** Adds the event stream; each client is unsubscribed as soon as it disconnects or the server closes. */
export function addEventsRoute(app: Hono, context: RouteContext): void {
  app.get("/api/events", (c) =>
    streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // Writes are queued so events keep their order even when the socket is slow.
      let queue = Promise.resolve();
      const send = (write: () => Promise<unknown>) => {
        queue = queue.then(write).then(
          () => undefined,
          () => finish(),
        );
      };
      const unsubscribe = context.events.subscribe((event: ServerEvent) => {
        send(() => stream.writeSSE({ event: event.name, data: JSON.stringify({ names: event.names }) }));
      }, finish);
      stream.onAbort(finish);
      // A first line makes the browser report the stream open at once.
      send(() => stream.write(`retry: ${RETRY_MS}\n: connected\n\n`));
      const heartbeat = setInterval(() => send(() => stream.write(": heartbeat\n\n")), context.heartbeatMs);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    }),
  );
}
