import type { SkillSummary } from "@skillbox/server/server/api-types";
import { describe, expect, it } from "vitest";
import { filterSkills, groupSkillsByRoot, skillKey } from "./filter-skills.js";

function makeSkill(name: string, overrides: Partial<SkillSummary> = {}): SkillSummary {
  return {
    name,
    qualifiedName: `user:${name}`,
    description: `About ${name}`,
    tags: [],
    root: { label: "user", path: "/home/u/.skillbox/skills", scope: "user" },
    path: `/home/u/.skillbox/skills/${name}/SKILL.md`,
    directory: `/home/u/.skillbox/skills/${name}`,
    state: "on",
    shadowed: false,
    modelInvocable: true,
    modelVisibility: "listed",
    userInvocable: true,
    context: "inline",
    usage: { count: 0, lastUsedAt: null, score: 0 },
    diagnostics: [],
    ...overrides,
  };
}

describe("filterSkills", () => {
  const skills = [
    makeSkill("pdf-tools", { description: "Fill and merge PDF forms", tags: ["documents"] }),
    makeSkill("git-helper", { description: "Write commit messages", tags: ["vcs", "git"] }),
    makeSkill("技能", { description: "中文技能" }),
  ];

  it("returns every skill for an empty or blank query", () => {
    expect(filterSkills(skills, "   ")).toHaveLength(3);
  });

  it("matches names, descriptions and tags case-insensitively", () => {
    expect(filterSkills(skills, "PDF").map((skill) => skill.name)).toEqual(["pdf-tools"]);
    expect(filterSkills(skills, "commit").map((skill) => skill.name)).toEqual(["git-helper"]);
    expect(filterSkills(skills, "documents").map((skill) => skill.name)).toEqual(["pdf-tools"]);
    expect(filterSkills(skills, "技能").map((skill) => skill.name)).toEqual(["技能"]);
  });

  it("requires every word of the query to match", () => {
    expect(filterSkills(skills, "git vcs").map((skill) => skill.name)).toEqual(["git-helper"]);
    expect(filterSkills(skills, "git pdf")).toEqual([]);
  });
});

describe("groupSkillsByRoot", () => {
  const roots = [
    { label: "project", path: "/repo/.skillbox/skills", scope: "project", exists: true },
    { label: "user", path: "/home/u/.skillbox/skills", scope: "user", exists: false },
  ];

  it("keeps the server's root order and sorts skills by name", () => {
    const project = { label: "project", path: "/repo/.skillbox/skills", scope: "project" };
    const groups = groupSkillsByRoot(
      roots,
      [makeSkill("b"), makeSkill("z", { root: project }), makeSkill("a")],
      true,
    );
    expect(groups.map((group) => [group.root.label, group.skills.map((skill) => skill.name)])).toEqual([
      ["project", ["z"]],
      ["user", ["a", "b"]],
    ]);
  });

  it("drops empty roots while searching and keeps them otherwise", () => {
    expect(groupSkillsByRoot(roots, [makeSkill("a")], false).map((group) => group.root.label)).toEqual([
      "user",
    ]);
    expect(groupSkillsByRoot(roots, [], true)).toHaveLength(2);
  });

  it("groups MCP skills under one group per server after the folders, empty servers kept with their status", () => {
    const docs = makeSkill("docs:refunds", {
      root: { label: "mcp:docs", path: "skill://refunds", scope: "mcp" },
      mcp: {
        server: "docs",
        skillName: "refunds",
        uri: "skill://refunds/SKILL.md",
        baseUri: "skill://refunds",
      },
    });
    const groups = groupSkillsByRoot(roots, [docs, makeSkill("a")], true, [
      { label: "docs", status: "connected", skills: 1 },
      { label: "down", status: "unavailable", skills: 0 },
    ]);
    expect(
      groups.map((group) => [
        group.root.label,
        group.root.path,
        group.mcpServer?.status,
        group.skills.length,
      ]),
    ).toEqual([
      ["project", "/repo/.skillbox/skills", undefined, 0],
      ["user", "/home/u/.skillbox/skills", undefined, 1],
      ["mcp:docs", 'MCP server "docs"', "connected", 1],
      ["mcp:down", 'MCP server "down"', "unavailable", 0],
    ]);
  });

  it("adds a group for a skill whose root is not in the root list", () => {
    const stray = makeSkill("x", { root: { label: "plugin", path: "/p", scope: "plugin" } });
    expect(groupSkillsByRoot([], [stray], false).map((group) => group.root.label)).toEqual(["plugin"]);
  });
});

describe("skillKey", () => {
  it("uses the qualified name only for shadowed copies", () => {
    expect(skillKey(makeSkill("a"))).toBe("a");
    expect(skillKey(makeSkill("a", { shadowed: true }))).toBe("user:a");
  });
});
