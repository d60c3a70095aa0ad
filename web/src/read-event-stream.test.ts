import { describe, expect, it } from "vitest";
import { readEventStream, type StreamedEvent } from "./read-event-stream.js";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("readEventStream", () => {
  it("reports each event in order, also when an event is split across chunks", async () => {
    const events: StreamedEvent[] = [];
    await readEventStream(
      streamOf(['event: progress\ndata: {"bytes":1', "}\n\nevent: installed\r\n", 'data: {"ok":true}\n\n']),
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { event: "progress", data: '{"bytes":1}' },
      { event: "installed", data: '{"ok":true}' },
    ]);
  });

  it("skips comments and keeps a last event that has no blank line after it", async () => {
    const events: StreamedEvent[] = [];
    await readEventStream(streamOf([": heartbeat\n\nretry: 2000\n\ndata: a\ndata: b"]), (event) =>
      events.push(event),
    );
    expect(events).toEqual([{ event: "message", data: "a\nb" }]);
  });
});
