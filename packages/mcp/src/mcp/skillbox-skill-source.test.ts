import { createHash } from "node:crypto";
import { rmSync, statSync, utimesSync } from "node:fs";
import * as path from "node:path";
import type { Skill } from "@modelcontextprotocol/server/ext/skills";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMcpTestWorkspace, type McpTestWorkspace } from "./__fixtures__/mcp-test-workspace.js";
import type { SkillEntryChange } from "./skill-entry-cache.js";
import { createSkillboxSkillSource, type SkillboxSkillSource } from "./skillbox-skill-source.js";

let fixture: McpTestWorkspace;
let now: number;
let source: SkillboxSkillSource;

beforeEach(() => {
  fixture = createMcpTestWorkspace();
  now = 1_000_000;
  source = createSkillboxSkillSource(fixture.workspace, { clock: () => now });
});

afterEach(() => {
  source.close();
  fixture.remove();
});

const REFUNDS = "skill://skills/refunds/SKILL.md";
// The source ignores the request context; the SDK passes one per request.
const ctx = {} as Parameters<SkillboxSkillSource["get"]>[1];
const EMAIL = "skill://skills/refunds/templates/email.md";

function sha256(text: string): string {
  return `sha256:${createHash("sha256").update(text).digest("hex")}`;
}

function digestOf(skill: Skill | undefined, uri: string): string | undefined {
  if (skill === undefined || skill.resources === "dynamic") return undefined;
  return skill.resources.find((resource) => resource.uri === uri)?.digest;
}

async function listed(uri: string): Promise<Skill | undefined> {
  let cursor: string | undefined;
  do {
    const page = await source.list(cursor === undefined ? {} : { cursor }, ctx);
    const found = page.skills.find((skill) => skill.uri === uri);
    if (found !== undefined) return found;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return undefined;
}

/** Rewrites a file and moves its mtime on, so the stamp changes even within one clock tick. */
function edit(relative: string, text: string): void {
  const file = fixture.write(relative, text);
  const later = statSync(file).mtimeMs / 1000 + 10;
  utimesSync(file, later, later);
}

describe("createSkillboxSkillSource after files change", () => {
  it("publishes an edited file's new digest at once in skills/list, skills/get and resources/read", async () => {
    const before = await listed(REFUNDS);
    expect(digestOf(before, EMAIL)).toBe(sha256("Dear customer, your refund is on its way.\n"));
    const changes: SkillEntryChange[] = [];
    source.onEntryChanged((change) => changes.push(change));

    edit("refunds/templates/email.md", "Dear customer, the refund was declined.\n");
    // Right after the edit, with no time passing: the listing is never older than the file.
    expect(digestOf(await listed(REFUNDS), EMAIL)).toBe(sha256("Dear customer, the refund was declined.\n"));
    expect(digestOf(await source.get(REFUNDS, ctx), EMAIL)).toBe(
      sha256("Dear customer, the refund was declined.\n"),
    );
    expect(changes).toEqual([{ uri: REFUNDS, changedFiles: [EMAIL] }]);

    edit("refunds/templates/email.md", "Dear customer, the refund is pending.\n");
    expect(await source.read(EMAIL, ctx)).toMatchObject({ text: "Dear customer, the refund is pending.\n" });
    expect(changes.at(-1)).toEqual({ uri: REFUNDS, changedFiles: [EMAIL] });
    now += 1001;
    expect(digestOf(await listed(REFUNDS), EMAIL)).toBe(sha256("Dear customer, the refund is pending.\n"));
  });

  it("keys digests by (path, size, mtime): same-size bytes under the old mtime keep the old digest, a new mtime brings the new one", async () => {
    const file = path.join(fixture.skills, "refunds", "templates", "email.md");
    // Whole seconds, so the mtime can be set back exactly.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await source.get(REFUNDS, ctx);
    // Same length as the original line, written back under the original mtime.
    fixture.write("refunds/templates/email.md", "Dear customer, your refund is on its wa!.\n");
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(digestOf(await source.get(REFUNDS, ctx), EMAIL)).toBe(
      sha256("Dear customer, your refund is on its way.\n"),
    );
    utimesSync(file, 1_700_000_010, 1_700_000_010);
    expect(digestOf(await source.get(REFUNDS, ctx), EMAIL)).toBe(
      sha256("Dear customer, your refund is on its wa!.\n"),
    );
  });

  it("parses an edited SKILL.md again and publishes its new frontmatter and digest", async () => {
    const text = "---\nname: notes\ndescription: Takes minutes now.\n---\nNew body.\n";
    expect((await source.get("skill://notes/SKILL.md", ctx))?.frontmatter.description).toBe(
      "Takes meeting notes.",
    );
    edit("notes/SKILL.md", text);
    const after = await source.get("skill://notes/SKILL.md", ctx);
    expect(after?.frontmatter).toEqual({ name: "notes", description: "Takes minutes now." });
    expect(digestOf(after, "skill://notes/SKILL.md")).toBe(sha256(text));
  });

  it("serves a file added after the entry was built when it is read, and drops a removed one from the entry and from reads", async () => {
    await source.get(REFUNDS, ctx);
    fixture.write("refunds/templates/new.md", "New template.\n");
    expect(await source.read("skill://skills/refunds/templates/new.md", ctx)).toMatchObject({
      text: "New template.\n",
    });
    expect(digestOf(await source.get(REFUNDS, ctx), "skill://skills/refunds/templates/new.md")).toBe(
      sha256("New template.\n"),
    );
    rmSync(path.join(fixture.skills, "refunds", "templates", "email.md"));
    expect(await source.read(EMAIL, ctx)).toBeUndefined();
    expect(digestOf(await source.get(REFUNDS, ctx), EMAIL)).toBeUndefined();
  });

  it("keeps the served table while nothing changed and applies a state set meanwhile once its TTL has passed", async () => {
    const table = source.servedSkills();
    expect(await listed("skill://notes/SKILL.md")).toBeDefined();
    now += 1001;
    expect(source.servedSkills()).toBe(table);
    fixture.workspace.setState("notes", "off");
    expect(await listed("skill://notes/SKILL.md")).toBeDefined();
    now += 1001;
    expect(await listed("skill://notes/SKILL.md")).toBeUndefined();
    expect(await source.get("skill://notes/SKILL.md", ctx)).toBeUndefined();
  });
});
