// packages/core/README.md's AI SDK snippet, run as written: cut out of the README and run as a child
// process in a folder holding `./skills`, its imports (`@skillbox/core/integrations` included,
// through the workspace link and the skillbox-source condition) resolved from the repository's
// node_modules, and its OpenAI settings pointed at the fake LLM server.
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
const packageRoot = fileURLToPath(new URL("../../", import.meta.url));
const repositoryRoot = path.join(packageRoot, "../..");
const MARKER = "<!-- tested by packages/core/src/integrations/readme-snippet.test.ts -->";
const servers = trackFakeLlmServers();
const temps: string[] = [];
afterEach(async () => {
  await servers.closeAll();
  for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
});

function readSnippet(): string {
  const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
  const start = readme.indexOf(MARKER);
  expect(start, "packages/core/README.md has lost its tested snippet").toBeGreaterThan(-1);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(start));
  return (block as RegExpExecArray)[1] as string;
}

it("runs the core README's AI SDK snippet: the model loads the skill and follows it", async () => {
  const server = await servers.start();
  const temp = mkdtempSync(path.join(tmpdir(), "skillbox-core-readme-"));
  temps.push(temp);
  symlinkSync(path.join(repositoryRoot, "node_modules"), path.join(temp, "node_modules"), "dir");
  symlinkSync(FIXTURE_SKILLS, path.join(temp, "skills"), "dir");
  writeFileSync(path.join(temp, "snippet.mts"), readSnippet());
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
      },
    },
  );
  expect(stdout.trim()).toBe(FOLLOWED_ANSWER);
  expect(lastToolResult(server.requests[1])).toContain('<skill name="release-notes">');
}, 90_000);
