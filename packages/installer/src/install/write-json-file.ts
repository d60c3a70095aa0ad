// JSON files the installer owns (skills-lock.json, source.json): keys sorted at every level so diffs
// stay small, written atomically (temp file in the same folder, then rename).
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import * as path from "node:path";

/** `value` as JSON with object keys sorted recursively, two-space indented, ending in a newline. */
export function stringifySorted(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** Writes `text` to `file` through a temp file and a rename, so readers never see half a file. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  const handle = await open(temporary, "wx", 0o644);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) sorted[key] = sortKeys(item);
  }
  return sorted;
}
