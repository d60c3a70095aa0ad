// Promise helpers over registry events: wait for one with a timeout, or check none arrives in a window.

import { SkillboxError } from "../../errors.js";
import type { SkillRegistryEvents } from "../registry-events.js";
import type { SkillRegistry } from "../skill-registry-types.js";

/** Options for waitForRegistryEvent. */
export interface WaitForRegistryEventOptions<Payload> {
  /** Give up after this long; default 5,000 ms. */
  timeoutMs?: number;
  /** Only a payload this accepts resolves the wait. */
  filter?: (payload: Payload) => boolean;
}

/**
 * Resolves with the payload of the next `event` (that `filter` accepts); rejects with SkillboxError
 * `timeout` when none comes in time. The listener is removed either way.
 */
export function waitForRegistryEvent<Name extends keyof SkillRegistryEvents>(
  registry: Pick<SkillRegistry, "on">,
  event: Name,
  options: WaitForRegistryEventOptions<SkillRegistryEvents[Name]> = {},
): Promise<SkillRegistryEvents[Name]> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new SkillboxError("timeout", `No ${event} event within ${timeoutMs} ms.`));
    }, timeoutMs);
    const stop = registry.on(event, (payload) => {
      if (options.filter !== undefined && !options.filter(payload)) return;
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}

/**
 * Collects every `event` emitted during `windowMs`; resolves with them (an empty array means none
 * came). Use it to assert that something did NOT happen within a bounded window.
 */
export function collectRegistryEvents<Name extends keyof SkillRegistryEvents>(
  registry: Pick<SkillRegistry, "on">,
  event: Name,
  windowMs: number,
): Promise<Array<SkillRegistryEvents[Name]>> {
  const seen: Array<SkillRegistryEvents[Name]> = [];
  const stop = registry.on(event, (payload) => seen.push(payload));
  return new Promise((resolve) =>
    setTimeout(() => {
      stop();
      resolve(seen);
    }, windowMs),
  );
}
