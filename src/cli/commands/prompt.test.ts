import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createApp, createConfiguredTranslator, type PromptResponse } from "@skillbox/server/server/index";
import { createFakeLlmServer, type FakeLlmRequest, type FakeLlmServer } from "@skillbox/testing";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { promptCommand } from "./prompt.js";
import { runCommand } from "./run.js";

let cli: CliHarness;
let llm: FakeLlmServer | undefined;
beforeEach(() => {
  cli = createCliHarness([promptCommand, runCommand]);
});
afterEach(async () => {
  await llm?.close();
  llm = undefined;
  cli.remove();
});

/** Skills whose whole listing is far longer than 4,000 tokens. */
function writeManySkills(count: number): void {
  for (let index = 0; index < count; index++) {
    cli.writeSkill(cli.skills, `skill-${String(index).padStart(3, "0")}`, {
      description: `Handles task number ${index}: reads the inputs, checks every field, explains the problems found and writes a clear report.`,
    });
  }
}

function writeUserConfig(config: Record<string, unknown>): void {
  mkdirSync(path.join(cli.home, ".skillbox"), { recursive: true });
  writeFileSync(path.join(cli.home, ".skillbox", "config.json"), JSON.stringify(config));
}

/** A fake model that translates description batches into "[de] …" and answers "ok" to anything else. */
function translatingModel(request: FakeLlmRequest) {
  const messages = (request.body.messages ?? []) as { role: string; content: string }[];
  const user = messages.find((message) => message.role === "user")?.content ?? "";
  if (!JSON.stringify(messages).includes("You translate the short descriptions")) return { text: "ok" };
  const { items } = JSON.parse(user) as { items: { id: number; description: string }[] };
  const translations = items.map((item) => ({ id: item.id, text: `[de] ${item.description}` }));
  return { text: JSON.stringify({ translations }) };
}

describe("skillbox prompt", () => {
  it("prints the xml listing by default and the other formats on request", async () => {
    cli.writeSkill(cli.skills, "pdf", { description: "Extract PDF text." });
    cli.writeSkill(cli.skills, "manual", { "disable-model-invocation": "true" });
    const xml = await cli.run(["prompt"]);
    expect(xml.stdout).toMatch(
      /^<system-reminder>\n[\s\S]*\n- pdf: Extract PDF text\.\n<\/system-reminder>\n$/,
    );
    expect(xml.stdout).not.toContain("manual");
    expect((await cli.run(["prompt", "--format", "markdown"])).stdout).toContain(
      "- **pdf**: Extract PDF text.",
    );
    expect((await cli.run(["prompt", "--format", "available-skills"])).stdout).toContain(
      "<available_skills>",
    );
    expect((await cli.run(["prompt", "--format", "html"])).code).toBe(2);
  });

  it("keeps within --budget and reports tokens per skill and the total with --stats", async () => {
    for (let index = 0; index < 30; index++) {
      cli.writeSkill(cli.skills, `skill-${String(index).padStart(2, "0")}`, {
        description: `Does task number ${index} with a long explanation of when it applies and what it produces.`,
      });
    }
    const result = await cli.run(["prompt", "--budget", "400", "--stats"]);
    const json = JSON.parse((await cli.run(["prompt", "--budget", "400", "--json"])).stdout);
    expect(json.tokens).toBeLessThanOrEqual(400);
    expect(result.stdout).toBe(`${json.text}\n`);
    expect(result.stderr).toMatch(/^SKILL\s+TOKENS {2}SHOWN\n/);
    expect(result.stderr).toMatch(
      new RegExp(`\\ntotal\\s+${json.tokens}  \\(\\d+ characters, budget 400\\)\\n`),
    );
    for (const entry of json.stats.perEntry as { name: string; tokens: number; placement: string }[]) {
      const shown = entry.placement === "name" ? "name only" : entry.placement;
      expect(result.stderr).toMatch(new RegExp(`\\n${entry.name}\\s+${entry.tokens}  ${shown}\\n`));
    }
    // The skills without a line are shown by area in the map, and the counts say so.
    expect(json.stats.grouped).toBeGreaterThan(0);
    expect(json.stats.grouped).toBe(json.stats.omitted);
    expect(json.text).toContain(`More skills by area (${json.stats.grouped} skills in `);
    const described = json.stats.included - json.stats.namesOnly;
    expect(result.stderr).toContain(
      `\ndescribed ${described} (${described - json.stats.shortened} whole, ${json.stats.shortened} shortened), names only ${json.stats.namesOnly}, by area ${json.stats.grouped}\n`,
    );
    expect(result.stderr).not.toContain("left out");
  });

  it("says --budget must be positive for a negative budget, not that the argument is ambiguous", async () => {
    for (const args of [
      ["prompt", "--budget", "-5"],
      ["prompt", "--budget=-5"],
    ]) {
      const result = await cli.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        "skillbox prompt: --budget must be a positive whole number of tokens or none, not '-5' (see skillbox prompt --help)\n",
      );
    }
  });

  it("prints nothing on stdout when no skill is listed", async () => {
    const result = await cli.run(["prompt"]);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/No skills are listed/);
    expect(result.code).toBe(0);
  });
});

