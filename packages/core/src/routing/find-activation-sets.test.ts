import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findActivationSets, readActivationSetFile } from "./find-activation-sets.js";

let root = "";
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "skillbox-activation-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

const skillFile = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\n# ${name}\n`;

describe("findActivationSets", () => {
  it("finds each format in a library and ties single-skill files to their skill's own name", async () => {
    // The folder is named differently from the skill: the SKILL.md's name wins.
    await write("olympiad/SKILL.md", skillFile("math-olympiad"));
    await write("olympiad/evals/trigger_eval.json", '[{"query": "prove it", "should_trigger": true}]');
    await write("visual-qa/SKILL.md", skillFile("visual-qa"));
    await write(
      "visual-qa/evals/trigger-evals.json",
      '[{"query": "look at the page", "should_trigger": true}]',
    );
    await write("cold-email/SKILL.md", skillFile("cold-email"));
    await write(
      "cold-email/evals/evals.json",
      '{"skill_name": "cold-email", "evals": [{"prompt": "write one"}]}',
    );
    await write("sets/activation.jsonl", '{"prompt": "hello", "expected_skill": ""}\n');
    // Not activation sets: a transcript in JSONL, package metadata, an output-only evals.json elsewhere.
    await write("sets/transcript.jsonl", '{"role": "user", "content": "hi"}\n');
    await write("cold-email/package.json", '{"name": "x"}');
    await write("node_modules/pkg/evals/trigger_eval.json", '[{"query": "x", "should_trigger": true}]');

    const { sets, diagnostics } = await findActivationSets(root);
    expect(diagnostics).toEqual([]);
    expect(sets).toEqual([
      { path: join(root, "cold-email/evals/evals.json"), format: "skill-creator-evals", skill: "cold-email" },
      {
        path: join(root, "olympiad/evals/trigger_eval.json"),
        format: "trigger-evals",
        skill: "math-olympiad",
      },
      { path: join(root, "sets/activation.jsonl"), format: "jsonl" },
      { path: join(root, "visual-qa/evals/trigger-evals.json"), format: "trigger-evals", skill: "visual-qa" },
    ]);
    const olympiad = await readActivationSetFile(sets[1] ?? { path: "", format: "jsonl" });
    expect(olympiad.cases).toEqual([{ prompt: "prove it", expectedSkill: "math-olympiad", line: 1 }]);
  });

  it("works on one skill folder given as the root", async () => {
    await write("SKILL.md", skillFile("solo"));
    await write("trigger-evals.json", '[{"query": "do the solo thing", "should_trigger": false}]');
    const { sets } = await findActivationSets(root);
    expect(sets).toEqual([
      { path: join(root, "trigger-evals.json"), format: "trigger-evals", skill: "solo" },
    ]);
    const set = await readActivationSetFile(sets[0] ?? { path: "", format: "jsonl" });
    expect(set.cases[0]?.rejectedSkill).toBe("solo");
  });

  it("leaves a trigger eval outside any skill folder without a skill, so reading it says so", async () => {
    await write("loose/trigger_eval.json", '[{"query": "x", "should_trigger": true}]');
    const { sets } = await findActivationSets(join(root, "loose"));
    expect(sets).toEqual([{ path: join(root, "loose/trigger_eval.json"), format: "trigger-evals" }]);
    const set = await readActivationSetFile(sets[0] ?? { path: "", format: "jsonl" });
    expect(set.diagnostics[0]?.code).toBe("activation-skill-unknown");
  });
});
