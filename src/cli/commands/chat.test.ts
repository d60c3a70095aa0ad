// `skillbox chat` in process over piped streams: real temp folders, SQLite file and fake LLM server.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { PassThrough } from "node:stream";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentRunFolders, writeAgentSkill } from "../__fixtures__/agent-run-folders.js";
import type { CliIo } from "../command.js";
import { runCli } from "../run-cli.js";
import { createChatCommand } from "./chat.js";

let base: string;
let server: FakeLlmServer | undefined;
beforeEach(() => {
  base = createAgentRunFolders("skillbox-chat-");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

/** A running chat: type lines, wait for output, interrupt, and await its exit code. */
async function startChat(
  script: FakeLlmStep[],
  options: { terminal?: boolean; stdoutIsTerminal?: boolean; args?: string[] } = {},
) {
  server = await createFakeLlmServer({ script });
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = "";
  let errors = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if ((screen + errors).includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  output.on("data", (chunk: Buffer) => {
    screen += chunk.toString();
    check();
  });
  let interruptListener: (() => void) | undefined;
  const io: CliIo = {
    stdout: (text) => {
      screen += text;
      check();
    },
    stderr: (text) => {
      errors += text;
      check();
    },
    cwd: path.join(base, "project"),
    home: path.join(base, "home"),
    env: { OPENAI_BASE_URL: server.openaiBaseUrl, SKILLBOX_DB: path.join(base, "skillbox.db") },
    stdoutIsTerminal: options.stdoutIsTerminal ?? false,
  };
  const command = createChatCommand(() => ({
    input,
    output,
    terminal: options.terminal ?? false,
    onInterrupt(listener) {
      interruptListener = listener;
      return () => {
        interruptListener = undefined;
      };
    },
  }));
  const exited = runCli(["chat", ...(options.args ?? []), "--dir", path.join(base, "skills")], io, {
    commands: [command],
    version: "0",
  });
  return {
    type: (line: string) => input.write(`${line}\n`),
    press: (key: string) => input.write(key),
    interrupt: () => interruptListener?.(),
    waitFor: (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`"${text}" never appeared.\nScreen:\n${screen}\nErrors:\n${errors}`)),
          8000,
        );
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        check();
      }),
    screen: () => screen,
    errors: () => errors,
    exited,
  };
}

