// `skills-lock.json` in the project root: one entry per project-installed skill (source record and
// content hash), version 1, keys sorted so diffs stay small, written atomically. Local paths are
// stored relative to the project so the lock works on every clone.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { z } from "zod";
import { type SourceRecord, sourceRecordSchema } from "./source-manifest.js";
import { stringifySorted, writeFileAtomic } from "./write-json-file.js";

export const LOCK_VERSION = 1;

const lockSchema = z.object({
  version: z.number().int().positive(),
  skills: z.record(z.string(), sourceRecordSchema),
});

export type LockEntry = SourceRecord;

export interface SkillsLock {
  version: number;
  skills: Record<string, LockEntry>;
}

/** An empty lock of the current version. */
export function createEmptyLock(): SkillsLock {
  return { version: LOCK_VERSION, skills: {} };
}

/** Reads the lock; undefined when there is none, a `config-error` when it is unreadable or newer. */
export async function readSkillsLock(lockPath: string): Promise<SkillsLock | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new SkillboxError("io-error", `Could not read ${lockPath}.`, { cause: error });
  }
  let parsed: ReturnType<typeof lockSchema.safeParse>;
  try {
    parsed = lockSchema.safeParse(JSON.parse(text));
  } catch (error) {
    throw new SkillboxError("config-error", `${lockPath} is not valid JSON; fix or delete it.`, {
      cause: error,
    });
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    throw new SkillboxError(
      "config-error",
      `${lockPath} is not a skills lock (${where}: ${issue?.message}).`,
    );
  }
  if (parsed.data.version > LOCK_VERSION) {
    throw new SkillboxError(
      "config-error",
      `${lockPath} has version ${parsed.data.version}; this Skillbox reads version ${LOCK_VERSION}. Update Skillbox.`,
    );
  }
  return { version: LOCK_VERSION, skills: parsed.data.skills };
}

/** Writes the lock atomically with sorted keys. */
export async function writeSkillsLock(lockPath: string, lock: SkillsLock): Promise<void> {
  await writeFileAtomic(lockPath, stringifySorted({ version: LOCK_VERSION, skills: lock.skills }));
}

/** The lock entry for a record: local folders and archive files become paths relative to the project. */
export function toLockEntry(record: SourceRecord, projectRoot: string): LockEntry {
  const entry: LockEntry = { ...record };
  if (isLocalRecord(record)) {
    const relative = path.relative(projectRoot, record.repo).split(path.sep).join("/");
    entry.repo = relative === "" ? "." : relative;
  }
  return entry;
}

/** The record a lock entry stands for, with local paths made absolute again. */
export function fromLockEntry(entry: LockEntry, projectRoot: string): SourceRecord {
  if (!isLocalRecord(entry)) return { ...entry };
  return { ...entry, repo: path.resolve(projectRoot, entry.repo) };
}

function isLocalRecord(record: Pick<SourceRecord, "type" | "repo">): boolean {
  return record.type === "local" || (record.type === "archive" && !/^https?:\/\//i.test(record.repo));
}
