// The README's OpenAI Agents SDK, LangChain.js and Mastra snippets, run as written: each is cut out
// of the README, its `skillbox/integrations` import pointed at this source tree, and run as a child
// process whose OpenAI settings (OPENAI_BASE_URL, OPENAI_API_KEY) point at the fake LLM server.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { trackFakeLlmServers } from "./__fixtures__/adapter-test-fixtures.js";
import { FIXTURE_SKILLS, FOLLOWED_ANSWER, lastToolResult } from "./__fixtures__/release-notes-script.js";

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const servers = trackFakeLlmServers();
const temps: string[] = [];
afterEach(async () => {
  await servers.closeAll();
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});

/** The code block that follows the line `label` in the README. */
function readSnippet(label: string): string {
  const readme = readFileSync(path.join(repositoryRoot, "README.md"), "utf8");
  const start = readme.indexOf(`\n${label}\n`);
  expect(start, `README has no "${label}" snippet`).toBeGreaterThan(-1);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  return (block as RegExpExecArray)[1] as string;
}

/** Runs the snippet in a folder holding `./skills` against a fresh fake server; returns its output. */
async function runSnippet(label: string, { before = "", after = "" } = {}) {
  const server = await servers.start();
  const temp = mkdtempSync(path.join(tmpdir(), "skillbox-readme-frameworks-"));
  temps.push(temp);
  // The snippet's own imports resolve from the repository's node_modules.
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(temp, "node_modules"), "dir");
  symlinkSync(FIXTURE_SKILLS, path.join(temp, "skills"), "dir");
  const snippet = readSnippet(label).replace(
    '"skillbox/integrations"',
    JSON.stringify(path.join(repositoryRoot, "packages/core/src/integrations/index.ts")),
  );
  writeFileSync(path.join(temp, "snippet.mts"), `${before}\n${snippet}\n${after}\n`);
  const { stdout } = await run(
    process.execPath,
    ["--conditions=skillbox-source", "--import", "tsx", "snippet.mts"],
    {
      cwd: temp,
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: temp,
        OPENAI_BASE_URL: server.openaiBaseUrl,
        OPENAI_API_KEY: "test-key",
        // Offline: no trace upload (Agents SDK), no usage report (Mastra).
        OPENAI_AGENTS_DISABLE_TRACING: "1",
        MASTRA_TELEMETRY_DISABLED: "1",
      },
    },
  );
  return { stdout, server };
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
