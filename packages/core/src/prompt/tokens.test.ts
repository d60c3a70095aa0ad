import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { overestimateTokens } from "../text/estimate-tokens.js";
import { countTokens, getTokenCounter } from "./tokens.js";

const run = promisify(execFile);
const fixture = (name: string) =>
  fileURLToPath(new URL(`./__fixtures__/no-js-tiktoken/${name}`, import.meta.url));

describe("countTokens", () => {
  it("counts tokens with a real BPE encoding", () => {
    expect(countTokens("")).toBe(0);
    expect(countTokens("hello world")).toBe(2);
    expect(countTokens("word ".repeat(100))).toBeGreaterThanOrEqual(100);
  });

  it("treats special-token strings as plain text instead of throwing", () => {
    for (const special of ["<|endoftext|>", "<|fim_prefix|>", "<|im_start|>", "<|endofprompt|>"]) {
      expect(() => countTokens(special)).not.toThrow();
      expect(countTokens(special)).toBeGreaterThan(1);
    }
  });

  it("supports the o200k_base encoding as well", () => {
    expect(getTokenCounter("o200k_base").count("<|endoftext|> hello")).toBeGreaterThan(2);
    expect(getTokenCounter("o200k_base").encoding).toBe("o200k_base");
  });

  it("shares one counter per encoding and answers repeats from its cache", () => {
    const counter = getTokenCounter();
    expect(getTokenCounter("cl100k_base")).toBe(counter);
    const text = "A description that is counted twice. ".repeat(50);
    const first = counter.count(text);
    const started = performance.now();
    for (let index = 0; index < 1_000; index++) counter.count(text);
    expect(counter.count(text)).toBe(first);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("counts any Unicode text without throwing", () => {
    expect(countTokens("文献综述 😀 \u0000 \uD800 e\u0301")).toBeGreaterThan(0);
  });
});

describe("countTokens without js-tiktoken installed", () => {
  it("counts by the estimate from above, keeps Layer 1 within its budget, and prints nothing", async () => {
    // A child process whose CommonJS resolver refuses js-tiktoken, as after `npm install @skillbox/core` alone.
    const { stdout, stderr } = await run(
      process.execPath,
      [
        "--conditions=skillbox-source",
        "--import",
        fixture("hide-js-tiktoken.mjs"),
        "--import",
        "tsx",
        fixture("render-layer1.mjs"),
      ],
      { timeout: 60_000 },
    );
    expect(stderr).toBe("");
    const child = JSON.parse(stdout) as { text: string; tokens: number; hello: number };
    expect(child.hello).toBe(overestimateTokens("hello world"));
    expect(child.hello).toBeGreaterThan(countTokens("hello world"));
    // The renderer counted with the estimate, and the listing holds within the budget by the real count too.
    expect(child.tokens).toBe(overestimateTokens(child.text));
    expect(child.tokens).toBeLessThanOrEqual(1_000);
    expect(countTokens(child.text)).toBeLessThan(child.tokens);
    expect(child.text).toContain("skill-0");
    expect(child.text).not.toContain("release notes number 199");
  });
});

describe("overestimateTokens against the real tokenizer", () => {
  const samples = {
    english:
      "Writes release notes in the house format. Use when the user asks for a changelog, a version summary or a migration guide; reads the git log since the last tag and groups changes by area.",
    markdown:
      "## Steps\n\n1. Run `git log --oneline v2.0..HEAD`.\n2. Group the commits under *Added*, *Fixed* and *Changed*.\n",
    code: "export function parse(input: string): Record<string, unknown> {\n  return JSON.parse(input) as Record<string, unknown>;\n}\n",
    chinese: "文献综述是对某一领域的研究进行系统的总结和评价，帮助读者了解研究现状。",
    japanese: "スキルは、エージェントが必要なときに読み込む指示のまとまりです。",
    russian: "Навык — это набор инструкций, которые агент загружает по мере необходимости.",
    emoji: "Ship it 🚀🎉 and celebrate 😀",
  };

  it("errs high on prose, markdown, code and other scripts in both encodings", () => {
    for (const encoding of ["cl100k_base", "o200k_base"] as const) {
      for (const [name, text] of Object.entries(samples)) {
        const exact = getTokenCounter(encoding).count(text);
        expect({ name, encoding, estimate: overestimateTokens(text) >= exact }).toEqual({
          name,
          encoding,
          estimate: true,
        });
      }
    }
  });

  it("stays under 1.6 times the real count on English prose, so budgets are not wasted", () => {
    const text = samples.english.repeat(20);
    expect(overestimateTokens(text) / countTokens(text)).toBeLessThan(1.6);
  });
});
