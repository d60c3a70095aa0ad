// A minimal typed event emitter: listeners per event name, unsubscribe by the returned function.

/** Subscribes and emits events whose payloads are typed by the `Events` map. */
export interface TypedEmitter<Events extends object> {
  /** Adds a listener; returns the function that removes it. */
  on<Name extends keyof Events>(event: Name, listener: (payload: Events[Name]) => void): () => void;
  /** Adds a listener that runs once. */
  once<Name extends keyof Events>(event: Name, listener: (payload: Events[Name]) => void): () => void;
  off<Name extends keyof Events>(event: Name, listener: (payload: Events[Name]) => void): void;
  /**
   * Calls every listener of `event` in order. A throwing listener does not stop the others; the
   * first error is rethrown once all have run.
   */
  emit<Name extends keyof Events>(event: Name, payload: Events[Name]): void;
  listenerCount(event: keyof Events): number;
}

/** Creates an emitter for the `Events` map. */
export function createTypedEmitter<Events extends object>(): TypedEmitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  const emitter: TypedEmitter<Events> = {
    on(event, listener) {
      let set = listeners.get(event);
      if (set === undefined) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => emitter.off(event, listener);
    },
    once(event, listener) {
      const remove = emitter.on(event, (payload) => {
        remove();
        listener(payload);
      });
      return remove;
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      const set = listeners.get(event);
      if (set === undefined) return;
      let failure: { error: unknown } | undefined;
      for (const listener of [...set]) {
        try {
          (listener as (value: typeof payload) => void)(payload);
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure !== undefined) throw failure.error;
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
  return emitter;
}
