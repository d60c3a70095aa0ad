import { describe, expect, it } from "vitest";
import { createTypedEmitter } from "./typed-emitter.js";

describe("createTypedEmitter", () => {
  it("calls every listener, rethrows the first failure afterwards, and unsubscribes", () => {
    const emitter = createTypedEmitter<{ ping: number }>();
    const seen: number[] = [];
    emitter.on("ping", () => {
      throw new Error("first");
    });
    const stop = emitter.on("ping", (value) => seen.push(value));
    emitter.once("ping", (value) => seen.push(value * 10));
    expect(() => emitter.emit("ping", 1)).toThrowError("first");
    expect(seen).toEqual([1, 10]);
    stop();
    expect(emitter.listenerCount("ping")).toBe(1);
  });
});