describe("skillbox chat", () => {
  it("streams answers, keeps the conversation, lists /skills and quits on /exit", async () => {
    writeAgentSkill(base, "greet", "description: Greets people.", "Greet warmly.");
    writeAgentSkill(base, "hidden", "description: Only for the model.\nuser-invocable: false", "Body.");
    const chat = await startChat([{ text: "Hello, Ada!" }, { text: "You said your name is Ada." }]);
    await chat.waitFor("Skillbox chat · openai");
    chat.type("my name is Ada");
    await chat.waitFor("Hello, Ada!");
    chat.type("what is my name?");
    await chat.waitFor("You said your name is Ada.");
    chat.type("/skills");
    await chat.waitFor("Skills (2 on, 0 off):");
    chat.type("/hidden");
    await chat.waitFor("cannot be run with /hidden");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
    expect(chat.screen()).toContain(
      "Skills (2 on, 0 off):\n  /greet  Greets people.\n  hidden  Only for the model. (model only)\n",
    );
    // The refused /hidden is a notice on stderr, never printed as if it were the answer.
    expect(chat.screen()).not.toContain("cannot be run");
    expect(chat.errors()).toContain(
      '(Skill "hidden" cannot be run with /hidden: it is marked user-invocable: false, so only the model can load it.)\n',
    );
    expect(server?.requests).toHaveLength(2);
    const second = server?.requests[1]?.body.messages as { role: string }[];
    expect(second.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
  });

  it("asks y/n for an ask rule and runs the tool only after a yes", async () => {
    mkdirSync(path.join(base, "project", ".skillbox"));
    writeFileSync(
      path.join(base, "project", ".skillbox", "config.json"),
      JSON.stringify({ permissions: { ask: ["Write"] } }),
    );
    const write = { toolCalls: [{ name: "write_file", arguments: { path: "a.txt", content: "A" } }] };
    const chat = await startChat([write, { text: "first done" }, write, { text: "second done" }]);
    chat.type("write a.txt");
    await chat.waitFor("Allow write_file");
    chat.type("n");
    await chat.waitFor("first done");
    expect(existsSync(path.join(base, "project", "a.txt"))).toBe(false);
    chat.type("write a.txt again");
    await chat.waitFor("first done\n> Allow write_file");
    chat.type("y");
    await chat.waitFor("second done");
    expect(readFileSync(path.join(base, "project", "a.txt"), "utf8")).toBe("A");
  });

  it("asks before bash: n refuses, a allows the command for the rest of the session", async () => {
    const target = (name: string) => path.join(base, name);
    const echo = (name: string) => ({
      toolCalls: [{ name: "bash", arguments: { command: `touch ${target(name)}` } }],
    });
    const chat = await startChat([
      echo("no"),
      { text: "refused" },
      echo("yes"),
      echo("later"),
      { text: "both" },
    ]);
    chat.type("write no");
    await chat.waitFor(
      `Allow bash (touch ${target("no")})?\n  [y] yes once  [a] always (Bash(touch:*)) this session`,
    );
    chat.type("n");
    await chat.waitFor("refused");
    expect(existsSync(target("no"))).toBe(false);
    chat.type("write two");
    await chat.waitFor(`Allow bash (touch ${target("yes")})?`);
    chat.type("a");
    await chat.waitFor("both");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
    expect(existsSync(target("yes"))).toBe(true);
    expect(existsSync(target("later"))).toBe(true);
    expect(chat.screen()).toContain("yes, and Bash(touch:*) for the rest of this session\n");
    expect(chat.screen()).not.toContain(`Allow bash (touch ${target("later")})`);
  });

  it("shows the model's text, the command it asks about and errors escaped when stdout is a terminal", async () => {
    const attack = "\u001b]0;PWNED\u0007\u001b[2J";
    const chat = await startChat(
      [
        { toolCalls: [{ name: "bash", arguments: { command: `echo hi\r${attack}` } }] },
        { text: `streamed ${attack}\u202Eend` },
      ],
      { stdoutIsTerminal: true },
    );
    chat.type("go");
    await chat.waitFor("[n] no: ");
    chat.type("n");
    await chat.waitFor("\\u202eend");
    chat.type(`/nope${attack}`);
    await chat.waitFor("No skill is named");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
    expect(chat.screen()).toContain("Allow bash (echo hi\\r\\x1b]0;PWNED\\x07\\x1b[2J)?");
    expect(chat.screen()).toContain("streamed \\x1b]0;PWNED\\x07\\x1b[2J\\u202eend");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw control characters is the test.
    const raw = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E]/u;
    expect(chat.screen()).not.toMatch(raw);
    expect(chat.errors()).not.toMatch(raw);
  });

  it("takes the answer from a single keystroke on a terminal, without Enter", async () => {
    const target = path.join(base, "keyed");
    const chat = await startChat(
      [{ toolCalls: [{ name: "bash", arguments: { command: `echo hi > ${target}` } }] }, { text: "written" }],
      { terminal: true },
    );
    chat.type("write it");
    await chat.waitFor("[n] no: ");
    chat.press("y");
    await chat.waitFor("written");
    expect(existsSync(target)).toBe(true);
    expect(chat.screen()).toContain("this session  [n] no: yes, once\n");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
  });

  it("stops a turn on Ctrl-C and goes on; two Ctrl-C at an empty prompt quit", async () => {
    const chat = await startChat([{ text: "a very slow answer", delayMs: 20_000 }, { text: "quick answer" }]);
    chat.type("be slow");
    while ((server?.requests.length ?? 0) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    chat.interrupt();
    await chat.waitFor("(stopped)");
    chat.type("be quick");
    await chat.waitFor("quick answer\n> ");
    chat.interrupt();
    await chat.waitFor("press Ctrl-C again");
    chat.interrupt();
    expect(await chat.exited).toBe(0);
  });

  it("answers /name of a fork skill with the sub-agent's result and says when a name is unknown", async () => {
    writeAgentSkill(base, "research", "description: Researches.\ncontext: fork", "Research the topic.");
    const chat = await startChat([{ text: "Findings: all good." }]);
    chat.type("/reserch cats");
    await chat.waitFor("Did you mean /research?");
    chat.type("/research cats");
    await chat.waitFor("Findings: all good.");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
    expect(server?.requests).toHaveLength(1);
  });
});

describe("skillbox chat's skills list", () => {
  it("takes --budget like run: none sends every skill, a number shortens the list with the notice", async () => {
    for (let index = 0; index < 40; index++) {
      writeAgentSkill(
        base,
        `skill-${index}`,
        `description: Handles task number ${index} and writes a report.`,
        "Body.",
      );
    }
    const chat = await startChat([{ text: "first" }], { args: ["--budget", "100"] });
    chat.type("hello");
    await chat.waitFor("first");
    chat.type("/exit");
    expect(await chat.exited).toBe(0);
    const system = ((server?.requests[0]?.body.messages ?? []) as { role: string; content: string }[])[0]
      ?.content;
    expect(system).toContain("Note: this list is shortened to fit its budget");
    await server?.close();
    const unbounded = await startChat([{ text: "second" }], { args: ["--budget", "none"] });
    unbounded.type("hello");
    await unbounded.waitFor("second");
    unbounded.type("/exit");
    expect(await unbounded.exited).toBe(0);
    const full = ((server?.requests[0]?.body.messages ?? []) as { role: string; content: string }[])[0]
      ?.content;
    expect(full).toContain("- skill-39: Handles task number 39");
    expect(full).not.toContain("Note: this list is shortened");
  });
});
