// `update [name…]`: a verified reinstall of each outdated skill from its recorded source and ref,
// under the same folder name (so the person's state setting, keyed by name, stays). Changes to
// allowed-tools, hooks, scripts or `context: fork` are reported and need consent (`yes`).
import { describeError, isSkillboxError, SkillboxError } from "@skillbox/core/errors";
import { checkOne } from "./check-outdated.js";
import { checkProjectRoot } from "./check-project-confinement.js";
import { commitInstalls, type PreparedInstall } from "./commit-installs.js";
import { readSkillFolder } from "./content-hash.js";
import { findSensitiveChanges, type SensitiveChange } from "./find-sensitive-changes.js";
import type { InstallContext } from "./install-context.js";
import type { InstallRoot } from "./install-roots.js";
import { refreshCopies } from "./link-skill.js";
import { type InstalledSkill, listInstalledSkills } from "./list-installed-skills.js";
import { createSourceCache, readRecordedSkill } from "./source-cache.js";
import type { SourceManifest } from "./source-manifest.js";
import { updateLockEntries } from "./update-lock-entries.js";

export type UpdateStatus = "updated" | "up-to-date" | "needs-consent" | "missing-at-source" | "failed";

export interface UpdateResult {
  name: string;
  scope: InstallRoot["scope"];
  status: UpdateStatus;
  changes: SensitiveChange[];
  reason?: string;
}

export interface UpdateSkillsOptions {
  /** Only these skills (default: every installed skill). Unknown names are errors. */
  names?: readonly string[];
  /** Consent to sensitive changes. */
  yes?: boolean;
}

/** Updates the outdated installed skills of `roots`; each root's updates are committed together. */
export async function updateSkills(
  roots: readonly InstallRoot[],
  context: InstallContext,
  options: UpdateSkillsOptions = {},
): Promise<UpdateResult[]> {
  for (const root of roots) checkProjectRoot(root, "update");
  const installed: InstalledSkill[] = [];
  for (const root of roots)
    installed.push(...(await listInstalledSkills(root)).filter((skill) => skill.manifest));
  const names = options.names ?? [];
  for (const name of names) {
    if (!installed.some((skill) => skill.name === name)) {
      throw new SkillboxError(
        "skill-not-found",
        `No installed skill is named '${name}' (only skills with a source.json update).`,
        {
          data: { name },
        },
      );
    }
  }
  const cache = createSourceCache(context);
  const results: UpdateResult[] = [];
  try {
    for (const root of roots) {
      const pending: Array<{ prepared: PreparedInstall; result: UpdateResult; skill: InstalledSkill }> = [];
      for (const skill of installed) {
        if (skill.root !== root || (names.length > 0 && !names.includes(skill.name))) continue;
        const planned = await planUpdate(skill, cache, context, options.yes === true);
        if ("prepared" in planned) pending.push({ ...planned, skill });
        else results.push(planned.result);
      }
      if (pending.length === 0) continue;
      try {
        await commitInstalls(
          root,
          pending.map((item) => item.prepared),
          {
            onProgress: context.onProgress,
            afterCommit: () =>
              updateLockEntries(
                root,
                pending.map((item) => item.prepared.manifest),
              ),
          },
        );
        for (const item of pending)
          await refreshCopies(item.skill.folder, item.prepared.manifest.links ?? [], root);
        results.push(...pending.map((item) => item.result));
      } catch (error) {
        if (!isSkillboxError(error)) throw error;
        for (const item of pending)
          results.push({ ...item.result, status: "failed", reason: describeError(error) });
      }
    }
  } finally {
    await cache.dispose();
  }
  const order = (result: UpdateResult) => roots.findIndex((root) => root.scope === result.scope);
  return results.sort((left, right) => order(left) - order(right) || left.name.localeCompare(right.name));
}

type Plan = { result: UpdateResult } | { result: UpdateResult; prepared: PreparedInstall };

async function planUpdate(
  skill: InstalledSkill,
  cache: ReturnType<typeof createSourceCache>,
  context: InstallContext,
  yes: boolean,
): Promise<Plan> {
  const manifest = skill.manifest as SourceManifest;
  const base: UpdateResult = { name: skill.name, scope: skill.root.scope, status: "up-to-date", changes: [] };
  const check = await checkOne(skill, cache, context);
  if (check.status === "up-to-date") return { result: base };
  if (check.status === "missing-at-source" || check.status === "error") {
    return {
      result: {
        ...base,
        status: check.status === "error" ? "failed" : check.status,
        ...reason(check.reason),
      },
    };
  }
  const source = await cache.open(manifest);
  const found = await readRecordedSkill(source, manifest.skillPath, context);
  if (!found?.installable || !found.files || !found.contentHash) {
    const why =
      found?.diagnostics.find((item) => item.severity === "error")?.message ?? "the skill cannot be read";
    return { result: { ...base, status: "failed", reason: why } };
  }
  // Same bytes under a new tree id (a mode bit, a left-out file): reinstalling records the new id.
  const changes = findSensitiveChanges(await readSkillFolder(skill.folder), found.files);
  if (changes.length > 0 && !yes) return { result: { ...base, status: "needs-consent", changes } };
  const { treeSha: _oldTree, commit: _oldCommit, ...kept } = manifest;
  const next: SourceManifest = {
    ...kept,
    contentHash: found.contentHash,
    updatedAt: context.now().toISOString(),
    ...(found.treeSha ? { treeSha: found.treeSha } : {}),
    ...(source.snapshot.commit ? { commit: source.snapshot.commit } : {}),
  };
  return {
    result: { ...base, status: "updated", changes },
    prepared: { name: skill.name, files: found.files, manifest: next },
  };
}

function reason(text: string | undefined): { reason?: string } {
  return text ? { reason: text } : {};
}
