// `skillbox demo`: progressive disclosure with no API key. A fake model on loopback (the project's
// own fake LLM server, real HTTP, OpenAI wire format) is scripted to do what a real one does with
// skills: read Layer 1, call load_skill for the skill that fits, read a file the body points to,
// then answer. The transcript shows each layer and what it cost.

import type { AgentEvent } from "@skillbox/agent/agent/agent-types";
import { DEFAULT_MCP_TIMEOUT_MS } from "@skillbox/mcp-host/mcp-host/mcp-timeout";
import type { FakeLlmRequest, FakeLlmResponse } from "@skillbox/testing/fake-llm-script";
import { createFakeLlmServer } from "@skillbox/testing/fake-llm-server";
import { AGENT_OPTIONS } from "../agent-options.js";
import type { CliCommand, CliIo } from "../command.js";
import { escapeTerminalText } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { parseCommandArguments, usageError } from "../parse-command-arguments.js";

const DEFAULT_PROMPT = "Do a literature review on retrieval-augmented generation.";
const PREVIEW_LINES = 6;

const HELP = `Usage: skillbox demo ["<prompt>"]

Shows an agent using skills, with no API key: a scripted fake model on 127.0.0.1 reads the skills
list (Layer 1), loads the skill that fits the prompt with load_skill (Layer 2), reads a file the
skill's body links to with read_skill_file (Layer 3), and answers. Every step is printed.
Uses the skill roots like every command (--dir to pick folders), the skills of the config's
mcpServers, and the prompt "${DEFAULT_PROMPT}" unless you give one.

Options:
  --mcp-timeout <seconds>
                   How long each MCP server gets to start and list its skills (default ${DEFAULT_MCP_TIMEOUT_MS / 1000})
  --help           Print this help
`;

export const demoCommand: CliCommand = {
  name: "demo",
  summary: "Watch a scripted model use skills (no API key needed)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("demo", args, { ...AGENT_OPTIONS });
    const prompt = positionals.join(" ").trim() || DEFAULT_PROMPT;
    if (values.provider !== undefined || values["base-url"] !== undefined) {
      throw usageError("demo", "demo always uses its own fake model; use skillbox run for a real provider");
    }
    const server = await createFakeLlmServer({
      script: [pickSkill(prompt, io), readLinkedFile, answer],
    });
    const { openCliAgent } = await import("../open-cli-agent.js");
    const opened = openCliAgent(
      "demo",
      { ...io, env: { ...(io.env ?? process.env), OPENAI_API_KEY: "demo-key-not-secret" } },
      { ...values, provider: "openai", model: "demo-model", "base-url": server.openaiBaseUrl },
      { onEvent: (event) => printEvent(io, event) },
    );
    try {
      io.stdout(`You: ${prompt}\n\n`);
      const result = await opened.agent.run(prompt);
      io.stdout(`\nModel: ${escapeTerminalText(result.text)}\n`);
      io.stdout(
        `\n${server.requests.length} model calls. The system prompt carried only names and descriptions;\n` +
          "bodies and files reached the model only when it asked for them.\n",
      );
      return EXIT_OK;
    } finally {
      await opened.close();
      await server.close();
    }
  },
};

/** Step 1: choose the listed skill whose description shares the most words with the prompt. */
function pickSkill(prompt: string, io: CliIo) {
  return (request: FakeLlmRequest): FakeLlmResponse => {
    io.stdout(describeLayerOne(request));
    const listed = listedSkills(systemPromptOf(request));
    const words = new Set(prompt.toLowerCase().match(/[a-z]{4,}/g) ?? []);
    let best: { name: string; score: number } | undefined;
    for (const skill of listed) {
      const score = (skill.description.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((word) =>
        words.has(word),
      ).length;
      if (best === undefined || score > best.score) best = { name: skill.name, score };
    }
    if (best === undefined || best.score === 0) return { text: "No listed skill fits this request." };
    return {
      text: `The skill "${best.name}" fits; loading it.`,
      toolCalls: [{ name: "load_skill", arguments: { skill_name: best.name } }],
    };
  };
}

/** Step 2: read the first relative file the loaded body links to, if any. */
function readLinkedFile(request: FakeLlmRequest): FakeLlmResponse {
  const loaded = lastToolResult(request);
  const skill = /<skill name="([^"]+)"/.exec(loaded)?.[1];
  const link = /\]\(((?:references|assets|scripts)\/[^)\s]+)\)/.exec(loaded)?.[1];
  if (skill === undefined || link === undefined) return answer(request);
  return {
    text: `The body points to ${link}; reading it.`,
    toolCalls: [{ name: "read_skill_file", arguments: { skill_name: skill, path: link } }],
  };
}

function answer(request: FakeLlmRequest): FakeLlmResponse {
  const calls = toolMessages(request).length;
  return {
    text: `(A real model would now do the task by the skill's instructions; this fake one stops here, after reading ${calls} tool result${calls === 1 ? "" : "s"}.)`,
  };
}

function printEvent(io: CliIo, event: AgentEvent): void {
  if (event.type === "tool-start") {
    io.stdout(`\n→ ${event.call.name} ${escapeTerminalText(JSON.stringify(event.call.arguments))}\n`);
  } else if (event.type === "tool-end") {
    const lines = event.result.content.split("\n");
    const shown = lines.slice(0, PREVIEW_LINES).map((line) => `  │ ${escapeTerminalText(line)}`);
    io.stdout(`${shown.join("\n")}\n`);
    if (lines.length > PREVIEW_LINES) {
      io.stdout(
        `  │ … ${lines.length - PREVIEW_LINES} more lines (${event.result.content.length} characters)\n`,
      );
    }
  } else if (event.type === "turn-end" && event.toolCalls.length > 0 && event.text.trim() !== "") {
    io.stdout(`\nModel: ${escapeTerminalText(event.text)}\n`);
  }
}

function describeLayerOne(request: FakeLlmRequest): string {
  const system = systemPromptOf(request);
  const names = listedSkills(system).map((skill) => skill.name);
  return `Layer 1: the system prompt lists ${names.length} skills (${names.join(", ")}) in ${system.length} characters; no skill body yet.\n`;
}

interface ListedSkill {
  name: string;
  description: string;
}

/**
 * Reads Layer 1 back out of the system prompt: the `- name: description` lines of its reminder. A
 * name ends at the first ": " (an MCP skill's `<server>:<skill>` holds a colon of its own).
 */
function listedSkills(system: string): ListedSkill[] {
  const block = /<system-reminder>([\s\S]*?)<\/system-reminder>/.exec(system)?.[1] ?? "";
  const skills: ListedSkill[] = [];
  for (const match of block.matchAll(/^- (\S+?)(?:: (.*))?$/gm)) {
    skills.push({ name: match[1] ?? "", description: match[2] ?? "" });
  }
  return skills;
}

interface WireMessage {
  role?: string;
  content?: unknown;
}

function messagesOf(request: FakeLlmRequest): WireMessage[] {
  const messages = request.body.messages;
  return Array.isArray(messages) ? (messages as WireMessage[]) : [];
}

function systemPromptOf(request: FakeLlmRequest): string {
  const system = messagesOf(request).find((message) => message.role === "system");
  return typeof system?.content === "string" ? system.content : "";
}

function toolMessages(request: FakeLlmRequest): WireMessage[] {
  return messagesOf(request).filter((message) => message.role === "tool");
}

function lastToolResult(request: FakeLlmRequest): string {
  const last = toolMessages(request).at(-1);
  return typeof last?.content === "string" ? last.content : "";
}
