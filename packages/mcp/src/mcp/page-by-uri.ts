// Cursor paging over URI-sorted items: a SkillSource pages its own listing (the SDK pages only the
// catalogs it builds itself), with the same opaque `after:<uri>` cursors the SDK's catalog uses.

import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";

const PREFIX = "after:";

/** One page of `items` (sorted by `keyOf`, code-unit order) after `cursor`, and the cursor of the next. */
export function pageByUri<T>(
  items: readonly T[],
  cursor: string | undefined,
  pageSize: number,
  keyOf: (item: T) => string,
): { items: T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    if (after === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid cursor");
    start = firstAfter(items, after, keyOf);
  }
  const end = Math.min(items.length, start + pageSize);
  const page = items.slice(start, end);
  const last = page.at(-1);
  return end < items.length && last !== undefined
    ? { items: page, nextCursor: Buffer.from(PREFIX + keyOf(last)).toString("base64url") }
    : { items: page };
}

function decodeCursor(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(cursor)) return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  return text.startsWith(PREFIX) ? text.slice(PREFIX.length) : undefined;
}

/** Index of the first item whose key sorts after `after` (binary search: the list may hold 10,000s). */
function firstAfter<T>(items: readonly T[], after: string, keyOf: (item: T) => string): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyOf(items[middle] as T) <= after) low = middle + 1;
    else high = middle;
  }
  return low;
}
