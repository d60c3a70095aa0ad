// `skillbox chat`: an interactive session (node:readline) with streamed answers, `/skills`, `/name
// args`, `/exit`; Ctrl-C stops the current turn, and a second Ctrl-C at an empty prompt exits.

import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { AgentEvent } from "@skillbox/agent/agent/agent-types";
import {
  AGENT_OPTIONS,
  AGENT_OPTIONS_HELP,
  AGENT_SETTINGS_HELP,
  type AgentOptionValues,
} from "../agent-options.js";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalLine, escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { countUsableSkills, formatSkillList } from "../format-skill-list.js";
import { createLineReader } from "../line-reader.js";

import { parseCommandArguments, rejectExtraArguments } from "../parse-command-arguments.js";
import {
  describePermissionAnswer,
  formatPermissionChoices,
  formatPermissionPrompt,
  readKeystroke,
  readPermissionAnswer,
} from "../permission-prompt.js";

const HELP = `Usage: skillbox chat [options]

An interactive session with the agent over the skills in the skill roots. Answers stream as they
arrive; skill folders are watched, so edited or new skills count from the next message.

In the chat:
  /skills        List the skills
  /name args     Run the skill "name" with these arguments
  /help          Show these commands
  /exit          Quit (also Ctrl-D)
  Ctrl-C         Stop the current answer; at an empty prompt, press it twice to quit

Calls that need approval (bash, "ask" rules) wait for one key: y = yes once, a = always for this
session (the command, e.g. Bash(git:*)), n = no.

Options:
${AGENT_OPTIONS_HELP}
  --help             Print this help

${AGENT_SETTINGS_HELP}
`;

const IN_CHAT_HELP =
  "/skills lists the skills, /name args runs one, /exit quits; Ctrl-C stops an answer, twice at an empty prompt quits\n";

/** The terminal a chat talks to; the process's stdin/stdout by default. */
export interface ChatTerminal {
  input: Readable;
  output: Writable;
  /** True for a TTY: readline then handles keys (and Ctrl-C) itself. */
  terminal: boolean;
  /** Subscribes to interrupts that do not come through readline (SIGINT to the process). */
  onInterrupt(listener: () => void): () => void;
}

/** The chat command over a given terminal (tests pass streams). */
export function createChatCommand(openTerminal: () => ChatTerminal): CliCommand {
  return {
    name: "chat",
    summary: "Chat with the agent interactively (streamed, /skills, /name, Ctrl-C stops a turn)",
    help: HELP,
    async run(args, io) {
      const { values, positionals } = parseCommandArguments("chat", args, AGENT_OPTIONS);
      rejectExtraArguments("chat", positionals, 0);
      return runChat(io, values, openTerminal());
    },
  };
}

/** `skillbox chat` on the process's terminal. */
export const chatCommand: CliCommand = createChatCommand(() => ({
  input: process.stdin,
  output: process.stdout,
  terminal: process.stdin.isTTY === true && process.stdout.isTTY === true,
  onInterrupt(listener) {
    process.on("SIGINT", listener);
    return () => process.off("SIGINT", listener);
  },
}));

