// Converts between a parsed source and the record stored in source.json and skills-lock.json, so a
// skill can be fetched again from exactly where it came from.
import type { FoundSkill } from "./describe-found-skill.js";
import type { SourceSpec } from "./parse-source.js";
import type { SourceRecord } from "./source-manifest.js";
import type { SourceSnapshot } from "./source-snapshot.js";

/** The record for `skill` found in `snapshot` opened from `spec`. */
export function createSourceRecord(
  spec: SourceSpec,
  snapshot: SourceSnapshot,
  skill: FoundSkill,
): SourceRecord {
  const ref = spec.type === "github" || spec.type === "git" ? spec.ref : undefined;
  if (skill.contentHash === undefined) throw new Error(`internal: '${skill.name}' has no content hash`);
  return {
    type: spec.type,
    repo: repoOf(spec),
    skillPath: skill.skillPath,
    contentHash: skill.contentHash,
    ...(ref ? { ref } : {}),
    ...(skill.treeSha ? { treeSha: skill.treeSha } : {}),
    ...(snapshot.commit ? { commit: snapshot.commit } : {}),
    ...(skill.plugin ? { plugin: skill.plugin } : {}),
  };
}

/** The spec to open a record's source again: at `atCommit` when given (restores), else at its ref. */
export function specFromRecord(record: SourceRecord, atCommit?: string): SourceSpec {
  const ref = atCommit ?? record.ref;
  switch (record.type) {
    case "github": {
      const [owner = "", repo = ""] = record.repo.split("/");
      return { type: "github", owner, repo, input: record.repo, ...(ref ? { ref } : {}) };
    }
    case "git":
      return { type: "git", url: record.repo, input: record.repo, ...(ref ? { ref } : {}) };
    case "local":
      return { type: "local", path: record.repo, input: record.repo };
    case "archive":
      return {
        type: "archive",
        location: record.repo,
        remote: /^https?:\/\//i.test(record.repo),
        input: record.repo,
      };
  }
}

/** A key grouping records that can share one opened source. */
export function sourceKey(record: SourceRecord, atCommit?: string): string {
  return `${record.type}\0${record.repo.toLowerCase()}\0${atCommit ?? record.ref ?? ""}`;
}

function repoOf(spec: SourceSpec): string {
  switch (spec.type) {
    case "github":
      return `${spec.owner}/${spec.repo}`;
    case "git":
      return spec.url;
    case "local":
      return spec.path;
    case "archive":
      return spec.location;
  }
}
