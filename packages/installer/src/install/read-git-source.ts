// Any git URL as a snapshot: a bare, shallow fetch of one commit into a temp folder (no work tree, so
// no checkout and no checkout hooks; hooks are pointed at an empty folder besides), then ls-tree for
// the listing and folder tree ids and cat-file for the bytes. Nothing in the repository runs.
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath, isGitMetadataPath } from "./check-entry-path.js";
import type { GitRunner } from "./git-runner.js";
import type { InstallLimits } from "./install-limits.js";
import { addImpliedFolders, type SnapshotEntry, type SourceSnapshot } from "./source-snapshot.js";
import { unsafeSource, validateListing } from "./validate-listing.js";

export interface ReadGitOptions {
  git: GitRunner;
  url: string;
  ref?: string;
  /** Where the temporary bare repository goes. */
  tempDirectory: string;
  limits: InstallLimits;
}

/** Fetches `ref` (default the remote's HEAD) of `url` at depth 1 and opens it as a snapshot. */
export async function readGitSource(options: ReadGitOptions): Promise<SourceSnapshot> {
  const label = `${options.url}${options.ref ? `#${options.ref}` : ""}`;
  const work = await mkdtemp(path.join(options.tempDirectory, "skillbox-git-"));
  try {
    const empty = path.join(work, "empty");
    const repository = path.join(work, "repo.git");
    await mkdir(empty);
    // Settings that keep anything configured for the user or shipped by the remote from running.
    const safe = [
      "-c",
      `core.hooksPath=${empty}`,
      "-c",
      "core.fsmonitor=false",
      "-c",
      "protocol.ext.allow=never",
    ];
    const git = (args: string[], input?: string) =>
      options.git.run([...safe, ...args], input === undefined ? {} : { input });
    await git(["init", "--bare", "--quiet", `--template=${empty}`, repository]);
    const inRepo = ["-C", repository];
    await git([
      ...inRepo,
      "fetch",
      "--depth=1",
      "--no-tags",
      "--no-recurse-submodules",
      "--quiet",
      "--",
      options.url,
      options.ref ?? "HEAD",
    ]);
    const commit = (
      await git([...inRepo, "rev-parse", "--verify", "--end-of-options", "FETCH_HEAD^{commit}"])
    )
      .toString()
      .trim();
    const rootTree = (await git([...inRepo, "rev-parse", "--verify", "--end-of-options", `${commit}^{tree}`]))
      .toString()
      .trim();
    const listing = await git([...inRepo, "ls-tree", "-r", "-t", "-l", "-z", "--full-tree", commit]);
    const { entries: listed, treeShas } = parseLsTree(listing, label, options.limits);
    validateListing(listed, label);
    const entries = addImpliedFolders(listed);
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    return {
      type: "git",
      label,
      commit,
      entries,
      treeSha: (folder) => (folder === "" ? rootTree : treeShas.get(folder)),
      async readFiles(paths) {
        const ids = paths.map((entryPath) => {
          const sha = byPath.get(entryPath)?.sha;
          if (sha === undefined) throw unsafeSource(label, entryPath, "the path is not in the commit");
          return sha;
        });
        const output =
          ids.length === 0
            ? Buffer.alloc(0)
            : await git([...inRepo, "cat-file", "--batch"], `${ids.join("\n")}\n`);
        return parseCatFileBatch(output, paths, label);
      },
      dispose: () => rm(work, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** Entries from `ls-tree -r -t -l -z`: `<mode> <type> <id> <size>\t<path>\0`. */
function parseLsTree(output: Buffer, label: string, limits: InstallLimits) {
  const entries: SnapshotEntry[] = [];
  const treeShas = new Map<string, string>();
  for (const record of output.toString("utf8").split("\0")) {
    if (record === "") continue;
    if (entries.length >= limits.maxListingEntries) {
      throw new SkillboxError(
        "source-too-large",
        `Refused ${label}: more than ${limits.maxListingEntries} entries.`,
      );
    }
    const tab = record.indexOf("\t");
    const [mode = "", type = "", sha = "", size = ""] = record.slice(0, tab).split(/ +/);
    const rawPath = record.slice(tab + 1);
    const checked = checkEntryPath(rawPath);
    if (!checked.ok) throw unsafeSource(label, rawPath, checked.reason);
    if (checked.path === "" || isGitMetadataPath(checked.path)) continue;
    if (type === "tree") {
      treeShas.set(checked.path, sha);
      entries.push({ path: checked.path, kind: "directory", executable: false, sha });
    } else if (type === "commit") {
      entries.push({ path: checked.path, kind: "submodule", executable: false, sha });
    } else {
      const kind = mode === "120000" ? "symlink" : "file";
      entries.push({ path: checked.path, kind, executable: mode === "100755", sha, size: Number(size) || 0 });
    }
  }
  return { entries, treeShas };
}

/** Splits `cat-file --batch` output (`<id> <type> <size>\n<bytes>\n` per object) in request order. */
function parseCatFileBatch(output: Buffer, paths: readonly string[], label: string): Map<string, Uint8Array> {
  const result = new Map<string, Uint8Array>();
  let offset = 0;
  for (const entryPath of paths) {
    const newline = output.indexOf(0x0a, offset);
    const header = output.subarray(offset, newline).toString("utf8").split(" ");
    const size = Number(header[2]);
    if (newline === -1 || header[1] !== "blob" || !Number.isInteger(size)) {
      throw new SkillboxError("git-error", `git cat-file returned no blob for '${entryPath}' in ${label}`);
    }
    result.set(entryPath, output.subarray(newline + 1, newline + 1 + size));
    offset = newline + 1 + size + 1;
  }
  return result;
}
