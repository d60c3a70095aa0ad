// Reads lines from a readline interface one `await` at a time, so a chat loop and a y/n question
// in the middle of a turn take lines from the same queue in order.

import type { Interface } from "node:readline";

/** A queue over readline's `line` events. */
export interface LineReader {
  /** The next line; undefined once the input ended or when cancelled. */
  next(): Promise<string | undefined>;
  /** Resolves every pending `next()` with undefined (lines already queued stay queued). */
  cancelWaiting(): void;
}

/** Starts queueing the interface's lines now. */
export function createLineReader(rl: Interface): LineReader {
  const queued: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  rl.on("line", (line) => {
    const waiter = waiting.shift();
    if (waiter === undefined) queued.push(line);
    else waiter(line);
  });
  rl.on("close", () => {
    ended = true;
    for (const waiter of waiting.splice(0)) waiter(undefined);
  });
  return {
    next() {
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(undefined);
      return new Promise((resolve) => waiting.push(resolve));
    },
    cancelWaiting() {
      for (const waiter of waiting.splice(0)) waiter(undefined);
    },
  };
}
