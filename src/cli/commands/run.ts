// `skillbox run "<prompt>"`: one headless agent run over the skill roots; prints the final answer
// (or the transcript with --json) and exits with a code that says how the run ended.

import type { AgentEvent, AgentRunResult } from "@skillbox/agent/agent/agent-types";
import {
  AGENT_OPTIONS,
  AGENT_OPTIONS_HELP,
  AGENT_SETTINGS_HELP,
  type AgentOptionValues,
} from "../agent-options.js";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { listenForInterrupt } from "../listen-for-interrupt.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";
import {
  describePermissionAnswer,
  formatPermissionPrompt,
  readPermissionAnswer,
  readRawKey,
} from "../permission-prompt.js";

/** The run failed: the model call failed after retries, or a hook or the skill refused the prompt. */
export const EXIT_RUN_FAILED = 3;
/** The step limit was reached before the model gave a final answer. */
export const EXIT_MAX_STEPS = 4;
/** Ctrl-C stopped the run. */
export const EXIT_INTERRUPTED = 130;

const HELP = `Usage: skillbox run [options] "<prompt>"

Runs the agent once over the skills in the skill roots: the model sees the skills list,
loads skills with load_skill and works with the built-in tools (bash, read_file, write_file,
edit_file, glob, grep) in the working folder. Prints the final answer.
A prompt "/name args" runs the skill "name" directly, as a person typing it would.
Calls that need approval (bash, "ask" rules) are asked about with one key on a terminal (y = yes,
a = always this run, n = no); with --json or without a terminal they are refused, and the model and
stderr are told which --allow rule would let them run.

Options:
  --json             Print the transcript as JSON: { text, stoppedBy, error?, steps, usage,
                     messages, sessionId, provider, model }; never asks
  --verbose          Print each tool call to stderr as it starts
${AGENT_OPTIONS_HELP}
  --help             Print this help

Exit codes:
  0    The model answered
  1    Skillbox could not start the run (bad config, no API key, unknown skill, store error)
  2    Bad usage (unknown flag, missing prompt, missing folder)
  ${EXIT_RUN_FAILED}    The run failed: the model call failed (after retries), or a hook or the skill refused the prompt
  ${EXIT_MAX_STEPS}    The step limit (--max-steps, or a forked skill's own) was reached before a final answer
  ${EXIT_INTERRUPTED}  Interrupted with Ctrl-C

${AGENT_SETTINGS_HELP}
`;

/** Where `run` asks for approval: one key from a terminal, or nothing to ask on. */
export interface RunTerminal {
  /** Reads one key; undefined when the signal aborts first. */
  readKey(signal?: AbortSignal): Promise<string | undefined>;
}

/** The run command over a given terminal (tests pass one; undefined means no one can be asked). */
export function createRunCommand(openTerminal: () => RunTerminal | undefined): CliCommand {
  return {
    name: "run",
    summary: "Run the agent once on a prompt and print the answer",
    help: HELP,
    async run(args, io) {
      const { values, positionals } = parseCommandArguments("run", args, {
        json: { type: "boolean" },
        verbose: { type: "boolean" },
        ...AGENT_OPTIONS,
      });
      const prompt = positionals.join(" ").trim();
      if (prompt === "") throw usageError("run", 'Give a prompt, e.g. skillbox run "Summarize README.md"');
      // --json output is read by programs: nobody is at the keyboard to answer.
      const terminal = values.json ? undefined : openTerminal();
      return runOnce(io, values, prompt, terminal);
    },
  };
}

/** `skillbox run`: asks on the terminal only when stdin and stderr both are one. */
export const runCommand: CliCommand = createRunCommand(() =>
  process.stdin.isTTY === true && process.stderr.isTTY === true
    ? { readKey: (signal) => readRawKey(process.stdin, signal) }
    : undefined,
);

async function runOnce(
  io: CliIo,
  values: AgentOptionValues & { json?: boolean | undefined; verbose?: boolean | undefined },
  prompt: string,
  terminal: RunTerminal | undefined,
): Promise<number> {
  // Loaded here, so other commands start without the providers' SDKs.
  const { checkSlashCommand, describeToolActivity, openCliAgent } = await import("../open-cli-agent.js");
  let signal: AbortSignal | undefined;
  const showEvent = (event: AgentEvent, agentName?: string) => {
    if (values.verbose) return writeActivity(io, describeToolActivity(event, agentName));
    // Without --verbose and with no one asked, still say why a call was refused: the hint names the
    // rule that allows it. (On a terminal the person just answered, and saw the question.)
    const reason = event.type === "tool-end" ? event.result.metadata?.permissionDenied : undefined;
    if (typeof reason === "string" && terminal === undefined) {
      const who = agentName === undefined ? "" : `[${agentName}] `;
      io.stderr(`skillbox run: ${escapeTerminalLine(`${who}${reason}`)}\n`);
    }
  };
  const opened = openCliAgent("run", io, values, {
    onEvent: (event) => showEvent(event),
    onSubAgentEvent: (event, agentName) => showEvent(event, agentName),
    ...(terminal === undefined
      ? {}
      : {
          onAsk: async (question) => {
            io.stderr(formatPermissionPrompt(question));
            const answer = readPermissionAnswer(await terminal.readKey(signal));
            io.stderr(`${describePermissionAnswer(answer, question)}\n`);
            return answer;
          },
        }),
  });
  const interrupt = io.signal === undefined ? listenForInterrupt() : undefined;
  signal = io.signal ?? interrupt?.signal;
  try {
    checkSlashCommand(opened.workspace, prompt);
    const result = await opened.agent.run(prompt, signal === undefined ? {} : { signal });
    if (values.json) {
      io.stdout(
        `${JSON.stringify(
          {
            ...result,
            sessionId: opened.agent.sessionId,
            provider: opened.providerConfig.provider,
            model: opened.agent.model,
          },
          null,
          2,
        )}\n`,
      );
    } else if (result.text !== "" && !(result.stoppedBy === "error" && result.text === result.error)) {
      // A refusal (a /name that may not run, a blocked prompt) is no answer: reportEnd puts it on stderr.
      // Piped, the answer is passed on exactly; on a terminal the model's text may not drive it.
      const text = io.stdoutIsTerminal ? escapeTerminalText(result.text) : result.text;
      io.stdout(text.endsWith("\n") ? text : `${text}\n`);
    }
    return reportEnd(io, result);
  } finally {
    interrupt?.dispose();
    await opened.close();
  }
}

/** The exit code for how the run ended, with one line on stderr for anything but success. */
function reportEnd(io: CliIo, result: AgentRunResult): number {
  switch (result.stoppedBy) {
    case "end":
      return EXIT_OK;
    case "max-steps":
      io.stderr(
        // No model call of this run's own: a `/name` fork whose sub-agent ran out of its steps.
        result.steps === 0
          ? "skillbox run: the skill's sub-agent reached its step limit before a final answer\n"
          : `skillbox run: stopped after ${result.steps} model calls without a final answer (raise --max-steps to allow more)\n`,
      );
      return EXIT_MAX_STEPS;
    case "aborted":
      io.stderr("skillbox run: interrupted\n");
      return EXIT_INTERRUPTED;
    case "error":
      io.stderr(`skillbox run: ${escapeTerminalLine(result.error ?? "the run failed")}\n`);
      return EXIT_RUN_FAILED;
  }
}

function writeActivity(io: CliIo, line: string | undefined): void {
  if (line !== undefined) io.stderr(line);
}
