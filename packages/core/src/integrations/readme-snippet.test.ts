// packages/core/README.md's AI SDK snippet, run as written: cut out of the README and run as a child
// process in a folder holding `./skills`, its imports (`@skillbox/core/integrations` included,
// through the workspace link and the skillbox-source condition) resolved from the repository's
// node_modules, and its OpenAI settings pointed at the fake LLM server.
import * as path from "node:path";
import { afterEach, expect, it } from "vitest";
import { REPOSITORY_ROOT } from "../__fixtures__/packed-core.js";
import { FOLLOWED_ANSWER, lastToolResult } from "./__fixtures__/release-notes-script.js";
import { createSnippetRunner, readSnippetAfter } from "./__fixtures__/run-readme-snippet.js";

const MARKER = "<!-- tested by packages/core/src/integrations/readme-snippet.test.ts -->";
const snippets = createSnippetRunner();
afterEach(() => snippets.cleanUp());

it("runs the core README's AI SDK snippet: the model loads the skill and follows it", async () => {
  const snippet = readSnippetAfter(path.join(REPOSITORY_ROOT, "packages/core/README.md"), MARKER);
  expect(snippet, "packages/core/README.md has lost its tested snippet").toBeDefined();
  const { stdout, server } = await snippets.run(snippet as string);
  expect(stdout.trim()).toBe(FOLLOWED_ANSWER);
  expect(lastToolResult(server.requests[1])).toContain('<skill name="release-notes">');
}, 90_000);
