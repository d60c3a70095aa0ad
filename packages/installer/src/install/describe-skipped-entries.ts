// What a scan leaves out without looking inside: git submodules (never fetched) and links to
// folders (never followed) outside every skill folder found. Either may hold skills the person
// expected, so each is named in a notice instead of being skipped without a word.
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { isInsideFolder, resolveLinkTarget } from "./check-entry-path.js";
import type { SourceSnapshot } from "./source-snapshot.js";

/** Links read to tell folders from files; past this many, the rest are not looked at. */
const MAX_LINKS_READ = 200;
const SKIPPED_SEGMENTS = new Set(["node_modules", "__pycache__", ".git"]);

/**
 * One `info` diagnostic per submodule, and per link that leads to a folder outside `subpath` or
 * out of the source, found under `subpath` and outside every folder of `skillFolders` (those
 * report their own links and submodules). Links to files and links within `subpath` say nothing.
 */
export async function describeSkippedEntries(
  snapshot: SourceSnapshot,
  subpath: string,
  skillFolders: readonly string[],
): Promise<Diagnostic[]> {
  const candidates = snapshot.entries.filter(
    (entry) =>
      (entry.kind === "submodule" || entry.kind === "symlink") &&
      entry.path !== subpath &&
      isInsideFolder(entry.path, subpath) &&
      !entry.path.split("/").some((segment) => SKIPPED_SEGMENTS.has(segment)) &&
      !skillFolders.some((folder) => isInsideFolder(entry.path, folder)),
  );
  const diagnostics: Diagnostic[] = [];
  for (const entry of candidates) {
    if (entry.kind !== "submodule") continue;
    diagnostics.push({
      severity: "info",
      code: "submodule-skipped",
      message: `${entry.path} is a git submodule; submodules are not fetched, so skills in it are not found (add its own repository as the source)`,
      path: entry.path,
    });
  }
  const links = candidates.filter((entry) => entry.kind === "symlink").slice(0, MAX_LINKS_READ);
  if (links.length === 0) return diagnostics;
  const folders = new Set(
    snapshot.entries.filter((entry) => entry.kind === "directory").map((entry) => entry.path),
  );
  let targets: Map<string, Uint8Array>;
  try {
    targets = await snapshot.readFiles(links.map((entry) => entry.path));
  } catch {
    return diagnostics;
  }
  for (const entry of links) {
    const target = Buffer.from(targets.get(entry.path) ?? new Uint8Array()).toString("utf8");
    const resolved = resolveLinkTarget(entry.path, target)?.replace(/\/+$/, "");
    const leadsOut = resolved === undefined;
    if (!leadsOut && (!folders.has(resolved) || isInsideFolder(resolved, subpath))) continue;
    diagnostics.push({
      severity: "info",
      code: "linked-folder-skipped",
      message: leadsOut
        ? `${entry.path} is a link to ${JSON.stringify(target)}, out of the source; links are not followed, so skills there are not found`
        : `${entry.path} is a link to the folder ${resolved}; linked folders are not followed, so skills there are not found (add ${resolved} itself)`,
      path: entry.path,
    });
  }
  return diagnostics.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}
