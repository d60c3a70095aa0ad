// `skillbox run` in process: real temp folders, a real SQLite file, the fake LLM server over HTTP.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createFakeLlmServer, type FakeLlmServer, type FakeLlmStep } from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentRunFolders, writeAgentSkill } from "../__fixtures__/agent-run-folders.js";
import type { CliCommand, CliIo } from "../command.js";
import { runCli } from "../run-cli.js";
import { createRunCommand, EXIT_MAX_STEPS, EXIT_RUN_FAILED, runCommand } from "./run.js";

let base: string;
let server: FakeLlmServer | undefined;
beforeEach(() => {
  base = createAgentRunFolders("skillbox-run-");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

async function run(
  args: string[],
  script: FakeLlmStep[] = [],
  env: Record<string, string> = {},
  command: CliCommand = runCommand,
  extra: Partial<CliIo> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  server ??= await createFakeLlmServer({ script });
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd: path.join(base, "project"),
    home: path.join(base, "home"),
    env: { OPENAI_BASE_URL: server.openaiBaseUrl, SKILLBOX_DB: path.join(base, "skillbox.db"), ...env },
    signal: new AbortController().signal,
    ...extra,
  };
  const code = await runCli(["run", "--dir", path.join(base, "skills"), ...args], io, {
    commands: [command],
    version: "0.0.0",
  });
  return { code, stdout, stderr };
}

describe("skillbox run", () => {
  it("prints the model's final answer after it loads a skill, and exits 0", async () => {
    writeAgentSkill(base, "haiku-style", "description: Writes haiku.", "Answer in three lines.");
    const result = await run(
      ["write a poem"],
      [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "haiku-style" } }] },
        { text: "old pond\nfrog jumps\nsplash" },
      ],
    );
    expect(result).toEqual({ code: 0, stdout: "old pond\nfrog jumps\nsplash\n", stderr: "" });
  });

  it("prints the transcript with --json: messages, steps, usage and how the run stopped", async () => {
    const result = await run(["--json", "--model", "tiny", "hello"], [{ text: "hi there" }]);
    expect(result.code).toBe(0);
    const transcript = JSON.parse(result.stdout);
    expect(transcript).toMatchObject({
      text: "hi there",
      stoppedBy: "end",
      steps: 1,
      provider: "openai",
      model: "tiny",
      messages: [
        { role: "user", content: "hello" },
        { role: "assistant", content: "hi there" },
      ],
    });
    expect(transcript.usage.total.outputTokens).toBeGreaterThan(0);
    expect(typeof transcript.sessionId).toBe("string");
  });

  it("shows tool calls on stderr with --verbose", async () => {
    const result = await run(
      ["--verbose", "look around"],
      [{ toolCalls: [{ name: "glob", arguments: { pattern: "*" } }] }, { text: "nothing here" }],
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('› glob {"pattern":"*"}\n');
  });

  it(`exits ${EXIT_RUN_FAILED} with the provider's error when the model call fails for good`, async () => {
    const result = await run(["hello"], [{ status: 400, body: { error: { message: "model not found" } } }]);
    expect(result.code).toBe(EXIT_RUN_FAILED);
    expect(result.stderr).toContain("The model call failed at step 1");
    expect(result.stdout).toBe("");
  });

  it(`exits ${EXIT_MAX_STEPS} when the step limit ends the run before a final answer`, async () => {
    const result = await run(
      ["--max-steps", "1", "look around"],
      [{ text: "Let me look.", toolCalls: [{ name: "glob", arguments: { pattern: "*" } }] }],
    );
    expect(result.code).toBe(EXIT_MAX_STEPS);
    expect(result.stdout).toBe("Let me look.\n");
    expect(result.stderr).toContain("stopped after 1 model calls without a final answer");
  });

  it(`exits ${EXIT_MAX_STEPS} when /name runs a fork skill whose sub-agent hits its step limit, printing all it wrote`, async () => {
    writeAgentSkill(base, "survey", "description: Surveys.\ncontext: fork", "Survey the folder.");
    const steps = Array.from({ length: 5 }, (_, index) => ({
      text: `finding ${index + 1}`,
      toolCalls: [{ name: "glob", arguments: { pattern: "*" } }],
    }));
    const result = await run(["/survey"], steps);
    expect(result.code).toBe(EXIT_MAX_STEPS);
    expect(server?.requests).toHaveLength(5);
    for (const index of [1, 2, 3, 4, 5]) expect(result.stdout).toContain(`finding ${index}`);
    expect(result.stdout).toContain("reached its limit of 5 steps");
    expect(result.stderr).toBe(
      "skillbox run: the skill's sub-agent reached its step limit before a final answer\n",
    );
  });

  it("runs /name as the skill's invocation and refuses a shell line by default", async () => {
    writeAgentSkill(base, "status", "description: Shows the status.", "Status: !`git status`");
    writeAgentSkill(base, "greet", "description: Greets.", "Greet $ARGUMENTS warmly.");
    const refused = await run(["/status"]);
    expect(refused.code).toBe(EXIT_RUN_FAILED);
    expect(refused.stderr).toContain("git status");
    // The refusal is not the answer: stdout stays empty for a pipe, the reason is one stderr line.
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(server?.requests).toHaveLength(0);

    server?.addSteps({ text: "Hello, Ada!" });
    const greeted = await run(["/greet", "Ada"]);
    expect(greeted).toMatchObject({ code: 0, stdout: "Hello, Ada!\n" });
    const sent = server?.requests[0]?.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)?.content).toContain("Greet Ada warmly.");
  });

  it("refuses an unknown /name with a did-you-mean instead of sending it to the model", async () => {
    writeAgentSkill(base, "greet", "description: Greets.", "Greet.");
    const result = await run(["/gret", "Ada"]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: "skillbox run: No skill is named 'gret'. Did you mean /greet?\n",
    });
  });

  it("exits 2 without a prompt and 1 with a clear message when the official API has no key", async () => {
    expect((await run([])).code).toBe(2);
    const noKey = await run(["hello"], [], { OPENAI_BASE_URL: "" });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("No API key for api.openai.com. Set OPENAI_API_KEY");
  });

  it("says on stderr, without --verbose, when a hook fails (exit 1, crash, timeout) and still runs the call", async () => {
    mkdirSync(path.join(base, "project", ".skillbox"));
    const command = (line: string, timeoutSeconds?: number) => ({
      matcher: "Glob",
      command: line,
      ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    });
    trustProject(base);
    writeFileSync(
      path.join(base, "project", ".skillbox", "config.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            command("echo broken >&2; exit 1"),
            command("no-such-hook-program-xyz"),
            command("sleep 5", 0.3),
          ],
        },
      }),
    );
    writeFileSync(path.join(base, "project", "notes.txt"), "x");
    const result = await run(
      ["look around"],
      [{ toolCalls: [{ name: "glob", arguments: { pattern: "*.txt" } }] }, { text: "found notes" }],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("found notes\n");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /^skillbox run: PreToolUse hook "echo broken >&2; exit 1" failed and was skipped: exited with code 1: broken/,
      ),
      expect.stringMatching(
        /^skillbox run: PreToolUse hook "no-such-hook-program-xyz" failed and was skipped: exited with code 127/,
      ),
      expect.stringMatching(
        /^skillbox run: PreToolUse hook "sleep 5" failed and was skipped: timed out after 300 ms/,
      ),
    ]);
    for (const line of lines) expect(line).toContain("(only exit code 2 or a block decision blocks)");
    const sent = server?.requests[1]?.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)?.content).toContain("notes.txt");
  });

  describe("escape sequences from skills, the model and hooks", () => {
    // Sets the window title, rings the bell and clears the screen.
    const ATTACK = "\u001b]0;PWNED\u0007\u001b[2J";
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding raw control characters is the test.
    const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

    // The next run starts a server with its own script.
    const stopServer = async () => {
      await server?.close();
      server = undefined;
    };

    it("never reach stderr raw, nor stdout when it is a terminal", async () => {
      const folder = path.join(base, "skills", `odd${ATTACK}`);
      mkdirSync(folder);
      writeFileSync(path.join(folder, "SKILL.md"), `---\nname: odd\ndescription: "Odd \\e[2J"\n---\nBody.\n`);
      mkdirSync(path.join(base, "project", ".skillbox"));
      trustProject(base);
      writeFileSync(
        path.join(base, "project", ".skillbox", "config.json"),
        JSON.stringify({
          hooks: {
            PreToolUse: [{ matcher: "Glob", command: "printf 'bad \\033]0;PWNED\\007' >&2; exit 1" }],
          },
          [`key${ATTACK}`]: true,
        }),
      );
      const script: FakeLlmStep[] = [
        {
          toolCalls: [
            { name: "glob", arguments: { pattern: `*${ATTACK}` } },
            { name: "read_file", arguments: { path: `missing${ATTACK}\u202E.txt` } },
          ],
        },
        { text: `done ${ATTACK}\u202Eevil` },
      ];
      const shown = await run(["--verbose", "look"], script, {}, runCommand, { stdoutIsTerminal: true });
      expect(shown.code).toBe(0);
      expect(shown.stdout).toBe("done \\x1b]0;PWNED\\x07\\x1b[2J\\u202eevil\n");
      expect(shown.stderr).toContain("config-unknown-key");
      expect(shown.stderr).toContain("› glob {");
      expect(shown.stderr).toContain("✗ error:");
      expect(shown.stderr).toContain("failed and was skipped: exited with code 1: bad \\x1b]0;PWNED\\x07");
      expect(shown.stderr).not.toMatch(RAW_CONTROL);

      await stopServer();
      const piped = await run(["look"], [{ text: `done ${ATTACK}` }]);
      expect(piped.stdout).toBe(`done ${ATTACK}\n`);
      expect(piped.stderr).not.toMatch(RAW_CONTROL);

      await stopServer();
      const failed = await run(["look"], [{ status: 400, body: { error: { message: `bad ${ATTACK}` } } }]);
      expect(failed.code).toBe(EXIT_RUN_FAILED);
      expect(failed.stderr).toContain("\\x1b]0;PWNED");
      expect(failed.stderr).not.toMatch(RAW_CONTROL);
    });
  });

  it("reads the provider and permissions from the config file", async () => {
    mkdirSync(path.join(base, "project", ".skillbox"));
    writeFileSync(
      path.join(base, "project", ".skillbox", "config.json"),
      JSON.stringify({ model: "configured-model", permissions: { deny: ["Bash"] } }),
    );
    const result = await run(
      ["list files"],
      [{ toolCalls: [{ name: "bash", arguments: { command: "ls" } }] }, { text: "denied" }],
    );
    expect(result.code).toBe(0);
    expect(server?.requests[0]?.body.model).toBe("configured-model");
    const sent = server?.requests[1]?.body.messages as { role: string; content: string }[];
    expect(sent.at(-1)?.content).toContain("Permission denied: bash is denied by the rule Bash.");
  });

  describe("bash is asked about, never just run", () => {
    const pwn = (target: string) => ({
      toolCalls: [{ name: "bash", arguments: { command: `touch ${target}` } }],
    });
    const lastToolResult = (index: number) =>
      String(
        ((server?.requests[index]?.body.messages ?? []) as { role: string; content: string }[])
          .filter((message) => message.role === "tool")
          .at(-1)?.content,
      );

    it("refuses bash without a terminal: nothing runs, and the model and stderr are told the --allow flag", async () => {
      const target = path.join(base, "x");
      const result = await run(["do it"], [pwn(target), { text: "I was not allowed." }]);
      expect(result.code).toBe(0);
      expect(existsSync(target)).toBe(false);
      const refusal = lastToolResult(1);
      expect(refusal).toContain("Permission denied: bash needs approval");
      expect(refusal).toContain(
        'To allow it, pass --allow "Bash(touch:*)" or add "Bash(touch:*)" to permissions.allow in ~/.skillbox/config.json.',
      );
      expect(result.stderr).toContain("skillbox run: bash needs approval, and this run has no one to ask");
      expect(result.stderr).toContain('--allow "Bash(touch:*)"');
    });

    it('runs bash that --allow "Bash(touch:*)" covers, and still refuses other commands', async () => {
      const target = path.join(base, "x");
      const result = await run(
        ["--allow", "Bash(touch:*)", "do it"],
        [
          {
            toolCalls: [
              { name: "bash", arguments: { command: `touch ${target} && rm -rf ${base}/project` } },
            ],
          },
          pwn(target),
          { text: "done" },
        ],
      );
      expect(result.code).toBe(0);
      expect(lastToolResult(1)).toContain('--allow "Bash(rm:*)"');
      expect(existsSync(path.join(base, "project"))).toBe(true);
      expect(existsSync(target)).toBe(true);
    });

    it('refuses a redirection to a file under --allow "Bash(echo:*)": the file is not written, and the model is told why', async () => {
      const target = path.join(base, "outside");
      const result = await run(
        ["--allow", "Bash(echo:*)", "do it"],
        [
          { toolCalls: [{ name: "bash", arguments: { command: `echo pwned > ${target}` } }] },
          { toolCalls: [{ name: "bash", arguments: { command: "echo fine 2>&1" } }] },
          { text: "done" },
        ],
      );
      expect(result.code).toBe(0);
      expect(existsSync(target)).toBe(false);
      expect(lastToolResult(1)).toContain(
        `It redirects to a file (> ${target}), and no prefix rule such as Bash(echo:*) allows a redirection to a file`,
      );
      expect(lastToolResult(1)).toContain('--allow "Bash"');
      expect(lastToolResult(2)).toBe("exit code: 0\nstdout:\nfine\n");
    });

    it("refuses an untrusted skill's allowed-tools grant and says which setting trusts the skill", async () => {
      writeAgentSkill(base, "cloned", "description: Came with a repository.\nallowed-tools: Bash", "Run it.");
      const target = path.join(base, "x");
      const result = await run(["/cloned"], [pwn(target), { text: "refused" }]);
      expect(result.code).toBe(0);
      expect(existsSync(target)).toBe(false);
      expect(lastToolResult(1)).toContain(
        'or let skill "cloned" run code with: skillbox settings allow-scripts cloned',
      );
    });

    it("asks on a terminal with one key (n refuses, y runs once, a allows the command for the run) and never with --json", async () => {
      const keys = ["n", "y", "a"];
      const asked: string[] = [];
      const command = createRunCommand(() => ({
        readKey: async () => {
          const key = keys.shift();
          asked.push(key ?? "(none)");
          return key;
        },
      }));
      const first = path.join(base, "first");
      const second = path.join(base, "second");
      const third = path.join(base, "third");
      const result = await run(
        ["do it"],
        [
          pwn(first),
          pwn(second),
          pwn(third),
          { toolCalls: [{ name: "bash", arguments: { command: `touch ${path.join(base, "again")}` } }] },
          { text: "done" },
        ],
        {},
        command,
      );
      expect(result.code).toBe(0);
      expect(asked).toEqual(["n", "y", "a"]);
      expect([existsSync(first), existsSync(second), existsSync(third)]).toEqual([false, true, true]);
      expect(lastToolResult(4)).toBe("exit code: 0");
      expect(existsSync(path.join(base, "again"))).toBe(true);
      expect(result.stderr).toContain(
        `Allow bash (touch ${first})?\n  [y] yes once  [a] always (Bash(touch:*)) this session  [n] no: no\n`,
      );
      expect(result.stderr).toContain("yes, and Bash(touch:*) for the rest of this session\n");

      await server?.close();
      server = undefined;
      const quiet = path.join(base, "quiet");
      const json = await run(["--json", "do it"], [pwn(quiet), { text: "refused" }], {}, command);
      expect(json.code).toBe(0);
      expect(asked).toHaveLength(3);
      expect(existsSync(quiet)).toBe(false);
    });
  });
});

