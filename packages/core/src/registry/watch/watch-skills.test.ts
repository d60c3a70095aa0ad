import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory, skillText, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { createSkillRegistry, type SkillRegistryOptions } from "../skill-registry.js";
import { collectRegistryEvents, waitForRegistryEvent } from "./wait-for-registry-event.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

function watched(root: string, options: Partial<SkillRegistryOptions> = {}, debounceMs = 40) {
  const registry = createSkillRegistry({
    roots: [{ label: "test", path: root, scope: "custom" }],
    ...options,
  });
  cleanups.push(() => registry.close());
  registry.refresh();
  registry.watch({ debounceMs });
  return registry;
}

async function countWatchHandles(): Promise<number> {
  // A closed handle leaves the list once libuv has run its close callback, on a later turn.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  return process.getActiveResourcesInfo().filter((name) => name === "FSEventWrap").length;
}

describe("watching", () => {
  it("adds a skill whose folder is created", async () => {
    const root = temp();
    const registry = watched(root);
    const added = waitForRegistryEvent(registry, "skill-added");
    writeSkill(root, "created");
    expect((await added).record.name).toBe("created");
    expect(registry.get("created")).toBeDefined();
  });

  it("adds a skill created several folders deep, in folders that did not exist", async () => {
    const root = temp();
    const registry = watched(root);
    const added = waitForRegistryEvent(registry, "skill-added");
    writeSkill(root, "group/sub/deep");
    expect((await added).record.name).toBe("deep");
    const again = waitForRegistryEvent(registry, "skill-added");
    writeSkill(root, "group/sub/deep/nested");
    expect((await again).record.name).toBe("nested");
  });

  it("updates a skill whose SKILL.md is modified in place", async () => {
    const root = temp();
    const file = writeSkill(root, "edited");
    const registry = watched(root);
    const changed = waitForRegistryEvent(registry, "skill-changed");
    writeFileSync(file, skillText({ name: "edited", description: "A new description." }));
    const event = await changed;
    expect(event.record.metadata.description).toBe("A new description.");
    expect(event.previous.metadata.description).toBe("Helps with edited.");
  });

  it("removes a skill whose folder is deleted", async () => {
    const root = temp();
    writeSkill(root, "doomed");
    writeSkill(root, "kept");
    const registry = watched(root);
    const removed = waitForRegistryEvent(registry, "skill-removed");
    rmSync(path.join(root, "doomed"), { recursive: true });
    expect((await removed).record.name).toBe("doomed");
    expect(registry.list().map((item) => item.name)).toEqual(["kept"]);
  });

  it("follows a renamed skill folder", async () => {
    const root = temp();
    mkdirSync(path.join(root, "before"));
    writeFileSync(
      path.join(root, "before", "SKILL.md"),
      "---\ndescription: Named after its folder.\n---\nBody\n",
    );
    const registry = watched(root);
    expect(registry.get("before")).toBeDefined();
    const added = waitForRegistryEvent(registry, "skill-added");
    const removed = waitForRegistryEvent(registry, "skill-removed");
    renameSync(path.join(root, "before"), path.join(root, "after"));
    expect((await removed).record.name).toBe("before");
    expect((await added).record.name).toBe("after");
    expect(registry.get("after")?.directory).toBe(path.join(root, "after"));
  });

  it("picks up a folder moved in from outside the root", async () => {
    const root = temp();
    const outside = temp();
    writeSkill(outside, "traveller");
    const registry = watched(root);
    const added = waitForRegistryEvent(registry, "skill-added");
    renameSync(path.join(outside, "traveller"), path.join(root, "traveller"));
    expect((await added).record.name).toBe("traveller");
  });

  it("notices an editor that saves by writing a temp file and renaming it over SKILL.md", async () => {
    const root = temp();
    const file = writeSkill(root, "saved");
    const registry = watched(root);
    const changed = waitForRegistryEvent(registry, "skill-changed");
    const temporary = path.join(root, "saved", ".SKILL.md.swp");
    writeFileSync(temporary, skillText({ name: "saved", description: "Saved atomically." }));
    renameSync(temporary, file);
    expect((await changed).record.metadata.description).toBe("Saved atomically.");
  });

  it("sees a root that appears after watching started, and one that is deleted and recreated", async () => {
    const base = temp();
    const root = path.join(base, "not", "yet");
    const registry = watched(root);
    expect(registry.list()).toEqual([]);
    const added = waitForRegistryEvent(registry, "skill-added");
    writeSkill(root, "late");
    expect((await added).record.name).toBe("late");

    const removed = waitForRegistryEvent(registry, "skill-removed");
    rmSync(path.join(base, "not"), { recursive: true });
    expect((await removed).record.name).toBe("late");
    const back = waitForRegistryEvent(registry, "skill-added");
    writeSkill(root, "again");
    expect((await back).record.name).toBe("again");
  });

  it("drops a folder that a new .gitignore excludes, and brings it back when the rule goes", async () => {
    const root = temp();
    writeSkill(root, "drafts/wip");
    writeSkill(root, "kept");
    const registry = watched(root);
    const removed = waitForRegistryEvent(registry, "skill-removed");
    writeFileSync(path.join(root, ".gitignore"), "drafts/\n");
    expect((await removed).record.name).toBe("wip");
    const added = waitForRegistryEvent(registry, "skill-added");
    writeFileSync(path.join(root, ".gitignore"), "# nothing ignored\n");
    expect((await added).record.name).toBe("wip");
  });

  it("coalesces a burst of changes into one refresh", async () => {
    const root = temp();
    const registry = watched(root, {}, 150);
    const refreshed = waitForRegistryEvent(registry, "registry-refreshed");
    for (let index = 0; index < 5; index++) writeSkill(root, `burst-${index}`);
    const { summary } = await refreshed;
    expect(summary.added).toHaveLength(5);
    expect(await collectRegistryEvents(registry, "registry-refreshed", 400)).toEqual([]);
  });

  it("ignores files that are not skill files", async () => {
    const root = temp();
    writeSkill(root, "tool");
    mkdirSync(path.join(root, "tool", "scripts"));
    const registry = watched(root);
    const refreshes = collectRegistryEvents(registry, "registry-refreshed", 300);
    writeFileSync(path.join(root, "tool", "scripts", "run.sh"), "echo hi\n");
    writeFileSync(path.join(root, "tool", "notes.txt"), "notes\n");
    writeFileSync(path.join(root, "README.md"), "readme\n");
    expect(await refreshes).toEqual([]);
  });

  it("refreshes only the changed folder: unrelated skills are not re-read", async () => {
    const root = temp();
    for (let index = 0; index < 20; index++) writeSkill(root, `skill-${index}`);
    const parsed: string[] = [];
    const registry = watched(root, { onParse: (file) => parsed.push(file) });
    parsed.length = 0;
    const changed = waitForRegistryEvent(registry, "skill-changed");
    writeFileSync(
      path.join(root, "skill-7", "SKILL.md"),
      skillText({ name: "skill-7", description: "Changed." }),
    );
    await changed;
    expect(parsed).toEqual([path.join(root, "skill-7", "SKILL.md")]);
  });

  it("releases every OS watcher and timer on close", async () => {
    const root = temp();
    writeSkill(root, "a/inner");
    const before = await countWatchHandles();
    const registry = createSkillRegistry({ roots: [{ label: "test", path: root, scope: "custom" }] });
    const watcher = registry.watch({ debounceMs: 30 });
    expect(await countWatchHandles()).toBeGreaterThanOrEqual(before + 3);
    writeSkill(root, "pending");
    watcher.close();
    watcher.close();
    expect(await countWatchHandles()).toBe(before);
    expect(await collectRegistryEvents(registry, "skill-added", 200)).toEqual([]);
    registry.watch({ debounceMs: 30 });
    registry.close();
    expect(await countWatchHandles()).toBe(before);
    writeSkill(root, "after-close");
    expect(await collectRegistryEvents(registry, "skill-added", 200)).toEqual([]);
  });
});
