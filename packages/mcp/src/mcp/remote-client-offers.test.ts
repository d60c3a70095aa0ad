// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${SKILL_DIR}` in skill bodies is part of what this test checks.
// What a remote client gets from `skillbox mcp` (spawned, over stdio, with the official client): every
// skill offered by load_skill's list or prompts/list loads, and no answer names the server's folders.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const CLI_SOURCE = path.join(REPOSITORY_ROOT, "src", "cli", "main.ts");
const BUNDLED = path.join(REPOSITORY_ROOT, "skills");
/** tsx's loader by URL: the server starts in a temp folder, where `--import tsx` would not resolve. */
const TSX = import.meta.resolve("tsx");

let root: string;
let client: Client;
/** Every answer the client received, as JSON, to search for paths. */
const answers: string[] = [];

function write(relative: string, text: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-mcp-remote-")));
  mkdirSync(path.join(root, "home"));
  write(
    "extra/forked-review/SKILL.md",
    "---\nname: forked-review\ndescription: Reviews a change in a sub-agent.\ncontext: fork\n---\nReview $ARGUMENTS using ${SKILL_DIR}checklist.md.\n",
  );
  write("extra/forked-review/checklist.md", "- tests\n");
  write(
    "extra/css-rules/SKILL.md",
    "---\nname: css-rules\ndescription: House rules for stylesheets.\npaths:\n  - '**/*.css'\n---\nUse variables from ${SKILL_DIR}tokens.md.\n",
  );
  write("extra/css-rules/tokens.md", "--gap: 4px\n");
  const transport = new StdioClientTransport({
    command: process.execPath,
    // From the source, so the test exercises this tree rather than whatever dist/ holds.
    args: [
      "--conditions=skillbox-source",
      "--import",
      TSX,
      CLI_SOURCE,
      "mcp",
      "--dir",
      BUNDLED,
      "--dir",
      path.join(root, "extra"),
    ],
    cwd: root,
    env: {
      ...(process.env as Record<string, string>),
      HOME: path.join(root, "home"),
      SKILLBOX_DB: ":memory:",
    },
    stderr: "pipe",
  });
  client = new Client({ name: "remote-offers-test", version: "1.0.0" });
  await client.connect(transport);
  answers.push(JSON.stringify(client.getInstructions() ?? ""));
}, 60_000);

afterAll(async () => {
  await client?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The names load_skill offers (its `skill_name` enum). */
async function offeredByLoadSkill(): Promise<string[]> {
  const { tools } = await client.listTools();
  answers.push(JSON.stringify(tools));
  const load = tools.find((tool) => tool.name === "load_skill");
  const property = (load?.inputSchema.properties as Record<string, { enum?: string[] }> | undefined)
    ?.skill_name;
  return property?.enum ?? [];
}

describe("skillbox mcp for a remote client", () => {
  it("loads every skill load_skill offers, fork and paths skills included, based at its skill:// URI", async () => {
    const names = await offeredByLoadSkill();
    // The five bundled skills (three are context: fork, one has paths) and both fixtures.
    expect(names).toEqual(
      expect.arrayContaining([
        "changelog-writer",
        "methodology",
        "plotting",
        "presentation",
        "typescript-style",
        "forked-review",
        "css-rules",
      ]),
    );
    for (const name of names) {
      const result = await client.callTool({
        name: "load_skill",
        arguments: { skill_name: name, args: "the diff" },
      });
      answers.push(JSON.stringify(result));
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).not.toBe(true);
      expect(JSON.stringify(result.content)).toContain(`Base directory for this skill: skill://${name}/`);
    }
    const forked = await client.callTool({ name: "load_skill", arguments: { skill_name: "forked-review" } });
    const text = JSON.stringify(forked.content);
    expect(text).toContain("meant to run in a sub-agent");
    expect(text).toContain("skill://forked-review/checklist.md");
    const paths = await client.callTool({ name: "load_skill", arguments: { skill_name: "css-rules" } });
    expect(JSON.stringify(paths.content)).toContain("skill://css-rules/tokens.md");
  });

  it("renders every prompt prompts/list offers", async () => {
    const { prompts } = await client.listPrompts();
    answers.push(JSON.stringify(prompts));
    expect(prompts.map((prompt) => prompt.name)).toEqual(
      expect.arrayContaining(["changelog-writer", "plotting", "presentation", "forked-review", "css-rules"]),
    );
    for (const prompt of prompts) {
      const values: Record<string, string> = {};
      for (const argument of prompt.arguments ?? []) values[argument.name] = "x";
      const result = await client.getPrompt({ name: prompt.name, arguments: values });
      answers.push(JSON.stringify(result));
      expect(JSON.stringify(result.messages)).toContain(
        `Base directory for this skill: skill://${prompt.name}/`,
      );
    }
  });

  it("reads files relative to the skill and names refusals by the skill's base, not the server's folders", async () => {
    const read = await client.callTool({
      name: "read_skill_file",
      arguments: { skill_name: "forked-review", path: "checklist.md" },
    });
    answers.push(JSON.stringify(read));
    expect(JSON.stringify(read.content)).toContain("- tests");
    for (const requested of ["../css-rules/tokens.md", "/etc/passwd", "missing.md"]) {
      const refused = await client.callTool({
        name: "read_skill_file",
        arguments: { skill_name: "forked-review", path: requested },
      });
      answers.push(JSON.stringify(refused));
      expect(refused.isError).toBe(true);
    }
    const outside = answers.at(-3) ?? "";
    expect(outside).toContain("skill://forked-review/");
    const unknown = await client.callTool({ name: "load_skill", arguments: { skill_name: "nope" } });
    answers.push(JSON.stringify(unknown));
    const search = await client.callTool({ name: "search_skills", arguments: { query: "review css" } });
    answers.push(JSON.stringify(search));
    expect(JSON.stringify(search.content)).toContain("css-rules");
  });

  it("serves the resources with no path of the server in them", async () => {
    const skills = new SkillsClient(client);
    const { skills: listed } = await skills.list();
    answers.push(JSON.stringify(listed));
    for (const entry of listed) {
      const { skill } = await skills.get(entry.uri);
      const loaded = await skills.read(skill);
      answers.push(JSON.stringify(loaded));
    }
    const { resources } = await client.listResources();
    answers.push(JSON.stringify(resources));
  });

  it("never names the server's folders in any answer", () => {
    expect(answers.length).toBeGreaterThan(10);
    const all = answers.join("\n");
    for (const folder of [root, REPOSITORY_ROOT.replace(/\/$/, ""), BUNDLED]) {
      expect(all).not.toContain(folder);
      expect(all).not.toContain(JSON.stringify(folder).slice(1, -1));
    }
  });
});