describe("skillbox run's skills list", () => {
  function writeManySkills(count: number): void {
    for (let index = 0; index < count; index++) {
      writeAgentSkill(
        base,
        `skill-${String(index).padStart(3, "0")}`,
        `description: Handles task number ${index}: reads the inputs, checks every field, explains the problems found and writes a clear report.`,
        "Body.",
      );
    }
  }
  const systemOf = (request: FakeLlmServer["requests"][number] | undefined) =>
    ((request?.body.messages ?? []) as { role: string; content: string }[]).find(
      (message) => message.role === "system",
    )?.content ?? "";

  it("keeps Layer 1 to the default budget for the model, with the notice and the search_skills pointer", async () => {
    writeManySkills(300);
    const result = await run(["--model", "local-model", "hello"], [{ text: "ok" }]);
    expect(result.code).toBe(0);
    const system = systemOf(server?.requests[0]);
    expect(system).toContain("Note: this list is shortened to fit its budget");
    expect(system).toContain("call search_skills with a few keywords");
    expect(system).not.toContain("- skill-299: Handles task number 299");
  });

  it("sends every skill with --budget none, and keeps to --budget <tokens>", async () => {
    writeManySkills(300);
    const all = await run(
      ["--model", "local-model", "--budget", "none", "hello"],
      [{ text: "ok" }, { text: "ok" }],
    );
    expect(all.code).toBe(0);
    const system = systemOf(server?.requests[0]);
    expect(system).toContain("- skill-299: Handles task number 299");
    expect(system).not.toContain("Note: this list is shortened");
    const tight = await run(["--model", "local-model", "--budget", "300", "hello"]);
    expect(tight.code).toBe(0);
    expect(systemOf(server?.requests[1]).length).toBeLessThan(2000);
    expect((await run(["--budget", "lots", "hello"])).code).toBe(2);
  });

  it("suggests fitting skills in the user turn with --suggest, never with --no-suggest", async () => {
    writeAgentSkill(
      base,
      "image-resizer",
      "description: Resize, crop, compress and convert PNG and JPEG images to WebP.",
      "Use sharp.",
    );
    writeAgentSkill(
      base,
      "meeting-notes",
      "description: Summarise meeting transcripts into decisions and action items.",
      "List owners.",
    );
    writeAgentSkill(
      base,
      "sql-tuning",
      "description: Speed up slow SQL queries with EXPLAIN plans and indexes.",
      "Read the plan.",
    );
    const prompt = "Resize and compress these PNG images to WebP";
    const userTurn = (index: number) =>
      String(
        ((server?.requests[index]?.body.messages ?? []) as { role: string; content: unknown }[]).find(
          (message) => message.role === "user",
        )?.content,
      );
    expect((await run(["--suggest", prompt], [{ text: "ok" }, { text: "ok" }])).code).toBe(0);
    expect(userTurn(0)).toMatch(
      /^Resize and compress these PNG images to WebP\n\n<system-reminder>\n.*\n- image-resizer: Resize, crop/,
    );
    expect((await run(["--no-suggest", prompt])).code).toBe(0);
    expect(userTurn(1)).toBe(prompt);
    const both = await run(["--suggest", "--no-suggest", prompt]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--suggest and --no-suggest contradict each other");
  });
});

/** Hooks in a project's config run only for a project the user trusts. */
function trustProject(base: string): void {
  mkdirSync(path.join(base, "home", ".skillbox"), { recursive: true });
  writeFileSync(
    path.join(base, "home", ".skillbox", "config.json"),
    JSON.stringify({ trustedProjects: [path.join(base, "project")] }),
  );
}
