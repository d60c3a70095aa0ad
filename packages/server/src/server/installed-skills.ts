// The API's view of installed skill folders: where each came from, and whether the server lists it.
import { realpathSync } from "node:fs";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { InstalledSkill } from "@skillbox/installer/install/index";
import type { InstalledSkillSummary } from "./api-types.js";

/** One folder of an install root as `GET /api/installed` shows it. */
export function describeInstalledSkill(skill: InstalledSkill): InstalledSkillSummary {
  const summary: InstalledSkillSummary = { name: skill.name, scope: skill.root.scope, folder: skill.folder };
  const { manifest } = skill;
  if (manifest === undefined) {
    if (skill.problem !== undefined) summary.problem = skill.problem;
    return summary;
  }
  summary.source = {
    type: manifest.type,
    repo: manifest.repo,
    skillPath: manifest.skillPath,
    ...(manifest.ref === undefined ? {} : { ref: manifest.ref }),
    ...(manifest.commit === undefined ? {} : { commit: manifest.commit }),
  };
  summary.installedAt = manifest.installedAt;
  if (manifest.updatedAt !== undefined) summary.updatedAt = manifest.updatedAt;
  return summary;
}

/**
 * The folders among `installed` that a registry record lives in (compared by real path, so a
 * linked temp or home folder still matches); a server started with --dir lists none of them.
 */
export function findListedFolders(
  registry: Pick<SkillRegistry, "list">,
  installed: readonly { name: string; folder: string }[],
): Set<string> {
  const names = new Set(installed.map((skill) => skill.name));
  const listed = new Set<string>();
  const directories = new Set(
    registry
      .list({ includeShadowed: true })
      .filter((record) => names.has(record.name))
      .map((record) => realPath(record.directory)),
  );
  for (const skill of installed) if (directories.has(realPath(skill.folder))) listed.add(skill.folder);
  return listed;
}

function realPath(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    // Gone since: compared as given.
    return target;
  }
}
