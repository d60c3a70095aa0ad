// Live updates: subscribes to /api/events and reports skill events and connection health.

import type { ServerEventName } from "@skillbox/server/server/api-types";
import { useEffect, useRef, useState } from "react";

/** Connection health of the event stream, shown next to the page title. */
export type EventsStatus = "connecting" | "live" | "reconnecting" | "unsupported";

const eventNames: readonly ServerEventName[] = [
  "skill-added",
  "skill-changed",
  "skill-removed",
  "skills-activated",
  "state-changed",
];

/** How long to wait before reopening a stream the browser gave up on (it retries the rest itself). */
const reopenDelayMs = 3_000;

/** What the page does with events. */
export interface EventHandlers {
  onEvent(name: ServerEventName, names: string[]): void;
  /** Called when the stream comes back after a drop: events may have been missed, so refetch. */
  onReconnect(): void;
}

/** Subscribes to the server-sent events at `url` for the lifetime of the component. */
export function useEvents(url: string, handlers: EventHandlers): EventsStatus {
  const [status, setStatus] = useState<EventsStatus>(
    typeof EventSource === "undefined" ? "unsupported" : "connecting",
  );
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    let disposed = false;

    const open = (): void => {
      source = new EventSource(url);
      source.addEventListener("open", () => {
        setStatus("live");
        if (dropped) handlersRef.current.onReconnect();
        dropped = false;
      });
      source.addEventListener("error", () => {
        dropped = true;
        setStatus("reconnecting");
        // CLOSED means the browser will not retry (e.g. a non-200 answer): reopen it ourselves.
        if (source?.readyState === EventSource.CLOSED && !disposed) {
          source.close();
          reopenTimer = setTimeout(open, reopenDelayMs);
        }
      });
      for (const name of eventNames) {
        source.addEventListener(name, (event) => {
          handlersRef.current.onEvent(name, readNames((event as MessageEvent<unknown>).data));
        });
      }
    };

    open();
    return () => {
      disposed = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [url]);

  return status;
}

/** The `names` of an event's JSON data; empty when the data is missing or malformed. */
function readNames(data: unknown): string[] {
  if (typeof data !== "string") return [];
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== "object" || parsed === null) return [];
    const names = (parsed as { names?: unknown }).names;
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === "string") : [];
  } catch {
    // A malformed event still means "something changed"; the caller refetches everything.
    return [];
  }
}
