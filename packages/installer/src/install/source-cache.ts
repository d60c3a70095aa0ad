// Opens each source at most once per operation (outdated, update, install from the lock), and finds
// a recorded skill folder in it again.
import type { FoundSkill } from "./describe-found-skill.js";
import { describeFoundSkill } from "./describe-found-skill.js";
import { findSkillFolders } from "./find-skill-folders.js";
import type { InstallContext } from "./install-context.js";
import { type OpenedSource, openSource } from "./open-source.js";
import type { SourceRecord } from "./source-manifest.js";
import { sourceKey, specFromRecord } from "./source-record.js";

/** Opened sources keyed by type, repo and ref (or commit); `dispose` closes them all. */
export interface SourceCache {
  open(record: SourceRecord, atCommit?: string): Promise<OpenedSource>;
  dispose(): Promise<void>;
}

export function createSourceCache(context: InstallContext): SourceCache {
  const opened = new Map<string, Promise<OpenedSource>>();
  return {
    open(record, atCommit) {
      const key = sourceKey(record, atCommit);
      let pending = opened.get(key);
      if (!pending) {
        pending = openSource(specFromRecord(record, atCommit), context);
        opened.set(key, pending);
      }
      return pending;
    },
    async dispose() {
      for (const pending of opened.values()) {
        const source = await pending.catch(() => undefined);
        await source?.snapshot.dispose();
      }
      opened.clear();
    },
  };
}

/** True when the recorded folder is still a skill folder at the source. */
export function hasSkillFolder(source: OpenedSource, skillPath: string): boolean {
  return findSkillFolders(source.snapshot.entries, skillPath).some((folder) => folder.folder === skillPath);
}

/** The skill at the recorded folder, read and checked, or undefined when the folder is gone. */
export async function readRecordedSkill(
  source: OpenedSource,
  skillPath: string,
  context: InstallContext,
): Promise<FoundSkill | undefined> {
  const candidate = findSkillFolders(source.snapshot.entries, skillPath).find(
    (folder) => folder.folder === skillPath,
  );
  if (!candidate) return undefined;
  return describeFoundSkill(source.snapshot, candidate, source.rootName, context.limits);
}
