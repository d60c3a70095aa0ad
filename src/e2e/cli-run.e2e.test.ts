// `skillbox run` end to end: the built CLI as a real process, a temp HOME and SQLite file, skills in
// the project's .agents/skills, and the fake LLM server in both wire formats.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type { FakeLlmStep } from "@skillbox/testing";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createRunScenario,
  isSubAgentRequest,
  lastToolResultOf,
  lastUserTextOf,
  requireBuiltCli,
  systemOf,
  toolNamesOf,
  WIRE_FORMATS,
  type WireFormat,
} from "./__fixtures__/e2e-harness.js";

beforeAll(requireBuiltCli);

// Each scenario has its own project and fake server, so the CLI processes run concurrently.
function start(
  onTestFinished: (cleanup: () => Promise<void>) => void,
  format: WireFormat,
  withProviderFlag = true,
) {
  const scenario = createRunScenario(format, withProviderFlag);
  onTestFinished(() => scenario.close());
  return scenario;
}

describe.each(WIRE_FORMATS)("skillbox run over the $name wire format", (format) => {
  it.concurrent("loads a skill and follows its body: the file the body asks for is written", async ({
    onTestFinished,
  }) => {
    const { project, run, modelRequests } = start(onTestFinished, format);
    project.writeSkill(
      "release-report",
      "description: Writes the release report. Use when asked to report on a release.",
      "To report, call write_file with path `reports/release.txt` and content `All checks passed.`",
    );
    const result = await run(
      ["Report on the release"],
      [
        (request) => {
          expect(systemOf(request)).toContain("release-report: Writes the release report.");
          return { toolCalls: [{ name: "load_skill", arguments: { skill_name: "release-report" } }] };
        },
        (request) => {
          // The fake model does what the body it was just given says, and nothing else.
          const order = /call (\w+) with path `([^`]+)` and content `([^`]+)`/.exec(
            lastToolResultOf(request),
          );
          if (order === null) return { text: "The skill body did not arrive." };
          return {
            toolCalls: [{ name: order[1] as string, arguments: { path: order[2], content: order[3] } }],
          };
        },
        { text: "The release report is written." },
      ],
    );
    expect(result).toMatchObject({ code: 0, stdout: "The release report is written.\n" });
    expect(readFileSync(path.join(project.project, "reports", "release.txt"), "utf8")).toBe(
      "All checks passed.",
    );
    expect(modelRequests()).toHaveLength(3);
  });

  it.concurrent("runs a fork skill in a sub-agent with only its allowed tools, stopped at its max_steps", async ({
    onTestFinished,
  }) => {
    const { project, run, modelRequests } = start(onTestFinished, format);
    project.writeSkill(
      "inventory",
      "description: Lists the project's files in a sub-agent.\ncontext: fork\nallowed-tools: Glob Read",
      "List every file with glob, then read each one.",
    );
    const keepGlobbing: FakeLlmStep = (request) => {
      expect(isSubAgentRequest(request)).toBe(true);
      return { toolCalls: [{ name: "glob", arguments: { pattern: "**/*" } }] };
    };
    const result = await run(
      ["--json", "Take an inventory"],
      [
        { toolCalls: [{ name: "load_skill", arguments: { skill_name: "inventory", max_steps: 2 } }] },
        keepGlobbing,
        keepGlobbing,
        { text: "The inventory sub-agent ran out of steps." },
      ],
    );
    expect(result.code).toBe(0);
    const requests = modelRequests();
    const forked = requests.filter(isSubAgentRequest);
    expect(forked).toHaveLength(2);
    for (const request of forked) expect(toolNamesOf(request)).toEqual(["read_file", "glob"]);
    expect(systemOf(forked[0])).toContain("List every file with glob, then read each one.");
    const returned = lastToolResultOf(requests.at(-1));
    expect(returned).toContain("[sub-agent result — skill: inventory]");
    expect(returned).toContain("reached its limit of 2 steps");
    const transcript = JSON.parse(result.stdout);
    expect(transcript).toMatchObject({ stoppedBy: "end", steps: 2 });
  });

  it.concurrent("runs /name args as the skill's invocation: its body with the arguments reaches the model", async ({
    onTestFinished,
  }) => {
    const { project, run, modelRequests } = start(onTestFinished, format);
    project.writeSkill(
      "greet",
      "description: Greets someone.\narguments: [person]",
      "Greet $person warmly, in one line.",
    );
    const result = await run(["/greet Ada"], [{ text: "Hello, Ada — lovely to see you!" }]);
    expect(result).toMatchObject({ code: 0, stdout: "Hello, Ada — lovely to see you!\n" });
    expect(lastUserTextOf(modelRequests()[0])).toContain("Greet Ada warmly, in one line.");
  });

  it.concurrent("retries a provider 500 and then succeeds", async ({ onTestFinished }) => {
    const { run, modelRequests } = start(onTestFinished, format);
    const result = await run(["hello"], [{ status: 500 }, { text: "Hello after a hiccup." }]);
    expect(result).toMatchObject({ code: 0, stdout: "Hello after a hiccup.\n" });
    expect(modelRequests()).toHaveLength(2);
  });
});

