// The skills in an install root: every folder of the root's skills folder, with its source.json
// when Skillbox installed it (folders without one are hand-made and only reported).
import { lstat, readdir } from "node:fs/promises";
import * as path from "node:path";
import type { InstallRoot } from "./install-roots.js";
import { readSourceManifest, type SourceManifest } from "./source-manifest.js";

/** One folder of a skills root; `manifest` is absent for skills Skillbox did not install. */
export interface InstalledSkill {
  name: string;
  folder: string;
  root: InstallRoot;
  manifest?: SourceManifest;
  /** Why there is no manifest. */
  problem?: string;
}

/** The folders of `root` (links and files left out), sorted by name; an absent root lists nothing. */
export async function listInstalledSkills(root: InstallRoot): Promise<InstalledSkill[]> {
  let names: string[];
  try {
    names = await readdir(root.skillsDirectory);
  } catch {
    return [];
  }
  const skills: InstalledSkill[] = [];
  for (const name of names.sort()) {
    if (name.startsWith(".")) continue;
    const folder = path.join(root.skillsDirectory, name);
    const stats = await lstat(folder);
    if (!stats.isDirectory()) continue;
    const read = await readSourceManifest(folder);
    skills.push(
      read.ok
        ? { name, folder, root, manifest: read.manifest }
        : { name, folder, root, problem: read.reason },
    );
  }
  return skills;
}
