import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLazySqliteStores } from "./lazy-sqlite-stores.js";
import { openWorkspace } from "./open-workspace.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function scratch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "skillbox-lazy-store-"));
  folders.push(folder);
  return folder;
}

describe("createLazySqliteStores", () => {
  it("creates the database file only when a store is first used, and runs onOpened once", () => {
    const file = path.join(scratch(), "skillbox.db");
    let opened = 0;
    const stores = createLazySqliteStores({ path: file, onOpened: () => opened++ });
    expect(existsSync(file)).toBe(false);
    expect(stores.store.isOpen).toBe(false);
    stores.usage.record("pdf-tools", 1000);
    expect(existsSync(file)).toBe(true);
    expect(stores.usage.get("pdf-tools")?.count).toBe(1);
    expect(stores.store.isOpen).toBe(true);
    stores.settings.readSkillSettings();
    expect(opened).toBe(1);
    stores.close();
    expect(stores.store.isOpen).toBe(false);
  });
});

describe("openWorkspace and the SQLite file", () => {
  it("never opens the store for a listing of an empty folder", () => {
    const root = scratch();
    const home = path.join(root, "home");
    const empty = path.join(root, "empty");
    mkdirSync(empty, { recursive: true });
    const workspace = openWorkspace({ cwd: root, home, env: {}, dirs: [empty], bundledDirectory: empty });
    expect(workspace.registry.list()).toEqual([]);
    expect(workspace.diagnostics).toEqual([]);
    workspace.close();
    expect(existsSync(path.join(home, ".skillbox", "skillbox.db"))).toBe(false);
  });

  it("opens it as soon as the diagnostics of a folder with skills are asked for, and states saved there persist", () => {
    const root = scratch();
    const home = path.join(root, "home");
    const skills = path.join(root, "skills");
    mkdirSync(path.join(skills, "pdf-tools"), { recursive: true });
    writeFileSync(
      path.join(skills, "pdf-tools", "SKILL.md"),
      "---\nname: pdf-tools\ndescription: Fill PDF forms.\n---\nBody\n",
    );
    const workspace = openWorkspace({ cwd: root, home, env: {}, dirs: [skills], bundledDirectory: skills });
    expect(workspace.registry.list().map((record) => record.name)).toEqual(["pdf-tools"]);
    expect(workspace.diagnostics).toEqual([]);
    expect(existsSync(path.join(home, ".skillbox", "skillbox.db"))).toBe(true);
    workspace.setState("pdf-tools", "off");
    workspace.close();
    const again = openWorkspace({ cwd: root, home, env: {}, dirs: [skills], bundledDirectory: skills });
    expect(again.stateOf("pdf-tools")).toBe("off");
    again.close();
  });
});
