// `outdated`: compares each installed skill with its source by the skill folder's git tree id when
// both sides have one, else by content hash; never by the repository's HEAD, so a commit that only
// touches other files never flags a skill. Reads only: nothing in any skill root is written.
import { describeError, isSkillboxError } from "@skillbox/core/errors";
import type { InstallContext } from "./install-context.js";
import type { InstallRoot } from "./install-roots.js";
import { type InstalledSkill, listInstalledSkills } from "./list-installed-skills.js";
import { createSourceCache, hasSkillFolder, readRecordedSkill, type SourceCache } from "./source-cache.js";
import { describeSourceRecord } from "./source-manifest.js";

export type OutdatedStatus = "up-to-date" | "outdated" | "missing-at-source" | "error";

/** One installed skill against its source. `current`/`latest` are what was compared (tree id or hash). */
export interface OutdatedResult {
  name: string;
  scope: InstallRoot["scope"];
  source: string;
  status: OutdatedStatus;
  compared?: "tree" | "content";
  current?: string;
  latest?: string;
  latestCommit?: string;
  reason?: string;
}

/** Checks the installed skills of `roots` (only `names` when given). */
export async function checkOutdated(
  roots: readonly InstallRoot[],
  context: InstallContext,
  names?: readonly string[],
): Promise<OutdatedResult[]> {
  const cache = createSourceCache(context);
  try {
    const results: OutdatedResult[] = [];
    for (const root of roots) {
      for (const skill of await listInstalledSkills(root)) {
        if (!skill.manifest || (names && names.length > 0 && !names.includes(skill.name))) continue;
        results.push(await checkOne(skill, cache, context));
      }
    }
    return results;
  } finally {
    await cache.dispose();
  }
}

/** Compares one installed skill (which has a manifest) with its source. */
export async function checkOne(
  skill: InstalledSkill,
  cache: SourceCache,
  context: InstallContext,
): Promise<OutdatedResult> {
  const manifest = skill.manifest;
  if (!manifest) throw new Error("internal: checkOne needs a manifest");
  const base = { name: skill.name, scope: skill.root.scope, source: describeSourceRecord(manifest) };
  try {
    const source = await cache.open(manifest);
    const latestCommit = source.snapshot.commit;
    const withCommit = latestCommit ? { latestCommit } : {};
    if (!hasSkillFolder(source, manifest.skillPath)) {
      return {
        ...base,
        ...withCommit,
        status: "missing-at-source",
        reason: `no skill at '${manifest.skillPath || "."}' any more`,
      };
    }
    const latestTree = source.snapshot.treeSha(manifest.skillPath);
    if (manifest.treeSha && latestTree) {
      const status = latestTree === manifest.treeSha ? "up-to-date" : "outdated";
      return {
        ...base,
        ...withCommit,
        status,
        compared: "tree",
        current: manifest.treeSha,
        latest: latestTree,
      };
    }
    const found = await readRecordedSkill(source, manifest.skillPath, context);
    if (!found?.contentHash) {
      const reason =
        found?.diagnostics.find((item) => item.severity === "error")?.message ?? "the skill cannot be read";
      return { ...base, ...withCommit, status: "error", reason };
    }
    const status = found.contentHash === manifest.contentHash ? "up-to-date" : "outdated";
    return {
      ...base,
      ...withCommit,
      status,
      compared: "content",
      current: manifest.contentHash,
      latest: found.contentHash,
    };
  } catch (error) {
    if (!isSkillboxError(error)) throw error;
    return { ...base, status: "error", reason: describeError(error) };
  }
}
