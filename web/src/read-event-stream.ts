// Reads a text/event-stream response body as it arrives (the POST answer of /api/install, which
// EventSource cannot open): calls `onEvent` for each complete event, in order.

/** One event: its name (`message` when unnamed) and its data lines joined. */
export interface StreamedEvent {
  event: string;
  data: string;
}

/** Resolves when the stream ends; events split across chunks are put back together. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamedEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
    buffered = buffered.replace(/\r\n?/g, "\n");
    let end = buffered.indexOf("\n\n");
    while (end !== -1) {
      const event = parseEventBlock(buffered.slice(0, end));
      if (event !== undefined) onEvent(event);
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf("\n\n");
    }
    if (done) break;
  }
  const last = parseEventBlock(buffered);
  if (last !== undefined) onEvent(last);
}

/** One block of lines; undefined for comments and `retry:` only blocks. */
function parseEventBlock(block: string): StreamedEvent | undefined {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? undefined : { event, data: data.join("\n") };
}