// Hooks and shell lines do not depend on the wire format, so one format covers them (each CLI
// process costs about a second of start-up on two cores).
describe("skillbox run, wire-format independent", () => {
  const format = WIRE_FORMATS[0] as WireFormat;

  it.concurrent("refuses bash from a process without a terminal, naming --allow, and runs it with the flag", async ({
    onTestFinished,
  }) => {
    const { project, run } = start(onTestFinished, format, false);
    const target = path.join(project.root, "pwned");
    const pwn: FakeLlmStep = {
      toolCalls: [{ name: "bash", arguments: { command: `echo pwned > ${target}` } }],
    };
    const answer: FakeLlmStep = (request) => ({ text: lastToolResultOf(request) });
    const refused = await run(["Do it"], [pwn, answer]);
    expect(refused.code).toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(refused.stdout).toContain('To allow it, pass --allow "Bash"');
    expect(refused.stderr).toContain("skillbox run: bash needs approval");

    // A rule for the harmless command does not let it write a file through a redirection.
    const echoOnly = await run(["--allow", "Bash(echo:*)", "Do it"], [pwn, answer]);
    expect(echoOnly.code).toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(echoOnly.stdout).toContain("no prefix rule such as Bash(echo:*) allows a redirection to a file");

    const allowed = await run(["--allow", "Bash", "Do it"], [pwn, answer]);
    expect(allowed.code).toBe(0);
    expect(readFileSync(target, "utf8")).toBe("pwned\n");
  });

  it.concurrent("lets a hook command from the config block a tool call, and the model sees why", async ({
    onTestFinished,
  }) => {
    const { project, run } = start(onTestFinished, format, false);
    // A project's hooks run only once the user trusts the project.
    project.writeUserConfig({ trustedProjects: [project.project] });
    project.writeConfig({
      hooks: {
        PreToolUse: [
          { matcher: "Write", command: "echo 'writing is frozen during the release' >&2; exit 2" },
        ],
      },
    });
    const result = await run(
      ["Write the notes"],
      [
        { toolCalls: [{ name: "write_file", arguments: { path: "notes.txt", content: "draft" } }] },
        (request) => ({ text: `Could not write: ${lastToolResultOf(request)}` }),
      ],
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "A hook blocked this write_file call: writing is frozen during the release",
    );
    expect(existsSync(path.join(project.project, "notes.txt"))).toBe(false);
  });

  it.concurrent("refuses a !`cmd` line by default, and runs it once the settings allow shell injection", async ({
    onTestFinished,
  }) => {
    const { project, run, modelRequests } = start(onTestFinished, format, false);
    project.writeSkill(
      "branch",
      "description: Reports the branch.",
      "The current branch is !`echo e2e-branch`.",
    );
    const refused = await run(["/branch"], []);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("echo e2e-branch");
    expect(modelRequests()).toHaveLength(0);

    // The settings live in the SQLite file the CLI uses, as the settings page would write them.
    const workspace = openWorkspace({
      cwd: project.project,
      home: project.home,
      env: {},
      bundledDirectory: path.join(project.root, "no-bundled-skills"),
      storePath: project.database,
    });
    workspace.settings.updateSkillSettings((current) => ({ ...current, allowShellInjection: true }));
    workspace.close();
    const allowed = await run(["/branch"], [{ text: "You are on e2e-branch." }]);
    expect(allowed.code).toBe(0);
    expect(lastUserTextOf(modelRequests()[0])).toContain("The current branch is e2e-branch.");
  });
});
