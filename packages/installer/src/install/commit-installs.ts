// The atomic part of every install and update: each skill is written into a staging folder beside the
// skills folder, verified against its content hash, then renamed into place (an existing folder is
// moved aside first). Any failure, the lock write included, moves everything back; staging is always
// removed. Nothing outside the skills folder and its staging folder is touched, and for a project
// neither may lead out of it (check-project-confinement.ts).
import { lstat, mkdir, mkdtemp, realpath, rename, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath } from "./check-entry-path.js";
import { checkProjectConfinement } from "./check-project-confinement.js";
import { hashSkillFolder, type SkillFile } from "./content-hash.js";
import type { ProgressListener } from "./install-progress.js";
import type { InstallRoot } from "./install-roots.js";
import { type SourceManifest, writeSourceManifest } from "./source-manifest.js";

/** One skill ready to install: its folder name, files and manifest (whose contentHash must match). */
export interface PreparedInstall {
  name: string;
  files: readonly SkillFile[];
  manifest: SourceManifest;
}

export interface CommitInstallsOptions {
  /** Runs after every folder is in place (writes the lock); a throw rolls the installs back. */
  afterCommit?: () => Promise<void>;
  onProgress?: ProgressListener;
}

/** Installs `prepared` into the skills folder of `installRoot` all or nothing; resolves to the folders written. */
export async function commitInstalls(
  installRoot: InstallRoot,
  prepared: readonly PreparedInstall[],
  options: CommitInstallsOptions = {},
): Promise<string[]> {
  const { skillsDirectory } = installRoot;
  // Before mkdir: a dangling project link would otherwise have its target created.
  checkProjectConfinement(installRoot, skillsDirectory, "install into", { parentToo: true });
  const created = await mkdir(skillsDirectory, { recursive: true });
  // A symlinked ~/.agents is fine: work in the real folder so renames stay on one file system.
  const root = await realpath(skillsDirectory);
  const staging = await mkdtemp(path.join(path.dirname(root), ".skillbox-staging-"));
  try {
    checkProjectConfinement(installRoot, staging, "install into");
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  const moved: Array<{ target: string; backup?: string; staged: string }> = [];
  try {
    for (const item of prepared) {
      const staged = path.join(staging, "new", item.name);
      await writeSkillFiles(staged, item.files, item.name, options.onProgress);
      const actual = await hashSkillFolder(staged);
      if (actual !== item.manifest.contentHash) {
        throw new SkillboxError(
          "integrity-mismatch",
          `The files written for '${item.name}' do not match its content hash.`,
        );
      }
      await writeSourceManifest(staged, item.manifest);
    }
    for (const item of prepared) {
      const target = path.join(root, item.name);
      if (path.dirname(target) !== root)
        throw new SkillboxError("path-escape", `'${item.name}' is not a folder name.`);
      const staged = path.join(staging, "new", item.name);
      const record: { target: string; backup?: string; staged: string } = { target, staged };
      if (await exists(target)) {
        await mkdir(path.join(staging, "old"), { recursive: true });
        record.backup = path.join(staging, "old", item.name);
        await rename(target, record.backup);
      }
      moved.push(record);
      await rename(staged, target);
    }
    await options.afterCommit?.();
    return moved.map((record) => record.target);
  } catch (error) {
    await rollBack(moved);
    // Folders this call created (`.agents/skills`) go too: a failed install leaves nothing behind.
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Writes one skill's files under `folder`, checking every path again and never following a link. */
async function writeSkillFiles(
  folder: string,
  files: readonly SkillFile[],
  label: string,
  onProgress: ProgressListener | undefined,
): Promise<void> {
  await mkdir(folder, { recursive: true });
  let written = 0;
  for (const file of files) {
    const checked = checkEntryPath(file.path);
    if (!checked.ok || checked.path === "") {
      throw new SkillboxError(
        "path-escape",
        `Refused to write '${file.path}' for '${label}': ${checked.ok ? "empty" : checked.reason}.`,
      );
    }
    const target = path.join(folder, ...checked.path.split("/"));
    await mkdir(path.dirname(target), { recursive: true });
    // `wx`: fail rather than write through anything already there.
    await writeFile(target, file.bytes, { flag: "wx", mode: file.executable ? 0o755 : 0o644 });
    written++;
    onProgress?.({
      phase: "write",
      label,
      files: written,
      totalFiles: files.length,
      done: written === files.length,
    });
  }
}

async function rollBack(
  moved: ReadonlyArray<{ target: string; backup?: string; staged: string }>,
): Promise<void> {
  for (const record of [...moved].reverse()) {
    if (await exists(record.target))
      await rename(record.target, record.staged).catch(() =>
        rm(record.target, { recursive: true, force: true }),
      );
    if (record.backup && (await exists(record.backup))) await rename(record.backup, record.target);
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await lstat(target);
    return true;
  } catch {
    return false;
  }
}
