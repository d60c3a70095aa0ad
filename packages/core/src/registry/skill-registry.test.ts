import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import {
  ageFile,
  ageTree,
  createTempDirectory,
  skillText,
  writeSkill,
} from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { isSkillboxError } from "../errors.js";
import { InMemoryUsageStore } from "../store/usage-store.js";
import { describeModelVisibility } from "./model-visibility.js";
import type { SkillRegistryEvents } from "./registry-events.js";
import { createSkillRegistry, type SkillRegistry, type SkillRegistryOptions } from "./skill-registry.js";

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

function single(root: string, options: Partial<SkillRegistryOptions> = {}) {
  return create([{ label: "test", path: root, scope: "custom" }], options);
}

function record<Name extends keyof SkillRegistryEvents>(registry: SkillRegistry, event: Name) {
  const seen: Array<SkillRegistryEvents[Name]> = [];
  registry.on(event, (payload) => seen.push(payload));
  return seen;
}

describe("precedence and shadowing", () => {
  it("lets the higher root win and keeps the loser reachable by its qualified name", () => {
    const high = temp();
    const low = temp();
    writeSkill(high, "pdf", { description: "High pdf." });
    writeSkill(low, "pdf", { description: "Low pdf." });
    writeSkill(low, "only-low");
    const registry = create([
      { label: "project", path: high, scope: "project" },
      { label: "user", path: low, scope: "user" },
    ]);
    expect(registry.get("pdf")?.metadata.description).toBe("High pdf.");
    expect(registry.get("project:pdf")).toBe(registry.get("pdf"));
    const loser = registry.get("user:pdf");
    expect(loser).toMatchObject({ shadowed: true, shadowedBy: "project:pdf", qualifiedName: "user:pdf" });
    expect(loser?.metadata.description).toBe("Low pdf.");
    expect(loser?.diagnostics.map((item) => item.code)).toContain("shadowed");
    expect(registry.list({ includeShadowed: false }).map((item) => item.qualifiedName)).toEqual([
      "user:only-low",
      "project:pdf",
    ]);
    expect(registry.list().map((item) => item.qualifiedName)).toEqual([
      "user:only-low",
      "project:pdf",
      "user:pdf",
    ]);
    expect(registry.isModelInvocable("user:pdf")).toBe(false);
    expect(registry.isUserInvocable("user:pdf")).toBe(true);
  });

  it("within one root lets the first folder in path order win, with a warning", () => {
    const root = temp();
    writeSkill(root, "b/dup", { name: "same" });
    writeSkill(root, "a/dup", { name: "same" });
    const registry = single(root);
    expect(registry.get("same")?.file).toBe(path.join(root, "a", "dup", "SKILL.md"));
    const second = registry.get("test:same#2");
    expect(second?.shadowed).toBe(true);
    expect(second?.diagnostics.map((item) => item.code)).toContain("duplicate-name");
  });

  it("promotes the shadowed skill when the winner is removed", () => {
    const high = temp();
    const low = temp();
    writeSkill(high, "pdf", { description: "High." });
    writeSkill(low, "pdf", { description: "Low." });
    const registry = create([
      { label: "project", path: high, scope: "project" },
      { label: "user", path: low, scope: "user" },
    ]);
    registry.refresh();
    rmSync(path.join(high, "pdf"), { recursive: true });
    const summary = registry.refresh();
    expect(summary.removed).toEqual(["project:pdf"]);
    expect(summary.changed).toEqual(["user:pdf"]);
    expect(registry.get("pdf")).toMatchObject({ qualifiedName: "user:pdf", shadowed: false });
  });
});

describe("roots", () => {
  it("resolves a relative root against the cwd", () => {
    const base = temp();
    writeSkill(path.join(base, "skills"), "relative");
    const registry = create([{ label: "rel", path: "skills", scope: "custom" }], { cwd: base });
    expect(registry.roots[0]?.path).toBe(path.join(base, "skills"));
    expect(registry.get("relative")?.directory).toBe(path.join(base, "skills", "relative"));
  });
});

describe("lookup", () => {
  it("finds records by plain or qualified name and throws a readable error for unknown names", () => {
    const root = temp();
    writeSkill(root, "alpha");
    const registry = single(root);
    expect(registry.get("alpha")?.qualifiedName).toBe("test:alpha");
    expect(registry.get("test:alpha")).toBe(registry.get("alpha"));
    expect(registry.get("missing")).toBeUndefined();
    expect(() => registry.require("missing")).toThrowError(/No skill is named `missing`/);
  });
});

