// Keeps the first N bytes of a process stream and counts the rest, cutting only between UTF-8 characters.

/** Collects one output stream up to a byte cap. */
export interface OutputCapture {
  append(chunk: Buffer): void;
  /** Bytes received but not kept. */
  readonly droppedBytes: number;
  /** The kept text, followed by a note saying how much was dropped, if anything was. */
  text(label: string): string;
}

/** A capture that keeps at most `maxBytes` bytes. */
export function createOutputCapture(maxBytes: number): OutputCapture {
  const chunks: Buffer[] = [];
  let keptBytes = 0;
  let droppedBytes = 0;
  return {
    append(chunk) {
      const room = Math.max(0, maxBytes - keptBytes);
      const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
      if (kept.length > 0) chunks.push(kept);
      keptBytes += kept.length;
      droppedBytes += chunk.length - kept.length;
    },
    get droppedBytes() {
      return droppedBytes;
    },
    text(label) {
      const bytes = Buffer.concat(chunks);
      if (droppedBytes === 0) return bytes.toString("utf8");
      const kept = bytes.subarray(0, completeLength(bytes)).toString("utf8");
      const separator = kept === "" || kept.endsWith("\n") ? "" : "\n";
      return `${kept}${separator}[${label} truncated: ${droppedBytes} more bytes not kept (limit ${maxBytes} bytes)]\n`;
    },
  };
}

/** Passes streamed text through up to a byte cap, for output shown as it arrives. */
export interface OutputLimiter {
  /** The part of `text` that still fits under the cap (cut between UTF-8 characters); "" once full. */
  take(text: string): string;
  /** Bytes received but not passed on. */
  readonly droppedBytes: number;
}

/** A limiter that passes at most `maxBytes` bytes, the same cap a capture keeps. */
export function createOutputLimiter(maxBytes: number): OutputLimiter {
  let passedBytes = 0;
  let droppedBytes = 0;
  return {
    take(text) {
      const room = maxBytes - passedBytes;
      const bytes = Buffer.from(text, "utf8");
      if (bytes.length <= room) {
        passedBytes += bytes.length;
        return text;
      }
      const kept = room <= 0 ? 0 : completeLength(bytes.subarray(0, room));
      // Once one chunk overflows nothing more passes, so no later small chunk slips in after the cut.
      passedBytes = maxBytes;
      droppedBytes += bytes.length - kept;
      return bytes.subarray(0, kept).toString("utf8");
    },
    get droppedBytes() {
      return droppedBytes;
    },
  };
}

/** The length of `buffer` without a UTF-8 character cut short at its end (the cap may cut one). */
function completeLength(buffer: Buffer): number {
  // Find the lead byte of the last character: continuation bytes look like 10xxxxxx.
  let lead = buffer.length - 1;
  while (lead >= 0 && buffer.length - lead <= 4 && ((buffer[lead] ?? 0) & 0xc0) === 0x80) lead -= 1;
  if (lead < 0) return buffer.length;
  const first = buffer[lead] ?? 0;
  const expected = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return buffer.length - lead < expected ? lead : buffer.length;
}
