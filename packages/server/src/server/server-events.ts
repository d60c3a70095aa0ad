// The events `GET /api/events` streams: registry changes plus state changes, fanned out to every client.
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";

import type { ServerEventName } from "./api-types.js";

/** Event names sent to the page (docs/http-api.md). */
export type { ServerEventName };

/** One event: its name and the skill names it concerns (empty: possibly every skill). */
export interface ServerEvent {
  name: ServerEventName;
  names: string[];
}

/** The fan-out between the registry, the routes and the open event streams. */
export interface ServerEvents {
  /** Sends an event to every subscriber. */
  publish(event: ServerEvent): void;
  /** Adds a subscriber (`onClose` runs on `close()`); returns the function that removes it. */
  subscribe(listener: (event: ServerEvent) => void, onClose?: () => void): () => void;
  /** Open streams (for tests and shutdown). */
  readonly subscriberCount: number;
  /** Tells every subscriber to end (their `onClose`) and stops listening to the registry. */
  close(): void;
}

/**
 * Creates the fan-out over the workspace's registry and state changes. They are listened to only
 * while at least one stream is open, so an app without clients keeps no listeners on them.
 */
export function createServerEvents(workspace: Pick<Workspace, "registry" | "onStateChanged">): ServerEvents {
  const { registry } = workspace;
  const listeners = new Map<(event: ServerEvent) => void, (() => void) | undefined>();
  let detach: (() => void) | undefined;

  const publish = (event: ServerEvent): void => {
    for (const listener of [...listeners.keys()]) listener(event);
  };
  const recordNames = (record: SkillRecord): string[] =>
    record.name === record.qualifiedName ? [record.name] : [record.name, record.qualifiedName];

  const attach = (): (() => void) => {
    const stops = [
      registry.on("skill-added", ({ record }) =>
        publish({ name: "skill-added", names: recordNames(record) }),
      ),
      registry.on("skill-changed", ({ record }) =>
        publish({ name: "skill-changed", names: recordNames(record) }),
      ),
      registry.on("skill-removed", ({ record }) =>
        publish({ name: "skill-removed", names: recordNames(record) }),
      ),
      registry.on("skills-activated", ({ names }) =>
        publish({ name: "skills-activated", names: [...names] }),
      ),
      workspace.onStateChanged?.(({ name }) => publish({ name: "state-changed", names: [name] })),
    ];
    return () => {
      for (const stop of stops) stop?.();
    };
  };

  return {
    publish,
    subscribe(listener, onClose) {
      listeners.set(listener, onClose);
      detach ??= attach();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          detach?.();
          detach = undefined;
        }
      };
    },
    get subscriberCount() {
      return listeners.size;
    },
    close() {
      const closers = [...listeners.values()];
      listeners.clear();
      detach?.();
      detach = undefined;
      for (const close of closers) close?.();
    },
  };
}