describe("incremental refresh", () => {
  it("re-parses only changed files and detects additions and removals", () => {
    const root = temp();
    writeSkill(root, "one");
    writeSkill(root, "two");
    writeSkill(root, "three");
    ageTree(root);
    const parsed: string[] = [];
    const registry = single(root, { onParse: (file) => parsed.push(path.basename(path.dirname(file))) });
    expect(registry.refresh()).toMatchObject({ parsed: 3 });
    parsed.length = 0;
    expect(registry.refresh()).toMatchObject({ parsed: 0, listed: 0, added: [], changed: [], removed: [] });
    expect(registry.needsRefresh()).toBe(false);

    ageFile(writeSkill(root, "two", { description: "Now longer than before." }));
    expect(registry.needsRefresh()).toBe(true);
    const changed = record(registry, "skill-changed");
    expect(registry.refresh()).toMatchObject({ parsed: 1, changed: ["test:two"] });
    expect(parsed).toEqual(["two"]);
    expect(changed.map((event) => event.record.metadata.description)).toEqual(["Now longer than before."]);

    rmSync(path.join(root, "three"), { recursive: true });
    writeSkill(root, "four");
    const removed = record(registry, "skill-removed");
    const added = record(registry, "skill-added");
    parsed.length = 0;
    const summary = registry.refresh();
    expect(summary).toMatchObject({ added: ["test:four"], removed: ["test:three"] });
    expect(parsed).toEqual(["four"]);
    expect(removed.map((event) => event.record.name)).toEqual(["three"]);
    expect(added.map((event) => event.record.name)).toEqual(["four"]);
  });

  it("re-parses everything on a forced refresh, without reporting unchanged skills", () => {
    const root = temp();
    writeSkill(root, "one");
    writeSkill(root, "two");
    ageTree(root);
    const parsed: string[] = [];
    const registry = single(root, { onParse: (file) => parsed.push(file) });
    registry.refresh();
    expect(registry.refresh({ force: true })).toMatchObject({
      parsed: 2,
      changed: [],
      added: [],
      removed: [],
    });
    expect(parsed).toHaveLength(4);
  });

  it("re-checks a file written in the same clock tick as the scan, without a spurious change", () => {
    const root = temp();
    writeSkill(root, "fresh");
    const parsed: string[] = [];
    const registry = single(root, { onParse: (file) => parsed.push(file) });
    registry.refresh();
    const before = registry.get("fresh");
    ageTree(root);
    const changed = record(registry, "skill-changed");
    registry.refresh();
    expect(parsed).toHaveLength(2);
    expect(
      changed.filter((event) => event.record.metadata.description === before?.metadata.description),
    ).toEqual(changed.filter((event) => event.previous.modifiedAt !== event.record.modifiedAt));
  });

  it("notices a .gitignore change on refresh", () => {
    const root = temp();
    writeSkill(root, "kept");
    writeSkill(root, "later-ignored");
    writeFileSync(path.join(root, ".gitignore"), "# none\n");
    ageTree(root);
    const registry = single(root);
    expect(registry.list().map((item) => item.name)).toEqual(["kept", "later-ignored"]);
    writeFileSync(path.join(root, ".gitignore"), "later-ignored/\n");
    expect(registry.refresh().removed).toEqual(["test:later-ignored"]);
  });

  it("sees a root that appears after the first refresh", () => {
    const base = temp();
    const root = path.join(base, "late", "skills");
    const registry = single(root);
    expect(registry.list()).toEqual([]);
    writeSkill(root, "arrived");
    expect(registry.needsRefresh()).toBe(true);
    expect(registry.refresh().added).toEqual(["test:arrived"]);
  });
});

