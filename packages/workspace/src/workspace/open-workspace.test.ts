import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { openStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteSettingsStore } from "@skillbox/store-sqlite/store/sqlite-settings-store";
import { ageTree } from "@skillbox/testing/skill-folders";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWorkspace } from "./open-workspace.js";
import type { Workspace } from "./workspace.js";

let base: string;
let home: string;
let project: string;
let bundled: string;
const opened: Workspace[] = [];
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-workspace-")));
  home = path.join(base, "home");
  project = path.join(base, "repo");
  bundled = path.join(base, "bundled");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  mkdirSync(home, { recursive: true });
  mkdirSync(bundled, { recursive: true });
});
afterEach(() => {
  for (const workspace of opened.splice(0)) workspace.close();
  rmSync(base, { recursive: true, force: true });
});

function writeSkill(folder: string, name: string, description = `Helps with ${name}.`): void {
  mkdirSync(path.join(folder, name), { recursive: true });
  writeFileSync(
    path.join(folder, name, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${description}\n---\nBody of ${name}.\n`,
  );
}

function open(options: Partial<Parameters<typeof openWorkspace>[0]> = {}): Workspace {
  const workspace = openWorkspace({ cwd: project, home, env: {}, bundledDirectory: bundled, ...options });
  opened.push(workspace);
  return workspace;
}

describe("openWorkspace", () => {
  it("finds project, user and bundled skills with project ones winning, and creates the user folder", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf", "Project PDF.");
    writeSkill(path.join(home, ".agents", "skills"), "pdf", "User PDF.");
    writeSkill(path.join(home, ".claude", "skills"), "notes");
    writeSkill(bundled, "builtin");
    const workspace = open({ storePath: ":memory:" });
    expect(existsSync(workspace.userSkillsDirectory)).toBe(true);
    expect(workspace.roots.map((root) => root.label)).toEqual([
      "project",
      "project:.claude",
      "user",
      "user:.claude",
      "skillbox",
      "bundled",
    ]);
    expect(workspace.registry.get("pdf")?.metadata.description).toBe("Project PDF.");
    expect(workspace.registry.list({ includeShadowed: false }).map((record) => record.name)).toEqual([
      "builtin",
      "notes",
      "pdf",
    ]);
  });

  it("has no bundled root when given no bundled folder, as a library user opens it", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf", "Project PDF.");
    const workspace = openWorkspace({ cwd: project, home, env: {}, storePath: ":memory:" });
    opened.push(workspace);
    expect(workspace.roots.map((root) => root.label)).toEqual([
      "project",
      "project:.claude",
      "user",
      "user:.claude",
      "skillbox",
    ]);
    expect(workspace.registry.list().map((record) => record.name)).toEqual(["pdf"]);
    expect(workspace.settings.readSkillSettings().settings.enabledSkillNames).toEqual([]);
  });

  it("uses --dir folders instead of every default root, and config roots when there is no --dir", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf");
    const only = path.join(base, "only");
    writeSkill(only, "solo");
    expect(
      open({ storePath: ":memory:", dirs: [only] })
        .registry.list()
        .map((record) => record.name),
    ).toEqual(["solo"]);
    mkdirSync(path.join(project, ".skillbox"));
    writeFileSync(path.join(project, ".skillbox", "config.json"), JSON.stringify({ roots: ["team"] }));
    const configured = open({ storePath: ":memory:" });
    expect(configured.roots.map((root) => root.path)).toEqual([path.join(project, "team")]);
  });

  it("never takes a root outside the project from a cloned project's config, so / is no root and no link target", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf");
    const secrets = path.join(base, "secrets");
    writeSkill(secrets, "token");
    symlinkSync(path.join(secrets, "token"), path.join(project, ".agents", "skills", "token"));
    mkdirSync(path.join(project, ".skillbox"));
    writeFileSync(
      path.join(project, ".skillbox", "config.json"),
      JSON.stringify({ roots: ["/"], extraRoots: ["../secrets"] }),
    );
    const workspace = open({ storePath: ":memory:" });
    expect(workspace.roots.map((root) => root.path)).not.toContain("/");
    expect(workspace.roots.map((root) => root.path)).not.toContain(secrets);
    expect(workspace.diagnostics.filter((item) => item.code === "config-root-outside-project")).toHaveLength(
      2,
    );
    expect(workspace.registry.list().map((record) => record.name)).toEqual(["pdf"]);
    expect(workspace.registry.diagnostics().map((item) => item.code)).toContain("symlink-outside-roots");
  });

  it("passes maxDepth, maxDirectories and trustedSymlinkTargets to discovery, options over config", () => {
    writeSkill(path.join(project, ".agents", "skills", "a", "b", "c"), "deep");
    const shared = path.join(base, "shared");
    writeSkill(shared, "linked");
    symlinkSync(path.join(shared, "linked"), path.join(project, ".agents", "skills", "linked"));
    const names = (workspace: Workspace) => workspace.registry.list().map((record) => record.name);
    expect(names(open({ storePath: ":memory:" }))).toEqual(["deep"]);
    mkdirSync(path.join(home, ".skillbox"), { recursive: true });
    writeFileSync(
      path.join(home, ".skillbox", "config.json"),
      JSON.stringify({ maxDepth: 3, trustedSymlinkTargets: [shared] }),
    );
    const configured = open({ storePath: ":memory:" });
    expect(names(configured)).toEqual(["linked"]);
    expect(configured.registry.diagnostics().map((item) => item.code)).toContain("depth-limit");
    expect(names(open({ storePath: ":memory:", maxDepth: 4 })).sort()).toEqual(["deep", "linked"]);
  });

  it("resolves states per scope with session overrides winning, and bundled skills off unless enabled", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf");
    writeSkill(bundled, "builtin");
    const storePath = path.join(base, "state.db");
    const workspace = open({ storePath, sessionId: "s1" });
    expect(workspace.stateOf("pdf")).toBe("on");
    expect(workspace.stateOf("builtin")).toBe("off");
    const changes: unknown[] = [];
    workspace.onStateChanged?.((change) => changes.push(change));
    workspace.setState("pdf", "name-only");
    expect(workspace.stateOf("pdf")).toBe("name-only");
    workspace.setState("pdf", "user-only", "project");
    expect(workspace.stateOf("pdf")).toBe("user-only");
    expect(workspace.registry.isModelInvocable("pdf")).toBe(false);
    workspace.settings.setSessionOverride("s1", "pdf", "on");
    workspace.clearState?.("pdf", "project");
    expect(workspace.stateOf("pdf")).toBe("on");
    expect(changes).toEqual([
      { name: "pdf", state: "name-only", scope: "user" },
      { name: "pdf", state: "user-only", scope: "project" },
      { name: "pdf", state: undefined, scope: "project" },
    ]);
  });

  it("sees states another process wrote to the same database", async () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf");
    const storePath = path.join(base, "shared.db");
    const workspace = open({ storePath });
    expect(workspace.stateOf("pdf")).toBe("on");
    const other = openStore({ path: storePath });
    new SqliteSettingsStore(other).setSkillState("pdf", "off", { scope: "user" });
    other.close();
    await Promise.resolve();
    expect(workspace.stateOf("pdf")).toBe("off");
    expect(workspace.registry.catalogEntries()).toEqual([]);
  });

  it("takes the store path from SKILLBOX_DB, records usage there and persists the index next to it", () => {
    writeSkill(path.join(project, ".agents", "skills"), "pdf");
    const storePath = path.join(base, "data", "skillbox.db");
    const workspace = open({ env: { SKILLBOX_DB: storePath } });
    expect(workspace.storePath).toBe(storePath);
    workspace.registry.recordUsage("pdf");
    expect(workspace.usage.get("pdf")?.count).toBe(1);
    workspace.close();
    expect(
      readdirSync(path.join(base, "data", "cache")).filter((name) => name.endsWith(".bin")),
    ).toHaveLength(1);
    const again = open({ env: { SKILLBOX_DB: storePath } });
    expect(again.registry.usageScore("pdf")).toBeGreaterThan(0);
  });

  it("keeps one saved index per set of --dir folders, so each starts warm without replacing another", () => {
    const first = path.join(base, "first");
    const second = path.join(base, "second");
    writeSkill(first, "alpha");
    writeSkill(second, "beta");
    ageTree(first);
    ageTree(second);
    const storePath = path.join(base, "data", "skillbox.db");
    for (const dirs of [[first], [second], [first, second]]) {
      const workspace = open({ storePath, dirs });
      expect(workspace.registry.list().length).toBeGreaterThan(0);
      workspace.close();
    }
    const files = readdirSync(path.join(base, "data", "cache"));
    expect(files.filter((name) => /^index-[0-9a-f]{16}\.bin$/.test(name))).toHaveLength(3);
    const warm = openWorkspace({
      cwd: project,
      home,
      env: {},
      bundledDirectory: bundled,
      storePath,
      dirs: [path.relative(project, first)],
    });
    opened.push(warm);
    const summary = warm.registry.refresh();
    expect(summary).toMatchObject({ parsed: 0, listed: 0, added: ["first:alpha"] });
  });

  it("lists the same skills and diagnostics, key for key, from a saved index as from a cold scan", () => {
    const folder = path.join(base, "skills");
    writeSkill(folder, "Mixed_Case");
    mkdirSync(path.join(folder, "renamed"), { recursive: true });
    writeFileSync(
      path.join(folder, "renamed", "SKILL.md"),
      "---\nname: other-name\ndescription: Bad: colon\nallowed-tools: Read, Bash\nmetadata:\n  n: 1\n---\nBody.\n",
    );
    mkdirSync(path.join(folder, "plain"), { recursive: true });
    writeFileSync(path.join(folder, "plain", "SKILL.md"), "No frontmatter, a first paragraph.\n");
    ageTree(folder);
    const storePath = path.join(base, "data", "skillbox.db");
    const listing = (workspace: Workspace) =>
      JSON.stringify({
        skills: workspace.registry.list(),
        diagnostics: workspace.registry.diagnostics(),
      });
    const cold = open({ storePath, dirs: [folder] });
    const coldText = listing(cold);
    cold.close();
    const warm = open({ storePath, dirs: [folder] });
    expect(warm.registry.refresh().parsed).toBe(0);
    expect(listing(warm)).toBe(coldText);
  });

  it("reports config problems as diagnostics instead of failing", () => {
    mkdirSync(path.join(home, ".skillbox"), { recursive: true });
    writeFileSync(path.join(home, ".skillbox", "config.json"), "{");
    const workspace = open({ storePath: ":memory:" });
    expect(workspace.diagnostics.map((item) => item.code)).toEqual(["config-invalid-json"]);
  });

  it("reports whether scripts are allowed from the settings", () => {
    const workspace = open({ storePath: ":memory:" });
    expect(workspace.scriptsAllowed("pdf")).toBe(false);
    workspace.settings.updateSkillSettings((settings) => ({ ...settings, allowScripts: ["pdf"] }));
    expect(workspace.scriptsAllowed("pdf")).toBe(true);
  });
});

describe("openWorkspace token counts", () => {
  it("saves the token counts of a budgeted Layer 1 in its cache folder, and a second workspace renders the same text", async () => {
    const { renderWorkspaceCatalog } = await import("./workspace-catalog.js");
    const { createTokenCountMemo } = await import("@skillbox/core/prompt/token-count-memo");
    const skills = path.join(base, "skills");
    // Descriptions unique to this test: the process's own count cache has never seen them.
    for (let index = 0; index < 40; index++) {
      writeSkill(skills, `counted-${index}`, `Token memo test ${index} ${base} handles case ${index * 7}.`);
    }
    const storePath = path.join(base, "state", "skillbox.db");
    const first = open({ storePath, dirs: [skills] });
    const built = await renderWorkspaceCatalog(first, { budget: { tokens: 200 } });
    expect(built?.tokens).toBeLessThanOrEqual(200);
    first.close();
    const file = path.join(base, "state", "cache", "token-counts-cl100k_base.bin");
    expect(existsSync(file)).toBe(true);
    const { readFileSync } = await import("node:fs");
    const memo = createTokenCountMemo(readFileSync(file));
    expect(memo.size).toBeGreaterThan(5);
    expect(memo.get(built?.text ?? "")).toBe(built?.tokens);
    const second = open({ storePath, dirs: [skills] });
    expect((await renderWorkspaceCatalog(second, { budget: { tokens: 200 } }))?.text).toBe(built?.text);
  });

  it("writes no token-count file when the index is not persisted", async () => {
    const { renderWorkspaceCatalog } = await import("./workspace-catalog.js");
    const skills = path.join(base, "skills");
    writeSkill(skills, "lonely", `Only one ${base}.`);
    const storePath = path.join(base, "state", "skillbox.db");
    const workspace = open({ storePath, dirs: [skills], persistIndex: false });
    await renderWorkspaceCatalog(workspace, { budget: { tokens: 100 } });
    workspace.close();
    expect(existsSync(path.join(base, "state", "cache", "token-counts-cl100k_base.bin"))).toBe(false);
  });
});
