// Search through the registry: every copy of a skill, namespaces from folders, and body terms read
// once and then kept in the saved index.

import { existsSync } from "node:fs";
import * as path from "node:path";
import { ageTree, createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { InMemoryUsageStore } from "../store/usage-store.js";
import { nodeFileSystem, type RegistryFileSystem } from "./discovery/registry-file-system.js";
import { createSkillRegistry, type SkillRegistryOptions } from "./skill-registry.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temp() {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  return directory.path;
}

function create(roots: SkillRegistryOptions["roots"], options: Partial<SkillRegistryOptions> = {}) {
  const registry = createSkillRegistry({ roots, ...options });
  cleanups.push(() => registry.close());
  return registry;
}

/** The node file system, counting the skill files it opens and the whole files it reads. */
function countingFileSystem(): { fs: RegistryFileSystem; opened: string[]; read: string[] } {
  const opened: string[] = [];
  const read: string[] = [];
  const fs: RegistryFileSystem = {
    ...nodeFileSystem,
    openSync: (file, flags) => {
      if (/skill\.md$/i.test(String(file))) opened.push(String(file));
      return nodeFileSystem.openSync(file, flags);
    },
    readFileSync: (file) => {
      read.push(String(file));
      return nodeFileSystem.readFileSync(file);
    },
  };
  return { fs, opened, read };
}

const ADMIN_BODY =
  "# Registry administration\n\n## Invite a user to an organization\n\nCreate the account, then add it to the Developers group.\n";

describe("registry search", () => {
  it("finds a skill by the words of a shadowed copy, under the winning skill's name", () => {
    const high = temp();
    const low = temp();
    writeSkill(high, "pdf", { description: "Extract text from PDF files." });
    writeSkill(low, "pdf", { description: "Merge and split scanned documents." });
    const registry = create([
      { label: "project", path: high, scope: "project" },
      { label: "user", path: low, scope: "user" },
    ]);
    const hits = registry.search("split scanned documents");
    expect(hits.map((hit) => hit.record.qualifiedName)).toEqual(["project:pdf"]);
    expect(registry.search("pdf").map((hit) => hit.record.name)).toEqual(["pdf"]);
  });

  it("indexes the folders between the root and the skill as its namespace", () => {
    const root = temp();
    writeSkill(root, "plugins/harbor/skills/users", { description: "Manage accounts and groups." });
    writeSkill(root, "plugins/gitea/skills/users", {
      name: "forge-users",
      description: "Manage accounts and groups.",
    });
    const registry = create([{ label: "test", path: root, scope: "custom" }]);
    expect(registry.search("harbor accounts")[0]?.record.name).toBe("users");
    expect(registry.search("gitea accounts")[0]?.record.name).toBe("forge-users");
  });

  it("returns a confidence in [0, 1] beside the score", () => {
    const root = temp();
    writeSkill(root, "pdf-forms", { description: "Fill and flatten PDF forms." });
    writeSkill(root, "charts", { description: "Plot charts from tables." });
    const registry = create([{ label: "test", path: root, scope: "custom" }]);
    const [hit] = registry.search("fill pdf forms");
    expect(hit?.record.name).toBe("pdf-forms");
    expect(hit?.confidence).toBeGreaterThan(0.3);
    expect(hit?.confidence).toBeLessThanOrEqual(1);
    expect(registry.search("pdf-forms")[0]?.confidence).toBe(1);
  });

  it("breaks ties by usage", () => {
    const root = temp();
    writeSkill(root, "alpha-notes", { description: "Keep meeting notes." });
    writeSkill(root, "beta-notes", { description: "Keep meeting notes." });
    const usageStore = new InMemoryUsageStore();
    const registry = create([{ label: "test", path: root, scope: "custom" }], { usageStore });
    expect(registry.search("meeting").map((hit) => hit.record.name)).toEqual(["alpha-notes", "beta-notes"]);
    registry.recordUsage("beta-notes");
    const fresh = create([{ label: "test", path: root, scope: "custom" }], { usageStore });
    expect(fresh.search("meeting").map((hit) => hit.record.name)).toEqual(["beta-notes", "alpha-notes"]);
  });

  it("reads body terms once, saves them with the index, and a warm run searches without reading a skill file", () => {
    const root = temp();
    writeSkill(
      root,
      "registry-admin",
      { description: "Administer the container registry." },
      { body: ADMIN_BODY },
    );
    writeSkill(root, "charts", { description: "Plot charts from tables." });
    ageTree(root);
    const cacheFile = path.join(temp(), "cache", "index.bin");
    const roots = [{ label: "test", path: root, scope: "custom" as const }];

    const cold = countingFileSystem();
    const first = create(roots, { cacheFile, fs: cold.fs });
    first.list();
    const scanned = cold.opened.length;
    expect(first.search("invite user organization developers")[0]?.record.name).toBe("registry-admin");
    // Body terms are read when search first needs them, not by the scan.
    expect(cold.opened.length).toBeGreaterThan(scanned);
    first.close();

    expect(existsSync(`${cacheFile}.terms`)).toBe(true);

    const warm = countingFileSystem();
    const second = create(roots, { cacheFile, fs: warm.fs });
    // Listing loads the index alone; the saved terms wait for a search.
    second.list();
    expect(warm.read).toEqual([cacheFile]);
    expect(second.search("invite user organization developers")[0]?.record.name).toBe("registry-admin");
    expect(warm.read).toEqual([cacheFile, `${cacheFile}.terms`]);
    expect(warm.opened).toEqual([]);
  });

  it("takes the new body's terms when a skill file changes", () => {
    const root = temp();
    const file = writeSkill(root, "notes", { description: "Keep notes." }, { body: "# Meeting minutes\n" });
    writeSkill(root, "other", { description: "Something else." });
    ageTree(root);
    const registry = create([{ label: "test", path: root, scope: "custom" }]);
    expect(registry.search("minutes")[0]?.record.name).toBe("notes");
    writeSkill(root, "notes", { description: "Keep notes." }, { body: "# Grocery lists\n" });
    ageTree(root, 30);
    registry.refresh();
    expect(registry.search("minutes")).toEqual([]);
    expect(registry.search("grocery")[0]?.record.file).toBe(file);
  });
});
