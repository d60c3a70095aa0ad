import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { SkillWarning } from "@modelcontextprotocol/server/ext/skills";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { afterEach, describe, expect, it } from "vitest";
import type { SkillPath } from "./assign-skill-paths.js";
import { createSkillEntryCache, type SkillEntryChange } from "./skill-entry-cache.js";

/** The stamp logic alone: no watch event may race these checks. */
const UNWATCHED = { watch: false };

const folders: string[] = [];
let stamp = 1_700_000_000;
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function skillFolder(): { path: SkillPath; write(relative: string, text: string): void } {
  const root = mkdtempSync(path.join(tmpdir(), "skillbox-entry-cache-"));
  folders.push(root);
  const directory = path.join(root, "notes");
  const write = (relative: string, text: string) => {
    const file = path.join(directory, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    // A distinct mtime per write, so a rewrite within the same clock tick still changes the stamp.
    stamp += 10;
    utimesSync(file, stamp, stamp);
  };
  write("SKILL.md", "---\nname: notes\ndescription: Takes notes.\n---\nBody.\n");
  write("reference/format.md", "Bullets.\n");
  const record = {
    name: "notes",
    file: path.join(directory, "SKILL.md"),
    directory,
  } as unknown as SkillRecord;
  return {
    path: { record, segments: ["notes"], uri: "skill://notes/SKILL.md", rootUri: "skill://notes" },
    write,
  };
}

describe("createSkillEntryCache", () => {
  it("builds an entry once and reuses it while no file's size or mtime changed", async () => {
    const { path: skill } = skillFolder();
    const cache = createSkillEntryCache(() => undefined, Date.now, UNWATCHED);
    const first = await cache.entryFor(skill);
    expect(first?.entry.resources).toHaveLength(2);
    expect(await cache.entryFor(skill)).toBe(first);
  });

  it("rebuilds when a file changes and reports which URIs got a new digest", async () => {
    const { path: skill, write } = skillFolder();
    const cache = createSkillEntryCache(() => undefined, Date.now, UNWATCHED);
    const changes: SkillEntryChange[] = [];
    cache.onEntryChanged((change) => changes.push(change));
    const first = await cache.entryFor(skill);
    write("reference/format.md", "Numbered lists.\n");
    const second = await cache.entryFor(skill);
    expect(second).not.toBe(first);
    expect(changes).toEqual([{ uri: skill.uri, changedFiles: ["skill://notes/reference/format.md"] }]);
  });

  it("without watches, skips the walk for a listing when the stamps were checked within maxAgeMs, and checks again after", async () => {
    const { path: skill, write } = skillFolder();
    let now = 1000;
    const cache = createSkillEntryCache(
      () => undefined,
      () => now,
      UNWATCHED,
    );
    const first = await cache.entryFor(skill);
    write("reference/format.md", "Numbered lists.\n");
    expect(await cache.entryFor(skill, { maxAgeMs: 500 })).toBe(first);
    now += 600;
    expect(await cache.entryFor(skill, { maxAgeMs: 500 })).not.toBe(first);
  });

  it("with watches, reuses an entry for a listing until an event names a changed file, then hashes that file again", async () => {
    const { path: skill, write } = skillFolder();
    let now = 1000;
    const cache = createSkillEntryCache(
      () => undefined,
      () => now,
    );
    const first = await cache.entryFor(skill);
    now += 60_000;
    expect(await cache.entryFor(skill, { maxAgeMs: 500 })).toBe(first);
    const dirty = new Promise<string>((resolve) => cache.onDirty(resolve));
    write("reference/format.md", "Numbered lists.\n");
    expect(await dirty).toBe(skill.uri);
    const next = await cache.entryFor(skill, { maxAgeMs: 500 });
    expect(next).not.toBe(first);
    expect(next?.files.find((file) => file.relative === "reference/format.md")?.size).toBe(16);
    cache.close();
  });

  it("refuses to publish a skill the SDK rejects, with a warning naming the folder", async () => {
    const { path: skill, write } = skillFolder();
    write("SKILL.md", "---\nname: other\ndescription: Wrong name.\n---\nBody.\n");
    const warnings: SkillWarning[] = [];
    const cache = createSkillEntryCache((warning) => warnings.push(warning), Date.now, UNWATCHED);
    expect(await cache.entryFor(skill)).toBeUndefined();
    expect(warnings[0]?.path).toBe(skill.record.directory);
    expect(warnings[0]?.message).toContain("not served over MCP");
  });
});

describe("createSkillEntryCache and folders", () => {
  it("reuses the file list while no folder's mtime moved, and walks again once one did", async () => {
    const { path: skill, write } = skillFolder();
    const directory = skill.record.directory;
    const reference = path.join(directory, "reference");
    const age = (folder: string, seconds: number) => utimesSync(folder, seconds, seconds);
    age(directory, 1_600_000_000);
    age(reference, 1_600_000_000);
    const cache = createSkillEntryCache(() => undefined, Date.now, UNWATCHED);
    const first = await cache.entryFor(skill);
    const relatives = async () => (await cache.entryFor(skill))?.files.map((file) => file.relative);

    // Added under the folder's old mtime: the listing is reused, so the file is not seen yet.
    write("reference/extra.md", "More.\n");
    age(reference, 1_600_000_000);
    expect(await cache.entryFor(skill)).toBe(first);
    age(reference, 1_600_000_100);
    expect(await relatives()).toEqual(["SKILL.md", "reference/extra.md", "reference/format.md"]);

    rmSync(path.join(reference, "format.md"));
    age(reference, 1_600_000_200);
    expect(await relatives()).toEqual(["SKILL.md", "reference/extra.md"]);
  });

  it("walks a folder changed within the last second every time, since its mtime may not move again", async () => {
    const { path: skill, write } = skillFolder();
    const cache = createSkillEntryCache(() => undefined, Date.now, UNWATCHED);
    await cache.entryFor(skill);
    write("reference/extra.md", "More.\n");
    // write() ages the file, not the folder: the folder's mtime is now.
    const files = (await cache.entryFor(skill))?.files.map((file) => file.relative);
    expect(files).toContain("reference/extra.md");
  });
});

describe("createSkillEntryCache when a URI moves", () => {
  it("does not carry stamps over to another folder served at the same URI: same-stamp files there are hashed", async () => {
    const first = skillFolder();
    const second = skillFolder();
    // Same relative path, size and mtime as the first folder's file, other bytes.
    second.write("reference/format.md", "Numbers.\n");
    const file = (folder: SkillPath) => path.join(folder.record.directory, "reference", "format.md");
    utimesSync(file(first.path), 1_600_000_000, 1_600_000_000);
    utimesSync(file(second.path), 1_600_000_000, 1_600_000_000);
    const cache = createSkillEntryCache(() => undefined, Date.now, UNWATCHED);
    const changes: SkillEntryChange[] = [];
    cache.onEntryChanged((change) => changes.push(change));
    const before = await cache.entryFor(first.path);
    const after = await cache.entryFor(second.path);
    const digest = (built: typeof before) =>
      built?.files.find((entry) => entry.relative === "reference/format.md")?.digest;
    expect(digest(after)).not.toBe(digest(before));
    expect(changes).toEqual([
      { uri: "skill://notes/SKILL.md", changedFiles: ["skill://notes/reference/format.md"] },
    ]);
  });
});
