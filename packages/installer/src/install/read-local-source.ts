// A local folder as a snapshot: a walk with lstat (links are listed, never followed; `.git` and
// `node_modules` are not entered) and reads that refuse to follow a link swapped in after the walk.
import { constants } from "node:fs";
import { lstat, open, readdir, readlink, realpath } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath, isGitMetadataPath } from "./check-entry-path.js";
import type { InstallLimits } from "./install-limits.js";
import type { SnapshotEntry, SourceSnapshot } from "./source-snapshot.js";
import { unsafeSource, validateListing } from "./validate-listing.js";

const NOT_ENTERED = new Set([".git", "node_modules"]);

/** Lists `folder` (which must exist) as a snapshot; the folder name is the fallback skill name. */
export async function readLocalSource(folder: string, limits: InstallLimits): Promise<SourceSnapshot> {
  let root: string;
  try {
    root = await realpath(folder);
    if (!(await lstat(root)).isDirectory()) throw new Error("not a folder");
  } catch (error) {
    throw new SkillboxError(
      "path-not-found",
      `No folder at ${folder}: give a skill folder or a repository checkout.`,
      {
        cause: error,
      },
    );
  }
  const label = folder;
  const entries: SnapshotEntry[] = [];
  const walk = async (directory: string, prefix: string): Promise<void> => {
    for (const name of (await readdir(directory)).sort()) {
      const relative = prefix === "" ? name : `${prefix}/${name}`;
      const checked = checkEntryPath(relative);
      if (!checked.ok) {
        // A name read from a folder cannot climb out of it; it only cannot be installed (macOS
        // `Icon\r` files, `a:b`). Skills holding one are refused; other folders do not matter.
        entries.push({ path: relative, kind: "file", executable: false, problem: checked.reason });
        continue;
      }
      if (entries.length >= limits.maxListingEntries) {
        throw new SkillboxError(
          "source-too-large",
          `Refused ${label}: more than ${limits.maxListingEntries} entries.`,
        );
      }
      if (isGitMetadataPath(relative)) continue;
      const stats = await lstat(path.join(directory, name));
      if (stats.isDirectory()) {
        if (NOT_ENTERED.has(name)) continue;
        entries.push({ path: relative, kind: "directory", executable: false });
        await walk(path.join(directory, name), relative);
      } else if (stats.isSymbolicLink()) {
        entries.push({ path: relative, kind: "symlink", executable: false });
      } else if (stats.isFile()) {
        entries.push({
          path: relative,
          kind: "file",
          executable: (stats.mode & 0o111) !== 0,
          size: stats.size,
        });
      }
      // Sockets, FIFOs and devices are left out: they are never part of a skill.
    }
  };
  await walk(root, "");
  validateListing(entries, label);
  const kinds = new Map(entries.map((entry) => [entry.path, entry.kind]));
  return {
    type: "local",
    label,
    entries,
    treeSha: () => undefined,
    async readFiles(paths) {
      const result = new Map<string, Uint8Array>();
      for (const relative of paths) {
        const full = path.join(root, ...relative.split("/"));
        const kind = kinds.get(relative);
        if (kind === "symlink") result.set(relative, Buffer.from(await readlink(full)));
        else if (kind === "file") result.set(relative, await readWithoutFollowing(full));
        else throw unsafeSource(label, relative, "the path is not a file of the folder");
      }
      return result;
    },
    dispose: async () => {},
  };
}

async function readWithoutFollowing(file: string): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
