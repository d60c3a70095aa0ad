// What every source (GitHub, git, a folder, an archive) is turned into: a listing of entries with
// paths relative to the source root, a reader for their bytes, and git tree ids where there are any.

/** The kinds of source the installer reads. */
export type SourceType = "github" | "git" | "local" | "archive";

/** One entry of a source listing; `path` has passed checkEntryPath. */
export interface SnapshotEntry {
  path: string;
  kind: "file" | "directory" | "symlink" | "hardlink" | "submodule";
  executable: boolean;
  /** Size in bytes, when the listing knows it. */
  size?: number;
  /** Git object id (blob or tree), when the source lists them. */
  sha?: string;
  /** Hard links only: the linked entry, relative to the source root. */
  linkTarget?: string;
  /** Set for a local file whose name cannot be installed (a skill holding it is refused). */
  problem?: string;
}

/** A source opened for reading. Symbolic links read as their target text. */
export interface SourceSnapshot {
  type: SourceType;
  /** `owner/repo@ref`, a URL or a path: how messages name the source. */
  label: string;
  /** The commit read, for git and GitHub sources. */
  commit?: string;
  entries: readonly SnapshotEntry[];
  /** The git tree id of a folder (`""` = root), when the source has one. */
  treeSha(folder: string): string | undefined;
  /** Bytes of files and symbolic links (their target); every path must be in `entries`. */
  readFiles(paths: readonly string[]): Promise<Map<string, Uint8Array>>;
  /** Removes temporary files (a git clone). */
  dispose(): Promise<void>;
}

/**
 * Adds the folder entries implied by file paths (archives and tree listings may leave them out),
 * so scanning can treat every source the same.
 */
export function addImpliedFolders(entries: SnapshotEntry[]): SnapshotEntry[] {
  const known = new Set(entries.map((entry) => entry.path));
  const added: SnapshotEntry[] = [];
  for (const entry of entries) {
    const segments = entry.path.split("/");
    for (let length = 1; length < segments.length; length++) {
      const folder = segments.slice(0, length).join("/");
      if (known.has(folder)) continue;
      known.add(folder);
      added.push({ path: folder, kind: "directory", executable: false });
    }
  }
  return [...entries, ...added];
}
