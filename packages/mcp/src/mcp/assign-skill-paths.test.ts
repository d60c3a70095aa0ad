import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { describe, expect, it } from "vitest";
import { assignSkillPaths } from "./assign-skill-paths.js";

function record(name: string, label: string, qualifiedName = `${label}:${name}`): SkillRecord {
  return {
    name,
    qualifiedName,
    root: { label, path: `/roots/${label}`, scope: "custom" },
  } as unknown as SkillRecord;
}

describe("assignSkillPaths", () => {
  it("serves a name held once at skill://<name>", () => {
    const { paths } = assignSkillPaths([record("pdf", "project")]);
    expect(paths.map((item) => [item.uri, item.rootUri])).toEqual([["skill://pdf/SKILL.md", "skill://pdf"]]);
  });

  it("prefixes a shared name with each record's root label, turned into URI-safe segments", () => {
    const { paths } = assignSkillPaths([
      record("refunds", "project:.claude"),
      record("refunds", "user"),
      record("refunds", "user", "user:refunds#2"),
      record("notes", "project"),
    ]);
    expect(paths.map((item) => item.uri)).toEqual([
      "skill://notes/SKILL.md",
      "skill://project/claude/refunds/SKILL.md",
      "skill://user/copy-2/refunds/SKILL.md",
      "skill://user/refunds/SKILL.md",
    ]);
    for (const item of paths) expect(item.segments.at(-1)).toBe(item.record.name);
  });

  it("numbers paths that would still collide, and never lets a prefix take a plain name's place", () => {
    const { paths } = assignSkillPaths([record("a", "x"), record("a", "X"), record("b", "y")]);
    expect(paths.map((item) => item.uri)).toEqual([
      "skill://b/SKILL.md",
      "skill://x/a/SKILL.md",
      "skill://x/copy-2/a/SKILL.md",
    ]);
  });

  it("reports names that cannot end a skill:// path instead of serving them", () => {
    const { paths, unservable } = assignSkillPaths([record("Bad_Name", "project"), record("ok", "project")]);
    expect(paths.map((item) => item.record.name)).toEqual(["ok"]);
    expect(unservable[0]?.reason).toContain("not an Agent Skills name");
  });
});
