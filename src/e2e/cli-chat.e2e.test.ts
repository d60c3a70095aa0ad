// `skillbox chat` end to end: the built CLI as a real process with piped stdin, a temp HOME and
// SQLite file, and the fake LLM server (Anthropic wire format; `run` covers both).

import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createE2eProject,
  type E2eProject,
  lastUserTextOf,
  requireBuiltCli,
  spawnSkillbox,
  WIRE_FORMATS,
} from "./__fixtures__/e2e-harness.js";

beforeAll(requireBuiltCli);

let project: E2eProject | undefined;
let server: FakeLlmServer | undefined;
afterEach(async () => {
  await server?.close();
  project?.remove();
});

describe("skillbox chat as a process", () => {
  it("streams answers, runs /name, stops a turn on SIGINT without exiting, and quits on /exit", async () => {
    const format = WIRE_FORMATS[1];
    if (format === undefined) throw new Error("the anthropic wire format is missing");
    project = createE2eProject();
    project.writeSkill("greet", "description: Greets someone.", "Greet $ARGUMENTS in French.");
    server = await createFakeLlmServer({
      script: [
        { text: "Bonjour, Ada !", chunkDelayMs: 5 },
        { text: "this answer never finishes", delayMs: 30_000 },
        { text: "Still here." },
      ],
    });
    const child = spawnSkillbox(project, ["chat", "--provider", format.name], format.environment(server));
    let stdout = "";
    let stderr = "";
    const waiters: { text: string; resolve: () => void }[] = [];
    const check = () => {
      for (const waiter of [...waiters]) {
        if (!(stdout + stderr).includes(waiter.text)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      check();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      check();
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const waitFor = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`"${text}" never appeared.\nstdout:\n${stdout}\nstderr:\n${stderr}`)),
          15_000,
        );
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        check();
      });
    const type = (line: string) => child.stdin?.write(`${line}\n`);

    await waitFor("Skillbox chat · anthropic");
    type("/greet Ada");
    await waitFor("Bonjour, Ada !\n");
    expect(lastUserTextOf(server.requests[0])).toContain("Greet Ada in French.");

    type("say something slowly");
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill("SIGINT");
    await waitFor("(stopped)");
    type("are you still there?");
    await waitFor("Still here.");
    type("/exit");
    expect(await exited).toBe(0);
  });
});
