// `source.json`, written into every installed skill folder: where the skill came from (type, repo,
// ref, folder, tree id, commit), the content hash of what was installed, when, and the agent links.
// A folder without a valid one was not installed by Skillbox and is never updated or removed by it.
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { z } from "zod";
import { SOURCE_MANIFEST_FILE } from "./content-hash.js";
import { stringifySorted, writeFileAtomic } from "./write-json-file.js";

const linkSchema = z.object({
  agent: z.string(),
  /** Relative to the root's base folder (project root or home). */
  path: z.string(),
  method: z.enum(["symlink", "copy"]),
});

/** What locates a skill at its source; shared by source.json and skills-lock.json entries. */
export const sourceRecordSchema = z.object({
  type: z.enum(["github", "git", "local", "archive"]),
  /** `owner/repo`, a git URL, a folder path or an archive path or URL. */
  repo: z.string().min(1),
  ref: z.string().optional(),
  /** The skill folder inside the source (`""` = its root). */
  skillPath: z.string(),
  treeSha: z.string().optional(),
  commit: z.string().optional(),
  /** `sha256:<hex>` over the installed files (see content-hash.ts). */
  contentHash: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  plugin: z.string().optional(),
});

const manifestSchema = sourceRecordSchema.extend({
  version: z.literal(1),
  name: z.string().min(1),
  installedAt: z.string(),
  updatedAt: z.string().optional(),
  links: z.array(linkSchema).optional(),
});

export type SourceRecord = z.infer<typeof sourceRecordSchema>;
export type SourceManifest = z.infer<typeof manifestSchema>;
export type LinkRecord = z.infer<typeof linkSchema>;

/** The manifest of an installed skill folder, or why there is none (missing or invalid). */
export type ManifestRead = { ok: true; manifest: SourceManifest } | { ok: false; reason: string };

/** Reads `<folder>/source.json`; never throws. */
export async function readSourceManifest(folder: string): Promise<ManifestRead> {
  let text: string;
  try {
    text = await readFile(path.join(folder, SOURCE_MANIFEST_FILE), "utf8");
  } catch {
    return { ok: false, reason: "it has no source.json, so Skillbox did not install it" };
  }
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { ok: true, manifest: parsed.data };
    return {
      ok: false,
      reason: `its source.json is invalid (${parsed.error.issues[0]?.message ?? "bad shape"})`,
    };
  } catch {
    return { ok: false, reason: "its source.json is not JSON" };
  }
}

/** Writes `<folder>/source.json` atomically with sorted keys. */
export async function writeSourceManifest(folder: string, manifest: SourceManifest): Promise<void> {
  await writeFileAtomic(path.join(folder, SOURCE_MANIFEST_FILE), stringifySorted(manifest));
}

/** A one-line description of where a record points: `owner/repo@ref (skills/pdf)`. */
export function describeSourceRecord(record: Pick<SourceRecord, "repo" | "ref" | "skillPath">): string {
  const ref = record.ref ? `@${record.ref}` : "";
  return `${record.repo}${ref}${record.skillPath ? ` (${record.skillPath})` : ""}`;
}

/** True when two records name the same source (type, repo) regardless of ref and folder. */
export function isSameSource(
  left: Pick<SourceRecord, "type" | "repo">,
  right: Pick<SourceRecord, "type" | "repo">,
) {
  return left.type === right.type && left.repo.toLowerCase() === right.repo.toLowerCase();
}
