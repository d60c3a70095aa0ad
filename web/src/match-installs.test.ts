import type { InstalledSkillSummary, OutdatedSkill, SkillSummary } from "@skillbox/server/server/api-types";
import { describe, expect, it } from "vitest";
import { describeInstallSource, findInstall, findOutdated } from "./match-installs.js";

const skill = (name: string, directory: string, scope = "project") =>
  ({ name, directory, root: { label: scope, path: "", scope } }) as SkillSummary;
const installed = (
  name: string,
  folder: string,
  scope: "project" | "user" = "project",
): InstalledSkillSummary => ({
  name,
  scope,
  folder,
  source: { type: "github", repo: "acme/skills", skillPath: `skills/${name}`, ref: "main" },
  installedAt: "2026-12-01T00:00:00.000Z",
});

describe("matching installs to listed skills", () => {
  it("finds the install in the same folder, and the update check of the same name and scope", () => {
    const installs = [
      installed("pdf", "/p/.agents/skills/pdf"),
      installed("pdf", "/h/.agents/skills/pdf", "user"),
    ];
    const user = findInstall(skill("pdf", "/h/.agents/skills/pdf", "user"), installs);
    expect(user?.scope).toBe("user");
    const checks: OutdatedSkill[] = [
      { name: "pdf", scope: "project", source: "acme/skills", status: "up-to-date" },
      { name: "pdf", scope: "user", source: "acme/skills", status: "outdated" },
    ];
    expect(findOutdated(user, checks)?.status).toBe("outdated");
  });

  it("ignores hand-made folders and skills elsewhere with the same name", () => {
    const handMade: InstalledSkillSummary = {
      name: "mine",
      scope: "project",
      folder: "/p/.agents/skills/mine",
    };
    expect(findInstall(skill("mine", "/p/.agents/skills/mine"), [handMade])).toBeUndefined();
    expect(
      findInstall(skill("pdf", "/p/.claude/skills/pdf"), [installed("pdf", "/q/.agents/skills/pdf")]),
    ).toBeUndefined();
    expect(describeInstallSource(installed("pdf", "/x"))).toBe("acme/skills@main (skills/pdf)");
  });
});
