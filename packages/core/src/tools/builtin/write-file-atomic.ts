// Writes a file atomically: a temp file in the same directory, then a rename over the target.
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Writes `content` to `target` so readers see the old or the new file, never half of one. */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  // node:crypto loads ~20 internal modules: fetched on the first write, not when core is imported.
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  const mode = await existingMode(target);
  try {
    await writeFile(temporary, content, { encoding: "utf8", mode });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function existingMode(target: string): Promise<number | undefined> {
  try {
    return (await stat(target)).mode & 0o7777;
  } catch {
    // A new file gets the default mode.
    return undefined;
  }
}
