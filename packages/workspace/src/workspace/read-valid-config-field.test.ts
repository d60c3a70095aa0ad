import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { configFieldSchemas } from "./config-field-schemas.js";
import { CONFIG_KEYS, readValidConfigField } from "./read-valid-config-field.js";

const schemaOf = (key: (typeof CONFIG_KEYS)[number]) => configFieldSchemas[key] as z.ZodType;

/** Values near each key's rules: valid ones, and ones a plain check could get wrong. */
const text = fc.oneof(
  fc.constantFrom("", "x", "openai", "xml", "none", "~/skills", "__proto__"),
  fc.string(),
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 1.5, 65535, 65536, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e-9),
  fc.integer(),
  fc.double(),
);
const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const list = fc.array(fc.oneof(text, leaf), { maxLength: 3 });
const keyName = fc.constantFrom(
  "haiku",
  "sonnet",
  "opus",
  "format",
  "budgetTokens",
  "allow",
  "ask",
  "deny",
  "port",
  "host",
  "matcher",
  "command",
  "timeoutSeconds",
  "url",
  "schema",
  "other",
  "__proto__",
  "PreToolUse",
);
const shallow = fc.dictionary(keyName, fc.oneof(leaf, list), { maxKeys: 4 });
const hookEntries = fc.array(fc.oneof(shallow, leaf), { maxLength: 3 });
const value = fc.oneof(
  leaf,
  list,
  shallow,
  fc.dictionary(keyName, fc.oneof(hookEntries, leaf), { maxKeys: 3 }),
  fc.anything(),
);

describe("readValidConfigField", () => {
  it("knows the keys the schemas define, in their order", () => {
    expect([...CONFIG_KEYS]).toEqual(Object.keys(configFieldSchemas));
  });

  it("accepts only what the key's schema accepts, giving the same data with keys in the same order", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONFIG_KEYS), value, (key, field) => {
        // As a config file gives them: JSON values only.
        const json = JSON.parse(JSON.stringify(field) ?? "null") as unknown;
        const plain = readValidConfigField(key, json);
        if (plain === undefined) return;
        const parsed = schemaOf(key).safeParse(json);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(plain.value)).toBe(JSON.stringify(parsed.success ? parsed.data : undefined));
      }),
      { numRuns: 5000 },
    );
  });

  it("needs no schema for the values real configs hold", () => {
    const valid: [(typeof CONFIG_KEYS)[number], unknown][] = [
      ["roots", ["~/skills", "/opt/skills"]],
      ["extraRoots", []],
      ["provider", "anthropic"],
      ["model", "claude-sonnet-4-5"],
      ["baseUrl", "http://localhost:8080/v1"],
      ["models", { haiku: "h", opus: "o" }],
      ["prompt", { budgetTokens: "none", format: "markdown" }],
      ["permissions", { allow: ["Read"], deny: ["Bash(rm:*)"] }],
      ["hooks", { PreToolUse: [{ matcher: "Bash", command: "echo hi", timeoutSeconds: 5 }] }],
      ["server", { port: 0, host: "127.0.0.1" }],
      ["trustedSymlinkTargets", ["/opt"]],
      ["maxDepth", 12],
      ["maxDirectories", 5000],
      ["mcpServers", { docs: { command: "docs-mcp", args: ["--stdio"] } }],
      ["store", { url: "postgres://localhost/skillbox", schema: "team" }],
      ["store", "postgres://localhost/skillbox"],
      ["embeddings", { baseUrl: "http://localhost:11434/v1", model: "nomic-embed-text" }],
    ];
    for (const [key, field] of valid) {
      const parsed = schemaOf(key).safeParse(field);
      expect(readValidConfigField(key, field), key).toEqual({ value: parsed.success ? parsed.data : "?" });
    }
  });
});
