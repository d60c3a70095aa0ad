// Whole-listing checks after every entry path passed on its own: no path twice, and nothing below
// an entry that is not a folder (the tar trick of a link `a -> /etc` followed by `a/passwd`).
import { SkillboxError } from "@skillbox/core/errors";
import type { SnapshotEntry } from "./source-snapshot.js";

/** Throws an `unsafe-source` error naming the first duplicate or misplaced entry. */
export function validateListing(entries: readonly SnapshotEntry[], label: string): void {
  const kinds = new Map<string, SnapshotEntry["kind"]>();
  for (const entry of entries) {
    if (kinds.has(entry.path)) {
      throw unsafeSource(label, entry.path, "the path appears twice");
    }
    kinds.set(entry.path, entry.kind);
  }
  for (const entry of entries) {
    let slash = entry.path.lastIndexOf("/");
    while (slash > 0) {
      const parent = entry.path.slice(0, slash);
      const kind = kinds.get(parent);
      if (kind !== undefined && kind !== "directory") {
        throw unsafeSource(label, entry.path, `its parent '${parent}' is a ${kind}, not a folder`);
      }
      slash = parent.lastIndexOf("/");
    }
  }
}

/** The error for an entry that must not be extracted; nothing is installed from the source. */
export function unsafeSource(label: string, entryPath: string, reason: string): SkillboxError {
  const shown = JSON.stringify(entryPath);
  return new SkillboxError(
    "unsafe-source",
    `Refused ${label}: entry ${shown}: ${reason}. Nothing was installed; the source may be hostile.`,
    { data: { source: label, entry: entryPath, reason } },
  );
}
