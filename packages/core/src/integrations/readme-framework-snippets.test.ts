// The README's OpenAI Agents SDK, LangChain.js and Mastra snippets, run as written: each is cut out
// of the README, its `skillbox/integrations` import pointed at this source tree, and run as a child
// process whose OpenAI settings (OPENAI_BASE_URL, OPENAI_API_KEY) point at the fake LLM server.
import * as path from "node:path";
import { afterEach, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../__fixtures__/packed-core.js";
import { FOLLOWED_ANSWER, lastToolResult } from "./__fixtures__/release-notes-script.js";
import { createSnippetRunner, readSnippetAfter } from "./__fixtures__/run-readme-snippet.js";

const snippets = createSnippetRunner();
afterEach(() => snippets.cleanUp());

/** Runs the README snippet after the line `label`, with `before` and `after` around it. */
async function runSnippet(label: string, { before = "", after = "" } = {}) {
  const snippet = readSnippetAfter(path.join(REPOSITORY_ROOT, "README.md"), `\n${label}\n`);
  expect(snippet, `README has no "${label}" snippet`).toBeDefined();
  const code = (snippet as string).replace(
    '"skillbox/integrations"',
    JSON.stringify(path.join(REPOSITORY_ROOT, "packages/core/src/integrations/index.ts")),
  );
  // Offline: no trace upload (Agents SDK), no usage report (Mastra).
  return snippets.run(`${before}\n${code}\n${after}\n`, {
    OPENAI_AGENTS_DISABLE_TRACING: "1",
    MASTRA_TELEMETRY_DISABLED: "1",
  });
}

it("runs the README's OpenAI Agents SDK snippet: the agent loads the skill and follows it", async () => {
  // The fake server speaks Chat Completions; the SDK's default is the Responses API.
  const before = 'import { setOpenAIAPI } from "@openai/agents";\nsetOpenAIAPI("chat_completions");';
  const { stdout, server } = await runSnippet("OpenAI Agents SDK (`@openai/agents`):", { before });
  expect(stdout.trim()).toBe(FOLLOWED_ANSWER);
  expect(lastToolResult(server.requests[1])).toContain('<skill name="release-notes">');
}, 90_000);

it("runs the README's LangChain.js snippet: the loop loads the skill and follows it", async () => {
  const after = "console.log(messages.at(-1)?.content);";
  const { stdout, server } = await runSnippet(
    "LangChain.js (`@langchain/core`, here with `@langchain/openai`):",
    {
      after,
    },
  );
  expect(stdout.trim()).toBe(FOLLOWED_ANSWER);
  expect(lastToolResult(server.requests[1])).toContain('<skill name="release-notes">');
}, 90_000);

it("runs the README's Mastra snippet: the agent loads the skill and follows it", async () => {
  const { stdout, server } = await runSnippet("Mastra (`@mastra/core`):");
  expect(stdout.trim()).toBe(FOLLOWED_ANSWER);
  expect(lastToolResult(server.requests[1])).toContain('<skill name="release-notes">');
}, 90_000);
