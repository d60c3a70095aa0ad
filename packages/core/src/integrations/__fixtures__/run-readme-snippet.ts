// Runs a README's TypeScript snippet as written: a child process (tsx, the workspace sources through
// the skillbox-source condition) in a temp folder holding `./skills` (the release-notes fixture) and a
// link to the repository's node_modules, with its OpenAI settings pointed at a fresh fake LLM server.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import type { FakeLlmServer } from "@skillbox/testing";
import { REPOSITORY_ROOT } from "../../__fixtures__/packed-core.js";
import { trackFakeLlmServers } from "./adapter-test-fixtures.js";
import { FIXTURE_SKILLS } from "./release-notes-script.js";

const run = promisify(execFile);

/** The ```ts block after the first occurrence of `marker` in `file`, or undefined. */
export function readSnippetAfter(file: string, marker: string): string | undefined {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(marker);
  if (start === -1) return undefined;
  return /```ts\n([\s\S]*?)```/.exec(text.slice(start))?.[1];
}

export interface SnippetRunner {
  /** Runs `code` with `env` added; resolves to its stdout and the fake server it talked to. */
  run(code: string, env?: Record<string, string>): Promise<{ stdout: string; server: FakeLlmServer }>;
  /** Closes the servers and removes the temp folders (call it in afterEach). */
  cleanUp(): Promise<void>;
}

export function createSnippetRunner(): SnippetRunner {
  const servers = trackFakeLlmServers();
  const temps: string[] = [];
  return {
    async run(code, env = {}) {
      const server = await servers.start();
      const temp = mkdtempSync(path.join(tmpdir(), "skillbox-readme-snippet-"));
      temps.push(temp);
      symlinkSync(path.join(REPOSITORY_ROOT, "node_modules"), path.join(temp, "node_modules"), "dir");
      symlinkSync(FIXTURE_SKILLS, path.join(temp, "skills"), "dir");
      writeFileSync(path.join(temp, "snippet.mts"), code);
      const args = ["--conditions=skillbox-source", "--import", "tsx", "snippet.mts"];
      const { stdout } = await run(process.execPath, args, {
        cwd: temp,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: temp,
          OPENAI_BASE_URL: server.openaiBaseUrl,
          OPENAI_API_KEY: "test-key",
          ...env,
        },
      });
      return { stdout, server };
    },
    async cleanUp() {
      await servers.closeAll();
      for (const temp of temps.splice(0)) rmSync(temp, { recursive: true, force: true });
    },
  };
}
