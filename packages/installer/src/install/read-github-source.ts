// A GitHub repository as a snapshot: the recursive tree gives the listing and folder tree ids (what
// update checks compare), one tarball gives the bytes, and each file is checked against its blob id
// (a file the tarball alters or leaves out, through export-subst or export-ignore, is fetched raw).
import { SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath, isGitMetadataPath, isInsideFolder } from "./check-entry-path.js";
import { gitBlobSha } from "./git-object-id.js";
import type { GithubApi, GithubTree } from "./github-api.js";
import type { InstallLimits } from "./install-limits.js";
import type { ProgressListener } from "./install-progress.js";
import { readTarArchive } from "./read-tar-archive.js";
import { addImpliedFolders, type SnapshotEntry, type SourceSnapshot } from "./source-snapshot.js";
import { unsafeSource, validateListing } from "./validate-listing.js";

export interface ReadGithubOptions {
  api: GithubApi;
  owner: string;
  repo: string;
  ref?: string;
  limits: InstallLimits;
  onProgress?: ProgressListener;
}

/** Opens `owner/repo` at `ref` (default branch when absent) as a snapshot of one commit. */
export async function readGithubSource(options: ReadGithubOptions): Promise<SourceSnapshot> {
  const { api, owner, repo } = options;
  const label = `${owner}/${repo}${options.ref ? `@${options.ref}` : ""}`;
  const commit = await api.resolveCommit(owner, repo, options.ref);
  const tree = await api.getTree(owner, repo, commit);
  const cache = new Map<string, Uint8Array>();
  let entries: SnapshotEntry[];
  let treeShas = new Map<string, string>();
  if (tree.truncated) {
    // Over GitHub's tree limit: list from the tarball instead (no folder tree ids then).
    const archive = await readTarball(() => false);
    entries = archive.entries;
    for (const [path, bytes] of archive.contents) cache.set(path, bytes);
  } else {
    ({ entries, treeShas } = listTree(tree, label, options.limits));
  }
  validateListing(entries, label);
  entries = addImpliedFolders(entries);
  const byPath = new Map(entries.map((entry) => [entry.path, entry]));
  const skillFolders = entries
    .filter((entry) => entry.kind === "file" && /(^|\/)skill\.md$/i.test(entry.path))
    .map((entry) => entry.path.slice(0, Math.max(0, entry.path.lastIndexOf("/"))));
  const isWanted = (path: string) =>
    /(^|\/)\.claude-plugin\/(marketplace|plugin)\.json$/.test(path) ||
    skillFolders.some((folder) => isInsideFolder(path, folder));

  async function readTarball(keep: (path: string) => boolean) {
    const data = await api.downloadTarball(owner, repo, commit);
    return readTarArchive(data, {
      label,
      limits: options.limits,
      stripFirstSegment: true,
      keep,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
  }

  return {
    type: "github",
    label,
    commit,
    entries,
    treeSha: (folder) => (folder === "" ? (tree.truncated ? undefined : tree.sha) : treeShas.get(folder)),
    async readFiles(paths) {
      const missing = new Set(paths.filter((path) => !cache.has(path)));
      if (missing.size > 0) {
        const archive = await readTarball((path) => missing.has(path) || isWanted(path));
        for (const [path, bytes] of archive.contents) cache.set(path, bytes);
      }
      const result = new Map<string, Uint8Array>();
      for (const path of paths) {
        const entry = byPath.get(path);
        if (entry === undefined) throw unsafeSource(label, path, "the path is not in the repository's tree");
        let bytes = cache.get(path);
        if (entry.sha !== undefined && (bytes === undefined || gitBlobSha(bytes) !== entry.sha)) {
          bytes = await api.getRawFile(owner, repo, commit, path);
          if (gitBlobSha(bytes) !== entry.sha) throw integrityError(label, path);
          cache.set(path, bytes);
        }
        if (bytes === undefined) throw integrityError(label, path);
        result.set(path, bytes);
      }
      return result;
    },
    async dispose() {
      cache.clear();
    },
  };
}

/** Snapshot entries and folder tree ids from a recursive tree; unsafe paths refuse the repository. */
function listTree(tree: GithubTree, label: string, limits: InstallLimits) {
  if (tree.tree.length > limits.maxListingEntries) {
    throw new SkillboxError(
      "source-too-large",
      `Refused ${label}: more than ${limits.maxListingEntries} entries.`,
    );
  }
  const entries: SnapshotEntry[] = [];
  const treeShas = new Map<string, string>();
  for (const item of tree.tree) {
    const checked = checkEntryPath(String(item.path));
    if (!checked.ok) throw unsafeSource(label, String(item.path), checked.reason);
    if (checked.path === "" || isGitMetadataPath(checked.path)) continue;
    if (item.type === "tree") {
      treeShas.set(checked.path, item.sha);
      entries.push({ path: checked.path, kind: "directory", executable: false, sha: item.sha });
    } else if (item.type === "commit") {
      entries.push({ path: checked.path, kind: "submodule", executable: false, sha: item.sha });
    } else {
      const kind = item.mode === "120000" ? "symlink" : "file";
      const executable = item.mode === "100755";
      entries.push({ path: checked.path, kind, executable, sha: item.sha, ...sizeOf(item.size) });
    }
  }
  return { entries, treeShas };
}

function sizeOf(size: number | undefined): { size?: number } {
  return typeof size === "number" ? { size } : {};
}

function integrityError(label: string, path: string): SkillboxError {
  return new SkillboxError(
    "integrity-mismatch",
    `The bytes GitHub served for '${path}' in ${label} do not match the repository's tree; nothing was installed.`,
    { data: { source: label, entry: path } },
  );
}
