// `skillbox eval` in process over real temp libraries: offline through Layer 1, search and
// suggestions; with --model against the fake LLM server over HTTP.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import {
  createFakeLlmServer,
  type FakeLlmRequest,
  type FakeLlmServer,
  type FakeLlmStep,
} from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliHarness, createCliHarness } from "../__fixtures__/cli-harness.js";
import { createEvalCommand } from "./eval.js";

let harness: CliHarness;
let library: string;
let server: FakeLlmServer | undefined;

beforeEach(() => {
  harness = createCliHarness([createEvalCommand(() => undefined)]);
  library = path.join(harness.base, "library");
  harness.writeSkill(library, "pdf-forms", {
    description: "Fill in PDF forms and extract the values of their fields.",
  });
  harness.writeSkill(library, "invoice-totals", {
    description: "Sum invoice line items, taxes and totals from spreadsheets.",
  });
  harness.writeSkill(library, "kube-deploy", {
    description: "Deploy services to a Kubernetes cluster with Helm charts.",
  });
  writeJson(path.join(library, "pdf-forms", "evals", "trigger_eval.json"), [
    // Short requests: how long natural-language ones are weighed is search's business, not eval's.
    { query: "fill in this pdf form", should_trigger: true },
    { query: "extract pdf form fields", should_trigger: true },
    // Meant for pdf-forms, but worded like the invoice skill: search ranks invoice-totals first.
    { query: "sum invoice totals on a form", should_trigger: true },
    { query: "deploy the chart to the cluster", should_trigger: false },
  ]);
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  harness.remove();
});

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

function writeJsonl(name: string, lines: object[]): string {
  const file = path.join(harness.base, name);
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return file;
}

const eval_ = (args: string[], env: Record<string, string> = {}) =>
  harness.run(["eval", "--dir", library, ...args], {
    env: { SKILLBOX_DB: path.join(harness.base, "skillbox.db"), ...env },
  });

