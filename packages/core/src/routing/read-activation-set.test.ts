import { describe, expect, it } from "vitest";
import { detectActivationSetFormat, readActivationSet } from "./read-activation-set.js";

describe("readActivationSet", () => {
  it("reads skill-creator trigger evals for one skill: true fires it, false only rules it out", () => {
    const text = `[
  {"query": "prove this olympiad inequality", "should_trigger": true},
  {"prompt": "check my Putnam proof", "should_trigger": true},
  {"query": "what is 2+2", "should_trigger": false}
]`;
    const set = readActivationSet(text, "trigger-evals", { skill: "math-olympiad", path: "t.json" });
    expect(set.diagnostics).toEqual([]);
    expect(set.cases).toEqual([
      { prompt: "prove this olympiad inequality", expectedSkill: "math-olympiad", line: 2 },
      { prompt: "check my Putnam proof", expectedSkill: "math-olympiad", line: 3 },
      { prompt: "what is 2+2", expectedSkill: null, rejectedSkill: "math-olympiad", line: 4 },
    ]);
  });

  it("reports a bad entry with its line and keeps the others", () => {
    const text = `[
  {"query": "one", "should_trigger": true},
  {"query": "two", "should_trigger": "yes"},
  {"should_trigger": true},
  {
    "query": "three, with a \\"quoted\\" [bracket]",
    "should_trigger": false
  }
]`;
    const set = readActivationSet(text, "trigger-evals", { skill: "s", path: "t.json" });
    expect(set.cases.map((item) => [item.prompt, item.line])).toEqual([
      ["one", 2],
      ['three, with a "quoted" [bracket]', 5],
    ]);
    expect(set.diagnostics.map((item) => [item.code, item.line])).toEqual([
      ["activation-should-trigger", 3],
      ["activation-prompt-missing", 4],
    ]);
    expect(set.diagnostics[0]?.path).toBe("t.json");
  });

  it("says the file is not JSON, where, and returns no cases instead of throwing", () => {
    const set = readActivationSet(
      '[\n  {"query": "a", "should_trigger": true},\n  {"query": }\n]',
      "trigger-evals",
      {
        skill: "s",
      },
    );
    expect(set.cases).toEqual([]);
    expect(set.diagnostics).toHaveLength(1);
    expect(set.diagnostics[0]?.code).toBe("activation-json-syntax");
    expect(set.diagnostics[0]?.line).toBe(3);
  });

  it("asks for the skill when trigger evals are read without knowing it", () => {
    const set = readActivationSet('[{"query": "a", "should_trigger": true}]', "trigger-evals");
    expect(set.cases).toEqual([]);
    expect(set.diagnostics[0]?.code).toBe("activation-skill-unknown");
    expect(set.diagnostics[0]?.message).toMatch(/evals\/trigger_eval\.json/);
  });

  it("reads JSONL sets: empty expected_skill is a negative, kind is kept, bad lines are diagnostics", () => {
    const text = [
      '{"prompt": "make a gif for slack", "expected_skill": "slack-gif-creator", "kind": "direct"}',
      "",
      '{"prompt": "what time is it in Tokyo", "expected_skill": ""}',
      "{not json",
      '{"prompt": "no label"}',
      '{"prompt": "", "expected_skill": "x"}',
      '{"prompt": "null label", "expected_skill": null}',
    ].join("\n");
    const set = readActivationSet(text, "jsonl", { path: "set.jsonl" });
    expect(set.cases).toEqual([
      { prompt: "make a gif for slack", expectedSkill: "slack-gif-creator", kind: "direct", line: 1 },
      { prompt: "what time is it in Tokyo", expectedSkill: null, line: 3 },
      { prompt: "null label", expectedSkill: null, line: 7 },
    ]);
    expect(set.diagnostics.map((item) => [item.code, item.line, item.column])).toEqual([
      ["activation-json-syntax", 4, 1],
      ["activation-expected-skill", 5, 1],
      ["activation-prompt-missing", 6, undefined],
    ]);
  });

  it("reads skill-creator task evals as prompts that should fire the named skill", () => {
    const text = `{
  "skill_name": "cold-email",
  "evals": [
    {"id": 1, "prompt": "Write a cold email to a VP of Marketing", "expected_output": "..."},
    {"id": 2, "expected_output": "no prompt"}
  ]
}`;
    const set = readActivationSet(text, "skill-creator-evals", { path: "evals.json" });
    expect(set.cases).toEqual([
      { prompt: "Write a cold email to a VP of Marketing", expectedSkill: "cold-email", line: 4 },
    ]);
    expect(set.diagnostics.map((item) => [item.code, item.line])).toEqual([["activation-prompt-missing", 5]]);
    expect(readActivationSet(text, "skill-creator-evals", { skill: "renamed" }).cases[0]?.expectedSkill).toBe(
      "renamed",
    );
  });
});

describe("detectActivationSetFormat", () => {
  it("tells the formats apart by name and shape", () => {
    expect(detectActivationSetFormat("set.jsonl", "{}")).toBe("jsonl");
    expect(detectActivationSetFormat("trigger_eval.json", '\ufeff [{"query": "a"}]')).toBe("trigger-evals");
    expect(detectActivationSetFormat("evals.json", '{"skill_name": "a", "evals": []}')).toBe(
      "skill-creator-evals",
    );
    expect(detectActivationSetFormat("package.json", '{"name": "a"}')).toBeUndefined();
  });
});