describe("persisted index", () => {
  it("lets a second registry start from the cache without reading any skill file", () => {
    const root = temp();
    const cacheFile = path.join(temp(), "cache", "index.json");
    for (const name of ["a", "b", "c"]) writeSkill(root, name, { paths: name === "c" ? ["*.py"] : [] });
    ageTree(root);
    const first = single(root, { cacheFile });
    expect(first.refresh().parsed).toBe(3);
    first.close();

    const parsed: string[] = [];
    const second = single(root, { cacheFile, onParse: (file) => parsed.push(file) });
    const summary = second.refresh();
    expect(summary).toMatchObject({ parsed: 0, listed: 0 });
    expect(parsed).toEqual([]);
    parsed.length = 0;
    expect(second.list().map((item) => item.name)).toEqual(["a", "b", "c"]);
    expect(second.get("c")?.metadata.paths).toEqual(["*.py"]);
    expect(second.readBody("a")).toBe("Body text.\n");
    expect(second.refresh({ force: true })).toMatchObject({ parsed: 3, changed: [], added: [], removed: [] });
    second.close();

    writeSkill(root, "b", { description: "Changed between processes." });
    const third = single(root, { cacheFile, onParse: (file) => parsed.push(file) });
    expect(third.refresh()).toMatchObject({ parsed: 1, added: ["test:a", "test:b", "test:c"] });
    expect(third.get("b")?.metadata.description).toBe("Changed between processes.");
  });

  it("keeps no cache file for roots without a skill, and removes the one left from when they had one", () => {
    const root = temp();
    const cacheFile = path.join(temp(), "index.json");
    const empty = single(root, { cacheFile });
    expect(empty.list()).toEqual([]);
    empty.close();
    expect(existsSync(cacheFile)).toBe(false);

    writeSkill(root, "a");
    const one = single(root, { cacheFile });
    expect(one.list().map((item) => item.name)).toEqual(["a"]);
    one.close();
    expect(existsSync(cacheFile)).toBe(true);

    rmSync(path.join(root, "a"), { recursive: true });
    const none = single(root, { cacheFile });
    expect(none.list()).toEqual([]);
    none.close();
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("does not rewrite an unchanged cache file after a warm start", () => {
    const root = temp();
    const cacheFile = path.join(temp(), "index.json");
    for (const name of ["a", "b"]) writeSkill(root, name);
    ageTree(root);
    const first = single(root, { cacheFile });
    first.refresh();
    first.close();
    const before = statSync(cacheFile);

    const second = single(root, { cacheFile });
    expect(second.refresh()).toMatchObject({ parsed: 0, added: ["test:a", "test:b"] });
    expect(second.list()).toHaveLength(2);
    second.close();
    const after = statSync(cacheFile);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it("ignores a corrupt or foreign cache file and rebuilds it", () => {
    const root = temp();
    const cacheFile = path.join(temp(), "index.json");
    writeSkill(root, "a");
    ageTree(root);
    for (const content of [
      "{not json",
      JSON.stringify({ version: 1, key: "other", directories: [], files: [] }),
      "[]",
    ]) {
      writeFileSync(cacheFile, content);
      const registry = single(root, { cacheFile });
      expect(registry.refresh().parsed).toBe(1);
      registry.close();
    }
    const parsed: string[] = [];
    const warm = single(root, { cacheFile, onParse: (file) => parsed.push(file) });
    warm.refresh();
    expect(parsed).toEqual([]);
    const saved = readFileSync(cacheFile);
    writeFileSync(cacheFile, saved.subarray(0, saved.length - 8));
    const rebuilt = single(root, { cacheFile });
    expect(rebuilt.refresh().parsed).toBe(1);
  });

  it("reports a cache it cannot write as a warning and keeps working", () => {
    const root = temp();
    writeSkill(root, "a");
    const blocker = path.join(temp(), "file");
    writeFileSync(blocker, "");
    const registry = single(root, { cacheFile: path.join(blocker, "index.json") });
    expect(registry.list()).toHaveLength(1);
    expect(registry.diagnostics().map((item) => item.code)).toContain("cache-write-failed");
  });
});

describe("bodies", () => {
  it("reads the body on demand and notices a change on disk", () => {
    const root = temp();
    const file = writeSkill(root, "guide", {}, { body: "First version.\n" });
    const registry = single(root);
    expect(registry.readBody("guide")).toBe("First version.\n");
    const changed = record(registry, "skill-changed");
    writeFileSync(file, skillText({ name: "guide", description: "Edited." }, "Second, longer version.\n"));
    const content = registry.loadSkill("guide");
    expect(content.body).toBe("Second, longer version.\n");
    expect(content.record.metadata.description).toBe("Edited.");
    expect(changed.map((event) => event.record.metadata.description)).toEqual(["Edited."]);
    expect(registry.get("guide")).toBe(content.record);
  });

  it("loads a body larger than the scanned head without parsing the file again", () => {
    const root = temp();
    const body = `${"A long line of instructions.\n".repeat(2000)}The end.\n`;
    writeSkill(root, "large", {}, { body });
    ageTree(root);
    const parsed: string[] = [];
    const registry = single(root, { onParse: (file) => parsed.push(file) });
    registry.refresh();
    expect(registry.readBody("large")).toBe(body);
    expect(registry.readBody("large")).toBe(body);
    expect(parsed).toHaveLength(1);
  });

  it("throws skill-not-found with a readable message for a skill deleted from disk", () => {
    const root = temp();
    writeSkill(root, "gone");
    const registry = single(root);
    registry.refresh();
    rmSync(path.join(root, "gone"), { recursive: true });
    const removed = record(registry, "skill-removed");
    let caught: unknown;
    try {
      registry.readBody("gone");
    } catch (error) {
      caught = error;
    }
    expect(isSkillboxError(caught, "skill-not-found")).toBe(true);
    expect(String((caught as Error).message)).toMatch(/no longer on disk.*removed or renamed/);
    expect(removed.map((event) => event.record.name)).toEqual(["gone"]);
    expect(registry.get("gone")).toBeUndefined();
  });

  it("keeps bodies out of the index: a body edit keeps the record when the frontmatter is the same", () => {
    const root = temp();
    const file = writeSkill(root, "same-front", {}, { body: "One.\n" });
    const registry = single(root);
    const before = registry.get("same-front");
    renameSync(file, `${file}.old`);
    writeFileSync(
      file,
      skillText({ name: "same-front", description: "Helps with same-front." }, "Two, three.\n"),
    );
    expect(registry.readBody("same-front")).toBe("Two, three.\n");
    expect(registry.get("same-front")?.metadata).toEqual(before?.metadata);
  });
});

describe("invocation flags and activation", () => {
  function fixture() {
    const root = temp();
    writeSkill(root, "normal");
    writeSkill(root, "manual-only", { "disable-model-invocation": true });
    writeSkill(root, "model-only", { "user-invocable": false });
    writeSkill(root, "python", { paths: ["*.py"] });
    writeSkill(root, "docs", { paths: ["docs/**/*.md", "file_?.txt"] });
    writeSkill(root, "pinned-off", { paths: ["**/*.rs"], "disable-model-invocation": true });
    return { root, registry: single(root, { cwd: root }) };
  }

  it("lists every model-invocable skill in Layer 1 and in the tool, model-only (user-invocable: false) ones included", () => {
    const { registry } = fixture();
    expect(registry.catalogEntries().map((entry) => entry.name)).toEqual(["model-only", "normal"]);
    expect(registry.toolEntries().map((entry) => entry.name)).toEqual(["model-only", "normal"]);
    expect(registry.isUserInvocable("manual-only")).toBe(true);
    expect(registry.isModelInvocable("manual-only")).toBe(false);
    expect(registry.isUserInvocable("model-only")).toBe(false);
    expect(registry.get("python")).toMatchObject({ conditional: true, activated: false });
  });

  it("gives one answer to 'listed?', 'may the model load it?' and the visibility reason", () => {
    const { registry } = fixture();
    const seen = registry.list({ includeShadowed: true }).map((record) => {
      const visibility = describeModelVisibility(record);
      expect(registry.isListedForModel(record), record.name).toBe(registry.isModelInvocable(record));
      expect(visibility === "listed", record.name).toBe(registry.isListedForModel(record));
      return [record.name, visibility];
    });
    expect(Object.fromEntries(seen)).toEqual({
      docs: "waiting-for-paths",
      "manual-only": "disable-model-invocation",
      "model-only": "listed",
      normal: "listed",
      "pinned-off": "disable-model-invocation",
      python: "waiting-for-paths",
    });
    const modelOnly = registry.get("model-only");
    expect(modelOnly && describeModelVisibility(modelOnly, "user-only")).toBe("state");
  });

  it("matches paths without activating, then activates with * ** and ? semantics", () => {
    const { root, registry } = fixture();
    expect(registry.matchingForPaths(["src/app.py"]).map((item) => item.name)).toEqual(["python"]);
    expect(registry.get("python")?.activated).toBe(false);
    const activated = record(registry, "skills-activated");
    expect(registry.activateForPaths(["docs/readme.txt", "file_ab.txt", "README.md"])).toEqual([]);
    expect(registry.activateForPaths([path.join(root, "docs", "guide", "intro.md")])).toEqual(["docs"]);
    expect(registry.activateForPaths(["./src/deep/app.py", "file_a.txt"])).toEqual(["python"]);
    expect(registry.activateForPaths(["src/app.py"])).toEqual([]);
    expect(activated.map((event) => event.names)).toEqual([["docs"], ["python"]]);
    expect(registry.catalogEntries().map((entry) => entry.name)).toEqual([
      "docs",
      "model-only",
      "normal",
      "python",
    ]);
    expect(registry.activateForPaths(["src/main.rs"])).toEqual(["pinned-off"]);
    expect(registry.isModelInvocable("pinned-off")).toBe(false);
  });

  it("keeps * within one path segment when the pattern has a slash", () => {
    const root = temp();
    writeSkill(root, "src-only", { paths: ["src/*.py"] });
    const registry = single(root, { cwd: root });
    expect(registry.activateForPaths(["src/nested/app.py"])).toEqual([]);
    expect(registry.activateForPaths(["src/app.py"])).toEqual(["src-only"]);
  });

  it("applies per-skill states from settings", () => {
    const root = temp();
    for (const name of ["on", "names", "person", "off"]) writeSkill(root, name);
    const states = { names: "name-only", person: "user-only", off: "off" } as const;
    const registry = single(root, {
      stateOf: (item) => (item.name in states ? states[item.name as keyof typeof states] : undefined),
    });
    expect(registry.catalogEntries().map((entry) => [entry.name, entry.state])).toEqual([
      ["names", "name-only"],
      ["on", "on"],
    ]);
    expect(registry.isUserInvocable("person")).toBe(true);
    expect(registry.isModelInvocable("person")).toBe(false);
    expect(registry.isUserInvocable("off")).toBe(false);
  });
});

describe("usage and Layer 1 output", () => {
  it("orders catalog entries by usage score, then name, and decays old usage", () => {
    const root = temp();
    for (const name of ["alpha", "beta", "gamma"]) writeSkill(root, name);
    let now = Date.parse("2026-01-01T00:00:00Z");
    const usageStore = new InMemoryUsageStore();
    const registry = single(root, { usageStore, clock: () => now });
    expect(registry.recordUsage("gamma")).toBe(true);
    now += 14 * 24 * 3_600_000;
    registry.recordUsage("beta");
    expect(registry.recordUsage("nope")).toBe(false);
    const entries = registry.catalogEntries();
    expect(entries.map((entry) => entry.name)).toEqual(["beta", "gamma", "alpha"]);
    expect(registry.usageScore("beta")).toBeCloseTo(Math.log(2), 5);
    expect(registry.usageScore("gamma")).toBeCloseTo(Math.log(2) / 4, 5);
    expect(entries.map((entry) => entry.isNew)).toEqual([false, false, false]);
    expect(usageStore.get("gamma")?.count).toBe(1);
  });

  it("marks never-used skills first seen recently as new", () => {
    const root = temp();
    writeSkill(root, "fresh");
    const registry = single(root, { clock: () => Date.now() });
    expect(registry.catalogEntries()[0]).toMatchObject({ name: "fresh", isNew: true, score: 0 });
  });

  it("searches winners and can keep to model-invocable skills", () => {
    const root = temp();
    writeSkill(root, "pdf-tools", { description: "Extract text and tables from PDF files." });
    writeSkill(root, "pdf-manual", {
      description: "Manual PDF checklist.",
      "disable-model-invocation": true,
    });
    writeSkill(root, "charts", { description: "Plot charts." });
    const registry = single(root);
    expect(
      registry
        .search("pdf", 5)
        .map((hit) => hit.record.name)
        .sort(),
    ).toEqual(["pdf-manual", "pdf-tools"]);
    expect(registry.search("pdf", 5, { modelOnly: true }).map((hit) => hit.record.name)).toEqual([
      "pdf-tools",
    ]);
    writeSkill(root, "pdf-more", { description: "More PDF help." });
    registry.refresh();
    expect(registry.search("pdf", 5).map((hit) => hit.record.name)).toContain("pdf-more");
  });
});

describe("diagnostics events", () => {
  it("emits diagnostics-changed when a folder-level finding appears", () => {
    const root = temp();
    writeSkill(root, "ok");
    const registry = single(root);
    registry.refresh();
    const seen = record(registry, "diagnostics-changed");
    mkdirSync(path.join(root, "broken"));
    writeFileSync(path.join(root, "broken", "SKILL.md"), "");
    registry.refresh();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.diagnostics.map((item) => item.code)).toContain("empty-file");
  });
});
