// How `--link` makes a link, behind an interface so tests can make it fail and see the copy fallback.
import { symlink } from "node:fs/promises";

/** Makes one directory link at `linkPath` pointing at `target` (relative to the link's folder). */
export interface LinkOperations {
  symlink(target: string, linkPath: string): Promise<void>;
}

/** The real file system: a junction on Windows (no privileges needed), a symlink elsewhere. */
export const nodeLinkOperations: LinkOperations = {
  symlink: (target, linkPath) => symlink(target, linkPath, process.platform === "win32" ? "junction" : "dir"),
};
