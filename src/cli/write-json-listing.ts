// `list --json` written as it is built: byte for byte what JSON.stringify({ skills, diagnostics },
// null, 2) gives, without ever holding the whole text (13 MB for 10,000 skills, twice that in
// UTF-16 when one description is not Latin-1) or every row object at once.

// Pieces are gathered up to about this many characters before each write.
const PIECE = 1 << 20;

/**
 * Writes `{ "<key>": [...], ... }` followed by a newline, each top-level value an array whose items
 * are serialized one at a time (so a generator can make each item just before it is written).
 * With `drain`, each piece waits for the one before to leave the process (a pipe's reader sets the pace).
 */
export async function writeJsonListing(
  write: (text: string) => void,
  lists: ReadonlyArray<readonly [key: string, items: Iterable<unknown>]>,
  drain?: () => Promise<void>,
): Promise<void> {
  let pending = "{";
  // Returns the wait only when a piece went out: no promise per item.
  const push = (text: string): Promise<void> | undefined => {
    pending += text;
    if (pending.length < PIECE) return undefined;
    write(pending);
    pending = "";
    return drain?.();
  };
  for (const [listIndex, [key, items]] of lists.entries()) {
    {
      const wait = push(`${listIndex === 0 ? "" : ","}\n  ${JSON.stringify(key)}: [`);
      if (wait !== undefined) await wait;
    }
    let count = 0;
    for (const item of items) {
      // An item two levels deep: the same text as at the top, each line indented four more spaces.
      // Strings never hold a raw newline in JSON, so every "\n" is a line break.
      const text = JSON.stringify(item, null, 2) ?? "null";
      {
        const wait = push(`${count === 0 ? "" : ","}\n    ${text.replaceAll("\n", "\n    ")}`);
        if (wait !== undefined) await wait;
      }
      count++;
    }
    {
      const wait = push(count === 0 ? "]" : "\n  ]");
      if (wait !== undefined) await wait;
    }
  }
  {
    const wait = push(lists.length === 0 ? "}\n" : "\n}\n");
    if (wait !== undefined) await wait;
  }
  if (pending !== "") write(pending);
}
