import { describe, expect, it } from "vitest";
import { createBatchedOutput } from "./batch-output.js";

function recorder() {
  const writes: Array<[string, string]> = [];
  const scheduled: Array<() => void> = [];
  const output = createBatchedOutput({
    writeOut: (text) => writes.push(["out", text]),
    writeError: (text) => writes.push(["err", text]),
    schedule: (flush) => scheduled.push(flush),
  });
  return { output, writes, scheduled };
}

describe("createBatchedOutput", () => {
  it("writes the stderr lines of one synchronous run together, once the run yields", () => {
    const { output, writes, scheduled } = recorder();
    for (let index = 0; index < 1000; index++) output.stderr(`line ${index}\n`);
    expect(writes).toEqual([]);
    expect(scheduled).toHaveLength(1);
    scheduled[0]?.();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.[1].split("\n")).toHaveLength(1001);
  });

  it("keeps stderr text before stdout text written after it", () => {
    const { output, writes } = recorder();
    output.stderr("warning\n");
    output.stdout("result\n");
    output.stderr("later\n");
    output.flush();
    expect(writes).toEqual([
      ["err", "warning\n"],
      ["out", "result\n"],
      ["err", "later\n"],
    ]);
  });

  it("writes a long stdout text in slices that join to the text, surrogate pairs whole", () => {
    const { output, writes } = recorder();
    const text = `${"a".repeat((1 << 20) - 1)}😀${"b".repeat(3 << 20)}`;
    output.stdout(text);
    expect(writes.length).toBeGreaterThan(3);
    expect(writes.map(([, part]) => part).join("")).toBe(text);
    for (const [, part] of writes) expect(part.length).toBeLessThanOrEqual(1 << 20);
    expect(writes[0]?.[1].endsWith("a")).toBe(true);
  });
});