describe("skillbox eval offline", () => {
  it("scores a library's trigger evals per skill and says which skill took the prompts it missed", async () => {
    const result = await eval_([]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const row = result.stdout.split("\n").find((line) => line.startsWith("pdf-forms"));
    // 3 prompts; all reachable (Layer 1 describes every skill of a small library), 2 ranked first.
    expect(row).toMatch(/^pdf-forms\s+3\s+100%\s+67%\s+100%\s+0\.83\s+0%\s+invoice-totals ×1$/);
    expect(result.stdout).toContain("Library: 3 skills. Layer 1 (");
    expect(result.stdout).toContain("3 described (0 shortened), 0 by name only, 0 without a line");
    expect(result.stdout).toContain(
      "Sets: 1, 4 prompts (3 for a skill, 0 for none, 1 that must not fire a skill)",
    );
    expect(result.stdout).toContain(
      "Near misses (should_trigger: false): for 0 of 1, search ranked the skill they must not fire first",
    );
  });

  it("prints the scores and every case as JSON, with JSONL sets and their negatives", async () => {
    const set = writeJsonl("set.jsonl", [
      { prompt: "roll the service out to the kubernetes cluster", expected_skill: "kube-deploy" },
      { prompt: "what is the weather like today", expected_skill: "" },
      { prompt: "fill the invoice pdf form", expected_skill: "pdf-forms" },
    ]);
    const result = await eval_(["--json", "--set", set, library, "--limit", "2"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      mode: "offline",
      limit: 2,
      library: { skills: 3, layer1: { described: 3, shortened: 0, "name-only": 0, "no-line": 0 } },
      suggestions: "auto",
      diagnostics: [],
      gates: { passed: true, failures: [] },
    });
    expect(report.sets).toEqual([
      {
        path: path.join(library, "pdf-forms", "evals", "trigger_eval.json"),
        format: "trigger-evals",
        skill: "pdf-forms",
        cases: 4,
      },
      { path: set, format: "jsonl", cases: 3 },
    ]);
    expect(report.offline).toMatchObject({ cases: 7, positives: 5, negatives: 1, nearMisses: 1, limit: 2 });
    expect(report.offline.negativesRanked).toBe(0);
    expect(report.offline.skills.map((item: { skill: string }) => item.skill)).toEqual([
      "kube-deploy",
      "pdf-forms",
    ]);
    expect(report.cases[4]).toEqual({
      source: set,
      line: 1,
      prompt: "roll the service out to the kubernetes cluster",
      expectedSkill: "kube-deploy",
      ranked: ["kube-deploy"],
      described: true,
      suggested: [],
    });
    expect(report.cases[3]).toMatchObject({ expectedSkill: null, rejectedSkill: "pdf-forms" });
  });

  it("exits 1 with the failing skill when --min-recall is not met, and 0 when it is", async () => {
    const failing = await eval_(["--min-recall", "0.9", "--limit", "1"]);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toBe(
      "skillbox eval: gate not met: pdf-forms: search recall 67% is below --min-recall 90%\n",
    );
    const passing = await eval_(["--min-recall", "60%", "--limit", "1"]);
    expect(passing.code).toBe(0);
    expect(passing.stderr).toBe("");
  });

  it("exits 1 when the reachable share is below --min-reachable", async () => {
    const set = writeJsonl("set.jsonl", [
      { prompt: "translate this poem into french", expected_skill: "kube-deploy" },
    ]);
    // A budget of one token leaves every skill without a line, and search does not find the prompt.
    const result = await eval_(["--set", set, "--budget", "1", "--min-reachable", "0.5"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("0 described (0 shortened), 0 by name only, 3 without a line");
    expect(result.stderr).toBe("skillbox eval: gate not met: reachable 0% is below --min-reachable 50%\n");
  });

  it("warns about skills a set names that the library lacks, and counts their prompts as misses", async () => {
    const set = writeJsonl("set.jsonl", [{ prompt: "fill the pdf form", expected_skill: "pdf-form" }]);
    const result = await eval_(["--set", set, "--json"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `${set}:1 warning activation-skill-not-in-library the set names the skill 'pdf-form', which the library does not have (did you mean pdf-forms?); its prompts count as misses`,
    );
    expect(JSON.parse(result.stdout).offline).toMatchObject({ positives: 1, reachable: 0 });
  });

  it("fails a gate when a set has entries it cannot read, and reports them with their line", async () => {
    const file = path.join(harness.base, "broken.jsonl");
    writeFileSync(file, '{"prompt": "fill the pdf form", "expected_skill": "pdf-forms"}\n{"prompt": \n');
    const ungated = await eval_(["--set", file]);
    expect(ungated.code).toBe(0);
    expect(ungated.stderr).toContain(`${file}:2:1 error activation-json-syntax line is not JSON`);
    const gated = await eval_(["--set", file, "--min-recall", "0.5"]);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain("gate not met: 1 set entry could not be read");
  });

  it("exits 2 for bad usage: a bad share, a missing set file, or no activation set at all", async () => {
    const badShare = await eval_(["--min-recall", "1.5"]);
    expect(badShare.code).toBe(2);
    expect(badShare.stderr).toContain("--min-recall must be a share from 0 to 1");
    const missing = await eval_(["--set", path.join(harness.base, "nope.jsonl")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Cannot read the activation set");
    const empty = path.join(harness.base, "empty");
    mkdirSync(empty);
    const none = await eval_([empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("No activation set found in");
  });
});

describe("skillbox eval --model", () => {
  /** The text of the request's last user message (suggestions may follow it as a reminder). */
  const lastUser = (request: FakeLlmRequest): string => {
    const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
    const user = messages.filter((message) => message.role === "user").at(-1);
    return typeof user?.content === "string" ? user.content : JSON.stringify(user?.content ?? "");
  };
  /** Loads the skill of the first route whose word the prompt contains ("" loads none). */
  const router =
    (routes: [string, string][]): FakeLlmStep =>
    (request) => {
      const text = lastUser(request);
      const skill = routes.find(([word]) => text.includes(word))?.[1] ?? "";
      return skill === ""
        ? { text: "Done without a skill." }
        : { toolCalls: [{ name: "load_skill", arguments: { skill_name: skill } }] };
    };

  async function evalWithModel(args: string[], script: FakeLlmStep[]) {
    server = await createFakeLlmServer({ script });
    return eval_(["--model", "--json", ...args], { OPENAI_BASE_URL: server.openaiBaseUrl });
  }

  it("scores which skill the model loads: precision, recall and F1 per skill and the confusions", async () => {
    const set = writeJsonl("set.jsonl", [
      { prompt: "ship it to the kubernetes cluster", expected_skill: "kube-deploy" },
      { prompt: "add up the invoice", expected_skill: "invoice-totals" },
      { prompt: "hello there", expected_skill: "" },
    ]);
    // pdf prompts load pdf-forms, except the "extract" one; the invoice-worded pdf prompt loads
    // invoice-totals; the near miss and the negative load nothing; "invoice" loads invoice-totals.
    const route = router([
      ["extract", ""],
      ["sum invoice", "invoice-totals"],
      ["pdf", "pdf-forms"],
      ["kubernetes", "kube-deploy"],
      ["add up the invoice", "invoice-totals"],
    ]);
    const script = Array.from({ length: 7 }, () => route);
    const result = await evalWithModel(["--set", set, library], script);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(server?.remainingSteps).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.mode).toBe("model");
    expect(report.model).toMatchObject({
      provider: "openai",
      cases: 7,
      positives: 5,
      negatives: 1,
      nearMisses: 1,
    });
    const bySkill = Object.fromEntries(
      report.model.skills.map((item: { skill: string }) => [item.skill, item]),
    ) as Record<string, Record<string, unknown>>;
    expect(bySkill["pdf-forms"]).toEqual({
      skill: "pdf-forms",
      positives: 3,
      truePositives: 1,
      falsePositives: 0,
      falseNegatives: 2,
      precision: 1,
      recall: 1 / 3,
      f1: 0.5,
    });
    expect(bySkill["invoice-totals"]).toMatchObject({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 0,
      precision: 0.5,
      recall: 1,
    });
    expect(bySkill["kube-deploy"]).toMatchObject({ precision: 1, recall: 1, f1: 1 });
    expect(report.model.confusion).toEqual([
      { expected: "pdf-forms", loaded: "invoice-totals", count: 1 },
      { expected: "pdf-forms", loaded: null, count: 1 },
    ]);
    expect(report.cases.map((item: { loaded: string | null }) => item.loaded)).toEqual([
      "pdf-forms",
      null,
      "invoice-totals",
      null,
      "kube-deploy",
      "invoice-totals",
      null,
    ]);
    // The model got the real Layer 1 in its system prompt and the skill tools.
    const first = server?.requests[0];
    const system = ((first?.body.messages ?? []) as { role: string; content: string }[])[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain(
      "- pdf-forms: Fill in PDF forms and extract the values of their fields.",
    );
    const tools = ((first?.body.tools ?? []) as { function: { name: string } }[]).map(
      (tool) => tool.function.name,
    );
    expect(tools).toEqual(expect.arrayContaining(["load_skill", "search_skills"]));
  });

  it("exits 1 when a skill's load recall is below --min-recall, naming it", async () => {
    const set = writeJsonl("set.jsonl", [
      { prompt: "ship it to the kubernetes cluster", expected_skill: "kube-deploy" },
      { prompt: "fill the pdf form", expected_skill: "pdf-forms" },
    ]);
    const result = await evalWithModel(
      ["--set", set, "--min-recall", "0.7"],
      [
        { text: "I will do it myself." },
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "pdf-forms" } }] },
      ],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "skillbox eval: gate not met: kube-deploy: load recall 0% is below --min-recall 70%\n",
    );
  });

  it("lets the model search before it loads, and runs no other tool", async () => {
    const set = writeJsonl("set.jsonl", [{ prompt: "fill the pdf form", expected_skill: "pdf-forms" }]);
    const written = path.join(harness.project, "notes.txt");
    const result = await evalWithModel(
      ["--set", set],
      [
        { toolCalls: [{ name: "write_file", arguments: { path: "notes.txt", content: "x" } }] },
        { toolCalls: [{ name: "search_skills", arguments: { query: "pdf form" } }] },
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "pdf-forms" } }] },
      ],
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).cases[0].loaded).toBe("pdf-forms");
    expect(existsSync(written)).toBe(false);
    const toolResults = (
      (server?.requests[2]?.body.messages ?? []) as { role: string; content: string }[]
    ).filter((message) => message.role === "tool");
    expect(toolResults[0]?.content).toContain("skillbox eval runs no tool here besides search_skills");
    expect(toolResults[1]?.content).toContain("1. pdf-forms: Fill in PDF forms");
  });

  it("exits 1 with the provider's error when the model call fails", async () => {
    const set = writeJsonl("set.jsonl", [{ prompt: "fill the pdf form", expected_skill: "pdf-forms" }]);
    const result = await evalWithModel(
      ["--set", set],
      [{ status: 400, body: { error: { message: "no such model" } } }],
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("The model call failed at step 1");
    expect(result.stderr).toContain(`(prompt at ${set}:1)`);
  });
});