async function runChat(io: CliIo, values: AgentOptionValues, terminal: ChatTerminal): Promise<number> {
  // Loaded here, so other commands start without the providers' SDKs.
  const { checkSlashCommand, describeHookFailure, describeToolActivity, openCliAgent } = await import(
    "../open-cli-agent.js"
  );
  const rl: Interface = createInterface({
    input: terminal.input,
    output: terminal.output,
    terminal: terminal.terminal,
    prompt: "> ",
  });
  const reader = createLineReader(rl);
  let controller: AbortController | undefined;
  let atLineStart = true;
  let armed = false;
  let exiting = false;
  const write = (text: string) => {
    if (text === "") return;
    io.stdout(text);
    atLineStart = text.endsWith("\n");
  };
  const endLine = () => {
    if (!atLineStart) write("\n");
  };
  // The model's text, as it streams: on a terminal it may not set the title, clear the screen or
  // reorder lines; piped, it passes exactly.
  const showText = (text: string) => (io.stdoutIsTerminal ? escapeTerminalText(text) : text);
  const showEvent = (event: AgentEvent, agentName?: string) => {
    if (event.type === "text-delta" && agentName === undefined) return write(showText(event.delta));
    if (event.type === "turn-end" && agentName === undefined) return endLine();
    const line = describeToolActivity(event, agentName);
    if (line !== undefined) {
      endLine();
      io.stderr(line);
    }
  };

  const opened = openCliAgent("chat", io, values, {
    watch: true,
    onEvent: (event) => showEvent(event),
    onSubAgentEvent: (event, agentName) => showEvent(event, agentName),
    onHookFailure: (failure) => {
      endLine();
      io.stderr(describeHookFailure("chat", failure));
    },
    onAsk: async (question) => {
      endLine();
      write(formatPermissionPrompt(question));
      let key: string | undefined;
      let repeat = "";
      if (terminal.terminal) {
        // One keystroke. Clearing it from readline's line redraws (and so wipes) the row of the
        // choices, so they are written again with the answer; "" keeps readline's "> " out of it.
        rl.setPrompt("");
        key = await readKeystroke(rl, terminal.input);
        rl.setPrompt("> ");
        repeat = formatPermissionChoices(question);
      } else {
        key = await reader.next();
      }
      const answer = readPermissionAnswer(key);
      write(`${repeat}${describePermissionAnswer(answer, question)}\n`);
      return answer;
    },
  });
  const interrupt = () => {
    if (controller !== undefined) {
      controller.abort();
      // A pending y/n question is answered "no".
      reader.cancelWaiting();
      return;
    }
    if (rl.line.length > 0) {
      // Like a shell: Ctrl-C drops the half-typed line.
      rl.write(null, { ctrl: true, name: "e" });
      rl.write(null, { ctrl: true, name: "u" });
      armed = false;
      write("\n");
      rl.prompt();
      return;
    }
    if (armed) {
      exiting = true;
      reader.cancelWaiting();
      return;
    }
    armed = true;
    endLine();
    write("(To quit, press Ctrl-C again or type /exit)\n");
    rl.prompt();
  };
  rl.on("SIGINT", interrupt);
  const stopListening = terminal.onInterrupt(interrupt);

  try {
    const { agent, workspace, providerConfig } = opened;
    const skillCount = countUsableSkills(workspace.registry, workspace.stateOf);
    write(
      `Skillbox chat · ${providerConfig.provider} ${escapeTerminalLine(agent.model)} · ${skillCount} skill${skillCount === 1 ? "" : "s"}\n${IN_CHAT_HELP}`,
    );
    while (!exiting) {
      rl.prompt();
      atLineStart = true;
      const line = await reader.next();
      if (line === undefined) break;
      armed = false;
      const text = line.trim();
      if (text === "") continue;
      if (text === "/exit" || text === "/quit") break;
      if (text === "/help") {
        write(IN_CHAT_HELP);
        continue;
      }
      if (text === "/skills") {
        write(formatSkillList(workspace.registry, workspace.stateOf));
        continue;
      }
      try {
        checkSlashCommand(workspace, text);
      } catch (error) {
        io.stderr(`${escapeTerminalLine(error instanceof Error ? error.message : String(error))}\n`);
        continue;
      }
      controller = new AbortController();
      const result = await agent.run(text, { signal: controller.signal });
      controller = undefined;
      endLine();
      // A /name fork answers without streaming: its result is the answer.
      const forked = result.steps === 0;
      if (forked && (result.stoppedBy === "end" || result.stoppedBy === "max-steps") && result.text !== "") {
        write(`${showText(result.text)}\n`);
      }
      if (result.stoppedBy === "aborted") io.stderr("(stopped)\n");
      if (result.stoppedBy === "max-steps") {
        io.stderr(
          forked
            ? "(the skill's sub-agent reached its step limit before a final answer)\n"
            : `(stopped after ${result.steps} model calls; ask again to continue, or raise --max-steps)\n`,
        );
      }
      // A refused /name (or a blocked prompt) is a notice, not an answer and not a failure of the chat.
      if (result.stoppedBy === "error" && forked && result.text === result.error)
        io.stderr(`(${escapeTerminalLine(result.error ?? "")})\n`);
      else if (result.stoppedBy === "error")
        io.stderr(`Error: ${escapeTerminalLine(result.error ?? "the run failed")}\n`);
    }
    endLine();
    return EXIT_OK;
  } finally {
    stopListening();
    rl.close();
    await opened.close();
  }
}
