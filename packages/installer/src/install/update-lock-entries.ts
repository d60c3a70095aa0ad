// Keeps skills-lock.json in step with project installs: entries set after an install or update,
// dropped after a remove. User installs have no lock. A lock that links out of the project is refused.
import { checkProjectConfinement } from "./check-project-confinement.js";
import type { InstallRoot } from "./install-roots.js";
import { createEmptyLock, readSkillsLock, toLockEntry, writeSkillsLock } from "./skills-lock.js";
import type { SourceManifest } from "./source-manifest.js";

/** Sets the lock entries for `manifests` (project root only). */
export async function updateLockEntries(
  root: InstallRoot,
  manifests: readonly SourceManifest[],
): Promise<void> {
  if (root.lockPath === undefined) return;
  checkProjectConfinement(root, root.lockPath, "write");
  const lock = (await readSkillsLock(root.lockPath)) ?? createEmptyLock();
  for (const manifest of manifests) {
    const {
      version: _version,
      name,
      installedAt: _installed,
      updatedAt: _updated,
      links: _links,
      ...record
    } = manifest;
    lock.skills[name] = toLockEntry(record, root.base);
  }
  await writeSkillsLock(root.lockPath, lock);
}

/** Drops the lock entries for `names` (project root only); the file stays, maybe empty. */
export async function removeLockEntries(root: InstallRoot, names: readonly string[]): Promise<void> {
  if (root.lockPath === undefined) return;
  checkProjectConfinement(root, root.lockPath, "write");
  const lock = await readSkillsLock(root.lockPath);
  if (lock === undefined) return;
  for (const name of names) delete lock.skills[name];
  await writeSkillsLock(root.lockPath, lock);
}
