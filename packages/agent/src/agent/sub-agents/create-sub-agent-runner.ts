// The agent's implementation of tools/' SubAgentRunner, shared by the main agent, sub-agents,
// teammates and background agents: a fresh context whose system prompt is a forked skill's body
// (or a general task), limited tools, a step limit, and a result that is never lost.
import { AsyncLocalStorage } from "node:async_hooks";
import type { HookBus, HookOutcome } from "@skillbox/core/agent/hooks/hooks";
import type { PermissionPolicy, PermissionScope } from "@skillbox/core/agent/permissions/permissions";
import type { ChatProvider } from "@skillbox/core/agent/providers/provider";
import { createTextSection } from "@skillbox/core/agent/system-prompt";
import type { AuditLog } from "@skillbox/core/store/audit-log";
import type { Tool, ToolResult } from "@skillbox/core/tools/define-tool";
import { toolError } from "@skillbox/core/tools/define-tool";
import {
  clampSubAgentSteps,
  type SubAgentRequest,
  type SubAgentRunner,
} from "@skillbox/core/tools/sub-agent-runner";
import type { AgentEvent } from "../agent-types.js";
import type { CompactionOptions } from "../compaction/compact-history.js";
import { createAgent } from "../create-agent.js";
import { formatSubAgentResult } from "./format-sub-agent-result.js";
import { selectSubAgentTools } from "./select-sub-agent-tools.js";

/** A provider and the model id to ask it for. */
export interface ProviderChoice {
  provider: ChatProvider;
  model: string;
}

export interface SubAgentRunnerOptions {
  /** Maps a skill's `model` (an alias, a model id, or undefined for the default) to a provider and model. */
  providerFor(modelAlias?: string): ProviderChoice;
  /** The tools sub-agents choose from; a function is called per run (tools may change). */
  tools: readonly Tool[] | (() => readonly Tool[]);
  hooks?: HookBus;
  audit?: AuditLog;
  permissions?: PermissionPolicy;
  cwd?: string;
  /** Events of every sub-agent run, tagged with the sub-agent's name. */
  onEvent?: (event: AgentEvent, agentName: string) => void;
  /** How deep sub-agents may nest (a fork that loads a fork …); default 3. */
  maxDepth?: number;
  compaction?: CompactionOptions | false;
}

/** Creates the shared runner: each run is a fresh agent, nested at most `maxDepth` levels. */
export function createSubAgentRunner(options: SubAgentRunnerOptions): SubAgentRunner {
  const depth = new AsyncLocalStorage<number>();
  const maxDepth = options.maxDepth ?? 3;
  return {
    async run(request) {
      const level = (depth.getStore() ?? 0) + 1;
      if (level > maxDepth) {
        return toolError(`Sub-agents can nest only ${maxDepth} levels deep; do this work directly instead.`);
      }
      return depth.run(level, () => runOnce(request, options));
    },
  };
}

async function runOnce(request: SubAgentRequest, options: SubAgentRunnerOptions): Promise<ToolResult> {
  const maxSteps = clampSubAgentSteps(request.maxSteps);
  const agentName = request.skillName === undefined ? "sub-agent" : `sub-agent:${request.skillName}`;
  const sessionId = request.sessionId ?? "sub-agent";
  const task = request.task?.trim() || "Carry out the instructions of the skill above and report the result.";
  const hookBase = { sessionId, agentName, cwd: options.cwd, skill: request.skillName, task };
  const report = (outcome: HookOutcome | undefined): HookOutcome | undefined => {
    for (const failure of outcome?.failures ?? [])
      options.onEvent?.({ type: "hook-failed", failure }, agentName);
    return outcome;
  };
  const start = report(await options.hooks?.emit("subagent-start", hookBase, { signal: request.signal }));
  if (start?.blocked) {
    return toolError(`A hook stopped the sub-agent: ${start.blocked.reason}`, { auditStatus: "blocked" });
  }
  if (request.skillName !== undefined) {
    report(await options.hooks?.emit("skill-load", hookBase, { signal: request.signal }));
  }
  let choice: ProviderChoice;
  try {
    choice = options.providerFor(request.model);
  } catch (error) {
    return toolError(
      `No model is available for the sub-agent${request.model ? ` (model "${request.model}")` : ""}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const available = typeof options.tools === "function" ? options.tools() : options.tools;
  const selected = selectSubAgentTools(available, request.allowedTools, request.disallowedTools);
  const scopes: PermissionScope[] = [];
  if (
    request.skillName !== undefined &&
    ((request.allowedTools?.length ?? 0) > 0 || (request.disallowedTools?.length ?? 0) > 0)
  ) {
    scopes.push({
      skill: request.skillName,
      allowedTools: request.allowedTools ?? [],
      disallowedTools: request.disallowedTools ?? [],
      restrict: (request.allowedTools?.length ?? 0) > 0,
    });
  }
  const disposeHooks =
    request.hooks !== undefined && options.hooks !== undefined
      ? options.hooks.registerScoped(request.hooks, {
          skill: request.skillName,
          skillDirectory: request.baseDirectory,
          cwd: options.cwd,
        })
      : () => undefined;
  try {
    const agent = createAgent({
      provider: choice.provider,
      model: choice.model,
      tools: selected.tools,
      systemSections: [createTextSection("sub-agent", buildSubAgentPrompt(request))],
      maxSteps,
      hooks: options.hooks,
      // Without a policy the agent makes its default one, so the skill's restriction still holds.
      permissions: options.permissions,
      permissionScopes: scopes,
      audit: options.audit,
      sessionId,
      agentName,
      cwd: options.cwd,
      lifecycleHooks: false,
      compaction: options.compaction,
      onEvent: options.onEvent === undefined ? undefined : (event) => options.onEvent?.(event, agentName),
    });
    const run = await agent.run(task, { signal: request.signal });
    const result = formatSubAgentResult(run, {
      skillName: request.skillName,
      maxSteps,
      model: choice.model,
      unknownTools: selected.unknown,
    });
    report(
      await options.hooks?.emit("subagent-stop", {
        ...hookBase,
        result: result.content,
        stoppedBy: run.stoppedBy,
      }),
    );
    return result;
  } finally {
    disposeHooks();
  }
}

/** The sub-agent's system prompt: the skill body with its base directory, or a general brief. */
export function buildSubAgentPrompt(request: SubAgentRequest): string {
  const closing =
    "When you are done, reply with the final result as plain text: it is returned to the agent that started you, " +
    "which cannot see your tool calls. Be complete but concise.";
  if (request.skillName === undefined || request.body === undefined) {
    return `You are a sub-agent working on one self-contained task in a fresh context. Use your tools as needed.\n${closing}`;
  }
  const lines = [
    `You are a sub-agent running the skill "${request.skillName}" in a fresh context; you cannot see the conversation that started you.`,
  ];
  if (request.baseDirectory !== undefined) {
    lines.push(
      `Base directory for this skill: ${request.baseDirectory}`,
      "Relative paths in the skill refer to this directory.",
    );
  }
  return `${lines.join("\n")}\n\n${request.body.trim()}\n\n${closing}`;
}
