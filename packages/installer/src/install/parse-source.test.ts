import { isSkillboxError } from "@skillbox/core/errors";
import { describe, expect, it } from "vitest";
import { parseSource } from "./parse-source.js";

const folders = { cwd: "/work/project", home: "/home/me" };

describe("parseSource", () => {
  it.each([
    ["acme/skills", { type: "github", owner: "acme", repo: "skills" }],
    ["acme/skills@v1.2", { type: "github", owner: "acme", repo: "skills", ref: "v1.2" }],
    [
      "acme/skills/skills/pdf@main",
      { type: "github", owner: "acme", repo: "skills", subpath: "skills/pdf", ref: "main" },
    ],
    ["github:acme/skills", { type: "github", owner: "acme", repo: "skills" }],
    ["https://github.com/acme/skills", { type: "github", owner: "acme", repo: "skills" }],
    ["https://github.com/acme/skills.git", { type: "github", owner: "acme", repo: "skills" }],
    [
      "https://github.com/acme/skills/tree/dev/skills/pdf",
      { type: "github", ref: "dev", subpath: "skills/pdf" },
    ],
    [
      "https://github.com/acme/skills/blob/main/skills/pdf/SKILL.md",
      { type: "github", ref: "main", subpath: "skills/pdf" },
    ],
    [
      "https://skills.sh/acme/skills/pdf",
      { type: "github", owner: "acme", repo: "skills", skillHint: "pdf" },
    ],
    ["git@gitlab.com:team/skills.git", { type: "git", url: "git@gitlab.com:team/skills.git" }],
    [
      "https://gitlab.com/team/skills.git#v2",
      { type: "git", url: "https://gitlab.com/team/skills.git", ref: "v2" },
    ],
    ["file:///srv/repos/skills.git", { type: "git", url: "file:///srv/repos/skills.git" }],
    ["./my-skills", { type: "local", path: "/work/project/my-skills" }],
    ["~/skills", { type: "local", path: "/home/me/skills" }],
    ["/opt/skills.tar.gz", { type: "archive", location: "/opt/skills.tar.gz", remote: false }],
    [
      "https://example.com/dl/skills.zip",
      { type: "archive", location: "https://example.com/dl/skills.zip", remote: true },
    ],
  ])("reads %s", (input, expected) => {
    expect(parseSource(input, folders)).toMatchObject(expected);
  });

  it.each([
    ["", "empty"],
    ["just-a-word", "not owner/repo"],
    ["acme/skills@--upload-pack=evil", "not a usable"],
    ["acme/skills@a..b", "not a usable"],
    ["acme/skills/../../etc", "unsafe"],
    ["ext::sh -c touch% /tmp/pwned", "not owner/repo"],
    ["https://host/repo.git#--evil", "not a usable"],
  ])("refuses %j", (input, reason) => {
    let error: unknown;
    try {
      parseSource(input, folders);
    } catch (caught) {
      error = caught;
    }
    expect(isSkillboxError(error, "invalid-argument")).toBe(true);
    expect(String((error as Error).message)).toContain(reason);
  });
});
