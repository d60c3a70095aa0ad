// `GET /api/events`: server-sent events for skill and state changes, with heartbeat comments; at most
// `maxEventClients` streams at once, and a client that stops taking writes is dropped.
import type { Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { HttpError } from "./error-response.js";
import type { RouteContext } from "./route-context.js";
import type { ServerEvent } from "./server-events.js";

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
/** Writes queued for one client at most; a client further behind is dropped. */
const MAX_QUEUED_WRITES = 256;

/** Adds the event stream; each client is unsubscribed as soon as it disconnects, stalls, or the server closes. */
export function addEventsRoute(app: Hono, context: RouteContext): void {
  let open = 0;
  app.get("/api/events", (c) => {
    if (open >= context.maxEventClients) {
      c.header("Retry-After", "5");
      throw new HttpError(
        503,
        "too-many-event-clients",
        `${context.maxEventClients} event streams are open already; close a settings tab or retry later.`,
      );
    }
    open += 1;
    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // Writes are queued so events keep their order even when the socket is slow; `waitingSince`
      // is when the oldest unfinished write was queued (undefined when none is waiting).
      let queue = Promise.resolve();
      let queued = 0;
      let waitingSince: number | undefined;
      const send = (write: () => Promise<unknown>) => {
        queued += 1;
        if (queued > MAX_QUEUED_WRITES) return finish();
        waitingSince ??= context.clock();
        queue = queue.then(write).then(
          () => {
            queued -= 1;
            waitingSince = queued === 0 ? undefined : context.clock();
          },
          () => finish(),
        );
      };
      const unsubscribe = context.events.subscribe((event: ServerEvent) => {
        send(() => stream.writeSSE({ event: event.name, data: JSON.stringify({ names: event.names }) }));
      }, finish);
      stream.onAbort(finish);
      // A first line makes the browser report the stream open at once.
      send(() => stream.write(`retry: ${RETRY_MS}\n: connected\n\n`));
      const heartbeat = setInterval(() => {
        const stalled =
          waitingSince !== undefined && context.clock() - waitingSince > context.eventIdleTimeoutMs;
        if (stalled || isSocketGone(c)) finish();
        else send(() => stream.write(": heartbeat\n\n"));
      }, context.heartbeatMs);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        open -= 1;
        // A stalled client never takes the rest of the stream, so closing it would wait forever.
        if (waitingSince !== undefined) destroySocket(c);
      }
    });
  });
}

/** The Node response behind the request, when the adapter (`@hono/node-server`) exposes one. */
function nodeResponse(c: Context): { destroyed: boolean; destroy(): void } | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (typeof outgoing !== "object" || outgoing === null || !("destroy" in outgoing)) return undefined;
  return outgoing as { destroyed: boolean; destroy(): void };
}

function isSocketGone(c: Context): boolean {
  return nodeResponse(c)?.destroyed === true;
}

function destroySocket(c: Context): void {
  nodeResponse(c)?.destroy();
}
