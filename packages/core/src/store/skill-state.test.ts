import { describe, expect, it } from "vitest";
import { isSkillboxError } from "../errors.js";
import { createDefaultSkillSettings } from "./skill-settings.js";
import { fallbackSkillState, resolveSkillState, type SkillState, toScopeKey } from "./skill-state.js";

describe("resolveSkillState", () => {
  const user = new Map<string, SkillState>([
    ["a", "off"],
    ["b", "name-only"],
    ["c", "user-only"],
  ]);
  const project = new Map<string, SkillState>([
    ["a", "on"],
    ["b", "off"],
  ]);
  const projectLocal = { a: "name-only" as SkillState };
  const session = { b: "on" as SkillState };

  it("lets the narrower scope win: project-local over project over user", () => {
    expect(resolveSkillState("a", { user, project, projectLocal })).toEqual({
      state: "name-only",
      source: "project-local",
    });
    expect(resolveSkillState("b", { user, project })).toEqual({ state: "off", source: "project" });
    expect(resolveSkillState("c", { user, project, projectLocal })).toEqual({
      state: "user-only",
      source: "user",
    });
  });

  it("lets a session override win over every scope", () => {
    expect(resolveSkillState("b", { user, project, projectLocal, session })).toEqual({
      state: "on",
      source: "session",
    });
  });

  it("falls back when no scope sets a state", () => {
    expect(resolveSkillState("z", { user, session })).toEqual({ state: "on", source: "default" });
    expect(resolveSkillState("z", {}, "off")).toEqual({ state: "off", source: "default" });
  });

  it("does not mistake inherited object keys for states", () => {
    expect(resolveSkillState("toString", { user: {} })).toEqual({ state: "on", source: "default" });
  });
});

describe("fallbackSkillState", () => {
  it("keeps built-ins off unless enabled, and other skills on", () => {
    const settings = { ...createDefaultSkillSettings(), enabledSkillNames: ["data-analysis"] };
    expect(fallbackSkillState("data-analysis", settings, { builtin: true })).toBe("on");
    expect(fallbackSkillState("frontend-design", settings, { builtin: true })).toBe("off");
    expect(fallbackSkillState("my-skill", settings, { builtin: false })).toBe("on");
  });
});

describe("toScopeKey", () => {
  it("uses no key for user scope and one spelling per project folder", () => {
    expect(toScopeKey({ scope: "user", projectPath: "/ignored" })).toBe("");
    expect(toScopeKey({ scope: "project", projectPath: "/work/app/" })).toBe("/work/app");
    expect(toScopeKey({ scope: "project-local", projectPath: "C:\\work\\app\\" })).toBe("C:\\work\\app");
    expect(toScopeKey({ scope: "project", projectPath: "/" })).toBe("/");
  });

  it("requires an absolute project path for project scopes", () => {
    for (const projectPath of [undefined, "relative/app", ""]) {
      let caught: unknown;
      try {
        toScopeKey({ scope: "project", projectPath });
      } catch (error) {
        caught = error;
      }
      expect(isSkillboxError(caught, "invalid-argument")).toBe(true);
    }
  });
});
