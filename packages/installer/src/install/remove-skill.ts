// `remove <name>`: deletes one skill Skillbox installed (it has a source.json) from one root, after
// checking the name can only mean a folder directly inside that root; drops its lock entry and the
// agent links it recorded. Hand-made skills and anything outside the root are never touched.
import { lstat, mkdtemp, realpath, rename, rm } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { isInstallableName } from "./check-install-name.js";
import { checkProjectRoot } from "./check-project-confinement.js";
import type { InstallRoot } from "./install-roots.js";
import { unlinkSkill } from "./link-skill.js";
import { readSourceManifest } from "./source-manifest.js";
import { removeLockEntries } from "./update-lock-entries.js";

/** What was removed, from which root. */
export interface RemoveResult {
  name: string;
  scope: InstallRoot["scope"];
  folder: string;
}

/**
 * Removes `name` from whichever of `roots` installed it; throws `invalid-name` for names that are
 * not plain folder names, `skill-not-found` when no root has it installed, `conflict` when several do.
 */
export async function removeSkill(roots: readonly InstallRoot[], name: string): Promise<RemoveResult> {
  if (!isInstallableName(name)) {
    throw new SkillboxError(
      "invalid-name",
      `'${name}' is not a skill name; give the name of an installed skill.`,
      {
        data: { name },
      },
    );
  }
  for (const root of roots) checkProjectRoot(root, "remove from");
  const found: Array<{ root: InstallRoot; folder: string }> = [];
  const reasons: string[] = [];
  for (const root of roots) {
    const folder = await findInstalledFolder(root, name, reasons);
    if (folder) found.push({ root, folder });
  }
  if (found.length > 1) {
    throw new SkillboxError(
      "conflict",
      `'${name}' is installed for the project and the user; pass --project or --user.`,
    );
  }
  const [target] = found;
  if (!target) {
    const why = reasons.length > 0 ? ` (${reasons.join("; ")})` : "";
    throw new SkillboxError("skill-not-found", `No installed skill '${name}'${why}.`, { data: { name } });
  }
  const { root, folder } = target;
  const manifest = await readSourceManifest(folder);
  const trash = await mkdtemp(
    path.join(path.dirname(await realpath(root.skillsDirectory)), ".skillbox-removing-"),
  );
  try {
    await rename(folder, path.join(trash, name));
    try {
      await removeLockEntries(root, [name]);
    } catch (error) {
      await rename(path.join(trash, name), folder);
      throw error;
    }
    if (manifest.ok) await unlinkSkill(folder, manifest.manifest, root);
  } finally {
    await rm(trash, { recursive: true, force: true });
  }
  return { name, scope: root.scope, folder };
}

/** The folder of `name` in `root` when it is a real folder directly inside the root with a manifest. */
async function findInstalledFolder(
  root: InstallRoot,
  name: string,
  reasons: string[],
): Promise<string | undefined> {
  const folder = path.join(root.skillsDirectory, name);
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(folder);
  } catch {
    return undefined;
  }
  const shown = path.relative(root.base, folder);
  if (!stats.isDirectory()) {
    reasons.push(`${shown} is not a folder`);
    return undefined;
  }
  const realRoot = await realpath(root.skillsDirectory);
  if (path.dirname(await realpath(folder)) !== realRoot) {
    reasons.push(`${shown} resolves outside the skills folder`);
    return undefined;
  }
  const manifest = await readSourceManifest(folder);
  if (!manifest.ok) {
    reasons.push(`${shown}: ${manifest.reason}; remove it yourself if you mean to`);
    return undefined;
  }
  return folder;
}
