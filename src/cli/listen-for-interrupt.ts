// Turns Ctrl-C (SIGINT) and SIGTERM into an abort signal for commands that must end cleanly.

/** An abort signal and the way to stop listening for the process signals that fire it. */
export interface InterruptListener {
  signal: AbortSignal;
  dispose(): void;
}

/** Ctrl-C (SIGINT) and SIGTERM abort the signal instead of killing the process, until `dispose()`. */
export function listenForInterrupt(): InterruptListener {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    },
  };
}
