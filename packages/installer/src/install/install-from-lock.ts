// `install [--frozen]`: restores exactly the skills skills-lock.json names, each fetched at its locked
// commit and checked against its locked content hash. Without --frozen a source that changed is
// installed and the lock updated; with --frozen any difference (at the source or on disk) fails the
// whole run and nothing is written. A lock naming unsafe names or paths is refused outright.
import { lstat } from "node:fs/promises";
import * as path from "node:path";
import { describeError, isSkillboxError, SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath } from "./check-entry-path.js";
import { isInstallableName } from "./check-install-name.js";
import { checkProjectRoot } from "./check-project-confinement.js";
import { commitInstalls, type PreparedInstall } from "./commit-installs.js";
import { hashSkillFolder } from "./content-hash.js";
import type { InstallContext } from "./install-context.js";
import type { InstallRoot } from "./install-roots.js";
import { fromLockEntry, type LockEntry, readSkillsLock } from "./skills-lock.js";
import { createSourceCache, readRecordedSkill, type SourceCache } from "./source-cache.js";
import { readSourceManifest, type SourceManifest } from "./source-manifest.js";
import { updateLockEntries } from "./update-lock-entries.js";

export type RestoreStatus = "present" | "installed" | "changed" | "failed";

/** One lock entry's outcome: already `present`, `installed` as locked, `changed` (lock updated), or `failed`. */
export interface RestoreResult {
  name: string;
  status: RestoreStatus;
  reason?: string;
}

/** Restores the project's locked skills; throws `integrity-mismatch` in frozen mode on any difference. */
export async function installFromLock(
  root: InstallRoot,
  context: InstallContext,
  options: { frozen?: boolean } = {},
): Promise<RestoreResult[]> {
  if (root.lockPath === undefined)
    throw new SkillboxError("usage-error", "Only project installs have a lock.");
  checkProjectRoot(root, "install into");
  const lock = await readSkillsLock(root.lockPath);
  if (lock === undefined) {
    throw new SkillboxError(
      "path-not-found",
      `No ${path.basename(root.lockPath)} in ${root.base}; add skills first.`,
    );
  }
  for (const [name, entry] of Object.entries(lock.skills)) {
    const checked = checkEntryPath(entry.skillPath);
    if (!isInstallableName(name) || !checked.ok) {
      throw new SkillboxError(
        "config-error",
        `${root.lockPath} names an unsafe skill '${name}' (${entry.skillPath}); nothing was installed.`,
      );
    }
  }
  const cache = createSourceCache(context);
  const results: RestoreResult[] = [];
  const prepared: PreparedInstall[] = [];
  const changed: SourceManifest[] = [];
  try {
    for (const [name, entry] of Object.entries(lock.skills).sort(([left], [right]) =>
      left.localeCompare(right),
    )) {
      const outcome = await restoreOne(name, entry, root, cache, context, options.frozen === true);
      results.push(outcome.result);
      if (outcome.prepared) prepared.push(outcome.prepared);
      if (outcome.result.status === "changed" && outcome.prepared) changed.push(outcome.prepared.manifest);
    }
    const failures = results.filter(
      (result) => result.status === "failed" || (options.frozen && result.status === "changed"),
    );
    if (options.frozen && failures.length > 0) {
      const list = failures.map((result) => `${result.name}: ${result.reason}`).join("; ");
      throw new SkillboxError(
        "integrity-mismatch",
        `skills-lock.json does not match (${list}). Nothing was installed.`,
        {
          data: { failures },
        },
      );
    }
    if (prepared.length > 0) {
      await commitInstalls(root, prepared, {
        onProgress: context.onProgress,
        afterCommit: () => updateLockEntries(root, changed),
      });
    }
    return results;
  } finally {
    await cache.dispose();
  }
}

async function restoreOne(
  name: string,
  entry: LockEntry,
  root: InstallRoot,
  cache: SourceCache,
  context: InstallContext,
  frozen: boolean,
): Promise<{ result: RestoreResult; prepared?: PreparedInstall }> {
  const failed = (reason: string) => ({ result: { name, status: "failed" as const, reason } });
  const folder = path.join(root.skillsDirectory, name);
  if (await exists(folder)) {
    const manifest = await readSourceManifest(folder);
    if (!manifest.ok) return failed(`${path.relative(root.base, folder)} exists and ${manifest.reason}`);
    const actual = await hashSkillFolder(folder);
    if (actual === entry.contentHash) return { result: { name, status: "present" } };
    if (frozen) return failed(`the installed files differ from the lock (${actual.slice(0, 19)}…)`);
  }
  const record = fromLockEntry(entry, root.base);
  try {
    const source = await cache.open(record, entry.commit);
    const found = await readRecordedSkill(source, record.skillPath, context);
    if (!found) return failed(`no skill at '${record.skillPath || "."}' in ${source.snapshot.label}`);
    if (!found.installable || !found.files || !found.contentHash) {
      return failed(
        found.diagnostics.find((item) => item.severity === "error")?.message ??
          "the skill cannot be installed",
      );
    }
    const matches = found.contentHash === entry.contentHash;
    if (!matches && frozen)
      return failed(`the source's files differ from the lock (${found.contentHash.slice(0, 19)}…)`);
    const manifest: SourceManifest = {
      ...record,
      version: 1,
      name,
      contentHash: found.contentHash,
      installedAt: context.now().toISOString(),
      ...(found.treeSha ? { treeSha: found.treeSha } : {}),
      ...(source.snapshot.commit ? { commit: source.snapshot.commit } : {}),
    };
    if (!found.treeSha) delete manifest.treeSha;
    return {
      result: { name, status: matches ? "installed" : "changed" },
      prepared: { name, files: found.files, manifest },
    };
  } catch (error) {
    if (!isSkillboxError(error)) throw error;
    return failed(describeError(error));
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
