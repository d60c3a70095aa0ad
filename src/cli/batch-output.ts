// The CLI's two output streams as functions: stderr lines are gathered and written together (a
// `list` of 10,000 skills made one write per diagnostic), stdout goes out in bounded slices.

/** Where the text finally goes, and how a later flush is scheduled. */
export interface BatchOutputTarget {
  writeOut(text: string): void;
  writeError(text: string): void;
  /** Runs `flush` soon, after the current synchronous work (setImmediate in the process). */
  schedule(flush: () => void): void;
}

/** The stdout and stderr functions of CliIo, and a flush for the end of the run. */
export interface BatchedOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Writes what stderr still holds. */
  flush(): void;
}

// Flush before a batch grows past this; a slice of stdout is at most this long, so a 13 MB JSON
// listing never needs one 13 MB buffer on its way out.
const MAX_PENDING = 1 << 20;

/**
 * Gathers stderr text until the current synchronous work ends (or 1 MiB is pending), and writes it
 * before any stdout text, so the two streams keep their relative order.
 */
export function createBatchedOutput(target: BatchOutputTarget): BatchedOutput {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === "") return;
    const text = pending;
    pending = "";
    target.writeError(text);
  };
  return {
    stdout(text) {
      flush();
      if (text.length <= MAX_PENDING) {
        target.writeOut(text);
        return;
      }
      let start = 0;
      while (start < text.length) {
        let end = Math.min(text.length, start + MAX_PENDING);
        // Never split a surrogate pair between two writes.
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
        target.writeOut(text.slice(start, end));
        start = end;
      }
    },
    stderr(text) {
      pending += text;
      if (pending.length >= MAX_PENDING) flush();
      else if (!scheduled) {
        scheduled = true;
        target.schedule(flush);
      }
    },
    flush,
  };
}
