// The content hash of a skill: SHA-256 over its files in sorted relative-path order (path, length,
// bytes), the same for a skill in memory and one on disk, so installs can be verified byte for byte.
import { createHash } from "node:crypto";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import * as path from "node:path";

/** One file of a skill: the path relative to the skill folder (with `/`) and its bytes. */
export interface SkillFile {
  path: string;
  bytes: Uint8Array;
  executable: boolean;
}

/** The per-skill manifest the installer writes into each installed folder; never part of the hash. */
export const SOURCE_MANIFEST_FILE = "source.json";

/** `sha256:<hex>` over the files (sorted by UTF-8 path bytes): path, NUL, length, NUL, bytes each. */
export function computeContentHash(files: Iterable<{ path: string; bytes: Uint8Array }>): string {
  const sorted = [...files].sort((left, right) => comparePaths(left.path, right.path));
  const hash = createHash("sha256");
  for (const file of sorted) {
    hash.update(file.path, "utf8");
    hash.update(`\0${file.bytes.length}\0`, "utf8");
    hash.update(file.bytes);
  }
  return `sha256:${hash.digest("hex")}`;
}

/** SHA-256 (hex) of one file's bytes, for per-file comparisons (scripts). */
export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Orders paths by their UTF-8 bytes, so every platform sorts them alike. */
export function comparePaths(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left, "utf8"), Buffer.from(right, "utf8"));
}

/**
 * Reads an installed skill folder back as SkillFiles (the top-level source.json left out). A
 * symbolic link is read as a file whose bytes are `symlink:<target>`, so a link planted after
 * install changes the hash instead of being followed.
 */
export async function readSkillFolder(folder: string): Promise<SkillFile[]> {
  const files: SkillFile[] = [];
  const walk = async (directory: string, prefix: string): Promise<void> => {
    const names = (await readdir(directory)).sort();
    for (const name of names) {
      const relative = prefix === "" ? name : `${prefix}/${name}`;
      if (relative === SOURCE_MANIFEST_FILE) continue;
      const full = path.join(directory, name);
      const stats = await lstat(full);
      if (stats.isDirectory()) await walk(full, relative);
      else if (stats.isSymbolicLink()) {
        const bytes = Buffer.from(`symlink:${await readlink(full)}`);
        files.push({ path: relative, bytes, executable: false });
      } else if (stats.isFile()) {
        files.push({ path: relative, bytes: await readFile(full), executable: (stats.mode & 0o111) !== 0 });
      }
    }
  };
  await walk(folder, "");
  return files;
}

/** The content hash of a skill folder on disk (see readSkillFolder). */
export async function hashSkillFolder(folder: string): Promise<string> {
  return computeContentHash(await readSkillFolder(folder));
}
