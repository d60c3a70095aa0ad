// Opens a skill agent for `skillbox run` and `skillbox chat`: provider flags over the config file
// over the environment, the workspace from `--dir`/`--cwd`, and createSkillAgent for the rest.

import { randomUUID } from "node:crypto";
import type { AgentEvent } from "@skillbox/agent/agent/agent-types";
import { parseSlashCommand } from "@skillbox/agent/agent/invocation/user-invocation";
import type { ResolvedProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { readTargetLanguage } from "@skillbox/agent/translate/translate-if-enabled";
import { HOOK_EVENT_NAMES, type HookFailure, parseHookEvent } from "@skillbox/core/agent/hooks/hook-events";
import { SkillboxError } from "@skillbox/core/errors";
import { suggestSkillNames } from "@skillbox/core/tools/suggest-skill-names";
import { createConfiguredTranslator } from "@skillbox/workspace/workspace/create-configured-translator";
import {
  type CreateSkillAgentOptions,
  createSkillAgent,
  type SkillAgent,
} from "@skillbox/workspace/workspace/create-skill-agent";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { AgentOptionValues } from "./agent-options.js";
import type { CliIo } from "./command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "./escape-terminal-text.js";
import { parseMcpTimeout } from "./mcp-options.js";
import { openCliWorkspace } from "./open-cli-workspace.js";
import { parseBudgetOption } from "./parse-budget-option.js";
import { usageError } from "./parse-command-arguments.js";
import { describeCliAllow } from "./permission-prompt.js";
import { resolveCliProvider } from "./resolve-cli-provider.js";

/** An open agent and what it was built from; `close` ends the session and closes the workspace. */
export interface CliAgent {
  agent: SkillAgent;
  workspace: Workspace;
  providerConfig: ResolvedProviderConfig;
  close(): Promise<void>;
}

/** Opens the workspace and the agent. Config problems are printed to stderr as warnings. */
export function openCliAgent(
  command: string,
  io: CliIo,
  values: AgentOptionValues,
  extra: Omit<CreateSkillAgentOptions, "workspace" | "providerConfig" | "sessionId" | "maxSteps"> = {},
): CliAgent {
  const maxSteps = parseMaxSteps(command, values["max-steps"]);
  const catalogBudget = parseBudgetOption(command, values.budget);
  const allow = parseAllowRules(command, values.allow);
  const mcpTimeoutMs = parseMcpTimeout(command, values["mcp-timeout"]);
  if (values.suggest && values["no-suggest"]) {
    throw usageError(command, "--suggest and --no-suggest contradict each other: give one");
  }
  const suggestions = values.suggest ? "on" : values["no-suggest"] ? "off" : undefined;
  const sessionId = randomUUID();
  const workspace = openCliWorkspace(command, io, values, { sessionId });
  try {
    for (const diagnostic of workspace.diagnostics) io.stderr(`${formatDiagnosticLine(diagnostic)}\n`);
    const { config } = workspace;
    const providerConfig = resolveCliProvider(values, values.model, config, io.env ?? process.env);
    // Layer 1 is translated by the translator the settings page uses (the configured provider and
    // model), so run and chat send what the page previews; without one, by the agent's own model.
    const configured =
      readTargetLanguage(workspace.settings) === undefined
        ? undefined
        : createConfiguredTranslator(workspace, io.env ?? process.env).translator;
    const agent = createSkillAgent({
      // A failed hook never stops anything, so without this line nobody would know it did not run.
      onHookFailure: (failure) => io.stderr(describeHookFailure(command, failure)),
      // MCP servers that failed, refused entries and refused reads: one escaped line each, as list prints them.
      onMcpDiagnostic: (diagnostic) => io.stderr(`${formatDiagnosticLine(diagnostic)}\n`),
      describeAllow: describeCliAllow,
      ...extra,
      allow,
      mcpTimeoutMs,
      workspace,
      providerConfig,
      sessionId,
      ...(maxSteps === undefined ? {} : { maxSteps }),
      ...(catalogBudget === undefined ? {} : { catalogBudget }),
      ...(suggestions === undefined ? {} : { suggestions }),
      ...(configured === undefined ? {} : { translator: configured }),
    });
    return {
      agent,
      workspace,
      providerConfig,
      async close() {
        try {
          await agent.close();
        } finally {
          workspace.close();
        }
      },
    };
  } catch (error) {
    workspace.close();
    throw error;
  }
}

/**
 * Checks that a `/name args` prompt names a known skill; throws `skill-not-found` with a
 * did-you-mean otherwise. Prompts that are no slash command pass (refusals come from the agent).
 */
export function checkSlashCommand(workspace: Workspace, prompt: string): void {
  const command = parseSlashCommand(prompt);
  if (command === undefined) return;
  const { registry } = workspace;
  if (registry.get(command.name) !== undefined) return;
  const names = registry
    .list({ includeShadowed: false })
    .filter((record) => registry.isUserInvocable(record))
    .map((record) => record.name);
  const close = suggestSkillNames(command.name, names);
  const hint =
    close.length > 0 ? ` Did you mean /${close.join(" or /")}?` : " Run skillbox list to see the skills.";
  throw new SkillboxError("skill-not-found", `No skill is named '${command.name}'.${hint}`, {
    data: { name: command.name },
  });
}

/** The `--allow` rules; an empty one is a usage error (it would read as allowing nothing, silently). */
function parseAllowRules(command: string, rules: string[] | undefined): string[] {
  const trimmed = (rules ?? []).map((rule) => rule.trim());
  if (trimmed.some((rule) => rule === "")) {
    throw usageError(command, '--allow needs a rule, e.g. --allow "Bash(git:*)" or --allow Read');
  }
  return trimmed;
}

function parseMaxSteps(command: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const steps = Number(text);
  if (!/^\d+$/.test(text) || steps < 1 || steps > 1000) {
    throw usageError(command, `--max-steps must be a whole number from 1 to 1000, not '${text}'`);
  }
  return steps;
}

/**
 * One line for a tool event, for progress on stderr: `› read_file {"path":"a.txt"}` when a call
 * starts, `  ✗ <reason>` when it failed, was denied or was blocked; undefined for other events.
 * Escaped: the model chooses the arguments and tools the results, so neither may drive the terminal.
 */
export function describeToolActivity(event: AgentEvent, agentName = "main"): string | undefined {
  const who = agentName === "main" ? "" : `[${agentName}] `;
  if (event.type === "tool-start") {
    return `${escapeTerminalLine(`${who}› ${event.call.name} ${shorten(JSON.stringify(event.call.arguments), 160)}`)}\n`;
  }
  if (event.type === "tool-end" && event.status !== "ok") {
    return `${escapeTerminalLine(`${who}  ✗ ${event.status}: ${shorten(event.result.content.replace(/\s+/g, " "), 200)}`)}\n`;
  }
  return undefined;
}

/**
 * One stderr line for a hook that failed (exit code other than 0 and 2, crash, timeout, bad JSON):
 * it was skipped, as in Claude Code, where only exit code 2 or a block decision blocks. The hook's
 * command and output come from a skill or a config, so the line is escaped.
 */
export function describeHookFailure(command: string, failure: HookFailure): string {
  const message = shorten(failure.message.replace(/\s+/g, " ").trim(), 240);
  const event = parseHookEvent(failure.event);
  if (event === undefined) return `skillbox ${command}: hooks: ${escapeTerminalLine(message)}\n`;
  const source = shorten(failure.source.replace(/\s+/g, " "), 80);
  return `skillbox ${command}: ${HOOK_EVENT_NAMES[event]} hook "${escapeTerminalLine(source)}" failed and was skipped: ${escapeTerminalLine(message)} (only exit code 2 or a block decision blocks)\n`;
}

function shorten(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