describe("skillbox prompt's default budget", () => {
  it("keeps to 4,000 tokens without --budget when the model's window is unknown, with the notice and the search_skills pointer", async () => {
    writeManySkills(300);
    writeUserConfig({ provider: "openai", model: "llama3.1:8b", baseUrl: "http://127.0.0.1:9/v1" });
    const json = JSON.parse((await cli.run(["prompt", "--json"])).stdout);
    expect(json.tokens).toBeLessThanOrEqual(4000);
    expect(json.stats.namesOnly + json.stats.omitted).toBeGreaterThan(0);
    expect(json.text).toContain("Note: this list is shortened to fit its budget");
    expect(json.text).toContain("call search_skills with a few keywords");
    const explicit = JSON.parse((await cli.run(["prompt", "--json", "--budget", "4000"])).stdout);
    expect(json.text).toBe(explicit.text);
    const stats = await cli.run(["prompt", "--stats"]);
    expect(stats.stderr).toMatch(/\(\d+ characters, budget 4000 \(default\)\)/);
  });

  it("takes 2% of a known model's context window, from --model or the config", async () => {
    writeManySkills(300);
    const flagged = JSON.parse((await cli.run(["prompt", "--json", "--model", "gpt-4o"])).stdout);
    expect(flagged.tokens).toBeLessThanOrEqual(2560);
    expect(flagged.tokens).toBeGreaterThan(2000);
    writeUserConfig({ model: "gpt-4o" });
    expect(JSON.parse((await cli.run(["prompt", "--json"])).stdout).text).toBe(flagged.text);
  });

  it("lists every skill with --budget none, or with budgetTokens none in the config", async () => {
    writeManySkills(300);
    const json = JSON.parse((await cli.run(["prompt", "--json", "--budget", "none"])).stdout);
    expect(json.stats).toMatchObject({ included: 300, namesOnly: 0, omitted: 0 });
    expect(json.tokens).toBeGreaterThan(4000);
    expect(json.text).not.toContain("Note: this list is shortened");
    writeUserConfig({ prompt: { budgetTokens: "none" } });
    expect(JSON.parse((await cli.run(["prompt", "--json"])).stdout).text).toBe(json.text);
    expect(
      JSON.parse((await cli.run(["prompt", "--json", "--budget", "500"])).stdout).tokens,
    ).toBeLessThanOrEqual(500);
  });
});

describe("skillbox prompt with translation on", () => {
  it("prints what the settings page previews and run sends: descriptions translated by the configured model", async () => {
    llm = await createFakeLlmServer({ script: Array.from({ length: 10 }, () => translatingModel) });
    cli.writeSkill(cli.skills, "pdf", { description: "Extract PDF text." });
    cli.writeSkill(cli.skills, "xlsx", { description: "Build spreadsheets." });
    writeUserConfig({ provider: "openai", model: "fake-model", baseUrl: llm.openaiBaseUrl });
    const env = { SKILLBOX_DB: path.join(cli.base, "skillbox.db") };
    const workspace = openWorkspace({
      cwd: cli.project,
      home: cli.home,
      env,
      bundledDirectory: path.join(cli.base, "bundled"),
    });
    try {
      workspace.settings.updateSkillSettings((settings) => ({
        ...settings,
        translationEnabled: true,
        targetLanguage: "de",
      }));
      const printed = await cli.run(["prompt"]);
      expect(printed.code).toBe(0);
      expect(printed.stdout).toContain("- pdf: [de] Extract PDF text.");
      expect(printed.stdout).toContain("- xlsx: [de] Build spreadsheets.");

      const { translator } = createConfiguredTranslator(workspace, env);
      const app = createApp({ workspace, token: "t".repeat(32), ...(translator ? { translator } : {}), env });
      const preview = (await (await app.request("/api/prompt")).json()) as PromptResponse;
      expect(printed.stdout).toBe(`${preview.text}\n`);

      const ran = await cli.run(["run", "hello"], { signal: new AbortController().signal });
      expect(ran.code).toBe(0);
      const chat = llm.requests.filter((request) => !JSON.stringify(request.body).includes("You translate"));
      const system = ((chat.at(-1)?.body.messages ?? []) as { role: string; content: string }[]).find(
        (message) => message.role === "system",
      )?.content;
      expect(system).toContain(preview.text);
    } finally {
      workspace.close();
    }
  });

  it("keeps the descriptions as written while no target language is set, asking the model nothing", async () => {
    llm = await createFakeLlmServer({ script: [translatingModel] });
    cli.writeSkill(cli.skills, "pdf", { description: "Extract PDF text." });
    writeUserConfig({ provider: "openai", model: "fake-model", baseUrl: llm.openaiBaseUrl });
    const printed = await cli.run(["prompt"]);
    expect(printed.stdout).toContain("- pdf: Extract PDF text.");
    expect(llm.requests).toEqual([]);
  });
});
