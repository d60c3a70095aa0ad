// `verify`: recomputes the content hash of every installed skill and compares it with the one
// recorded at install (and, for the project, with skills-lock.json). Reads only; never writes. A
// project whose skills folder or lock links out of it is reported, and nothing is read through it.
import * as path from "node:path";
import { findProjectEscape } from "./check-project-confinement.js";
import { hashSkillFolder } from "./content-hash.js";
import type { InstallRoot } from "./install-roots.js";
import { listInstalledSkills } from "./list-installed-skills.js";
import { readSkillsLock } from "./skills-lock.js";

/**
 * One skill's verdict: `ok`, files `modified` since install, `missing` (in the lock, not on disk),
 * or `lock-mismatch`; or, for a whole project root whose skills folder or lock leads out of the
 * project, one `outside-project` result named after that folder, with the `reason`.
 */
export interface VerifyResult {
  name: string;
  scope: InstallRoot["scope"];
  folder: string;
  status: "ok" | "modified" | "missing" | "lock-mismatch" | "outside-project";
  expected?: string;
  actual?: string;
  reason?: string;
}

/** Verifies the installed skills of each root; hand-made skills (no source.json) are not listed. */
export async function verifyInstalledSkills(roots: readonly InstallRoot[]): Promise<VerifyResult[]> {
  const results: VerifyResult[] = [];
  for (const root of roots) {
    const leaves =
      findProjectEscape(root, root.skillsDirectory, "verify", { parentToo: true }) ??
      (root.lockPath === undefined ? undefined : findProjectEscape(root, root.lockPath, "verify"));
    if (leaves !== undefined) {
      const name = path.relative(root.base, root.skillsDirectory).split(path.sep).join("/");
      results.push({
        name,
        scope: root.scope,
        folder: root.skillsDirectory,
        status: "outside-project",
        reason: leaves,
      });
      continue;
    }
    const installed = (await listInstalledSkills(root)).filter((skill) => skill.manifest !== undefined);
    const lock = root.lockPath ? await readSkillsLock(root.lockPath) : undefined;
    for (const skill of installed) {
      const manifest = skill.manifest;
      if (!manifest) continue;
      const actual = await hashSkillFolder(skill.folder);
      const base = {
        name: skill.name,
        scope: root.scope,
        folder: skill.folder,
        expected: manifest.contentHash,
        actual,
      };
      const locked = lock?.skills[skill.name];
      if (actual !== manifest.contentHash) results.push({ ...base, status: "modified" });
      else if (locked && locked.contentHash !== actual)
        results.push({ ...base, expected: locked.contentHash, status: "lock-mismatch" });
      else results.push({ ...base, status: "ok" });
    }
    for (const [name, entry] of Object.entries(lock?.skills ?? {})) {
      if (installed.some((skill) => skill.name === name)) continue;
      results.push({
        name,
        scope: root.scope,
        folder: path.join(root.skillsDirectory, path.basename(name)),
        status: "missing",
        expected: entry.contentHash,
      });
    }
  }
  return results;
}
