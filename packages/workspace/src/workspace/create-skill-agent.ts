// The composition of a full skill agent over a workspace: provider, skill tools with a sub-agent
// runner, built-in tools rooted at the working folder, the task tool, hooks and permissions from
// the config, the SQLite audit log, and the skills list (Layer 1) rebuilt every turn. Front ends (CLI, server)
// only adapt it to their medium.

import { join } from "node:path";
import type { Agent, AgentEvent, AgentOptions } from "@skillbox/agent/agent/agent-types";
import type { CompactionOptions } from "@skillbox/agent/agent/compaction/compact-history";
import { createAgent } from "@skillbox/agent/agent/create-agent";
import { type CreateProviderOptions, createProvider } from "@skillbox/agent/agent/providers/create-provider";
import {
  type ResolvedProviderConfig,
  resolveModelAlias,
} from "@skillbox/agent/agent/providers/resolve-provider-config";
import { createSubAgentRunner } from "@skillbox/agent/agent/sub-agents/create-sub-agent-runner";
import { createTaskTool } from "@skillbox/agent/agent/sub-agents/task-tool";
import { createTranslator, type Translator } from "@skillbox/agent/translate/create-translator";
import { translateSkillCatalog } from "@skillbox/agent/translate/translate-skill-catalog";
import {
  createHookBus,
  type HookBus,
  type HookConfig,
  type HookFailure,
} from "@skillbox/core/agent/hooks/hooks";
import {
  type AllowAdvice,
  createPermissionPolicy,
  type PermissionAnswer,
  type PermissionPolicy,
  type PermissionQuestion,
} from "@skillbox/core/agent/permissions/permissions";
import type { ChatProvider } from "@skillbox/core/agent/providers/provider";
import {
  createSkillSuggester,
  type SuggestionSetting,
} from "@skillbox/core/agent/suggestions/create-skill-suggester";
import { readLayer1Coverage } from "@skillbox/core/agent/suggestions/layer1-coverage";
import { createGuideSection, createSkillsSection } from "@skillbox/core/agent/system-prompt";
import type { BuiltCatalog } from "@skillbox/core/prompt/budget";
import type { SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { createSessionCatalogOrder } from "@skillbox/core/prompt/session-catalog-order";
import type { SkillWatcher } from "@skillbox/core/registry/watch/watch-skills";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { createBuiltinTools } from "@skillbox/core/tools/builtin/create-builtin-tools";
import { createSkillTools } from "@skillbox/core/tools/create-skill-tools";
import type { Tool } from "@skillbox/core/tools/define-tool";
import { createSessionLoadTracker } from "@skillbox/core/tools/session-loads";
import type { SubAgentRunner } from "@skillbox/core/tools/sub-agent-runner";
import { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
import { createNodeMcpConnector, type McpConnector } from "@skillbox/mcp-host/mcp-host/connect-mcp-server";
import { mcpCodeExecutionOrigin } from "@skillbox/mcp-host/mcp-host/gate-code-execution";
import { mcpCatalogEntries } from "@skillbox/mcp-host/mcp-host/mcp-catalog-entries";
import { parseMcpServersConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";
import {
  createMcpSkillApprovals,
  createSettingsApprovalStorage,
  createUnconfirmedApprovalStorage,
} from "@skillbox/mcp-host/mcp-host/mcp-skill-approvals";
import { createMcpSkillHost, type McpSkillHost } from "@skillbox/mcp-host/mcp-host/mcp-skill-host";
import { mcpUserInvocation } from "@skillbox/mcp-host/mcp-host/mcp-user-invocation";
import { createVerifiedFileCache } from "@skillbox/mcp-host/mcp-host/verified-file-cache";
import { reservedMcpLabels, withMcpSkills } from "./with-mcp-skills.js";
import type { Workspace } from "./workspace.js";
import { resolveWorkspaceCatalogOptions } from "./workspace-catalog.js";

/** What the provider part needs: a resolved configuration (see resolveProviderConfig). */
export type SkillAgentProviderConfig = Pick<
  ResolvedProviderConfig,
  "provider" | "model" | "baseUrl" | "apiKey" | "supportsTools" | "models"
>;

/** Everything `createSkillAgent` takes. Only `workspace` and `providerConfig` are required. */
export interface CreateSkillAgentOptions {
  workspace: Workspace;
  providerConfig: SkillAgentProviderConfig;
  /** A ready provider to use instead of building one from `providerConfig` (custom transports). */
  provider?: ChatProvider;
  /** Retries, timeout and fetch for the provider built from `providerConfig`. */
  connection?: CreateProviderOptions;
  /** Model calls per run; default 25. */
  maxSteps?: number;
  maxTokens?: number;
  sessionId?: string;
  /** Events of the main agent (text deltas for streaming, tool calls, the end of a run). */
  onEvent?: (event: AgentEvent) => void;
  /** Events of sub-agents (forked skills, the task tool), tagged with the sub-agent's name. */
  onSubAgentEvent?: (event: AgentEvent, agentName: string) => void;
  /**
   * Asked for `ask` decisions (bash and other code-running tools by default, and `ask` rules);
   * without it (headless) such calls are denied with a hint saying what allows them.
   */
  onAsk?: (question: PermissionQuestion) => Promise<PermissionAnswer>;
  /** Allow rules on top of the config's `permissions.allow` (the CLI's `--allow`). */
  allow?: readonly string[];
  /** The end of a refusal's hint, after "To allow it, " (see PermissionPolicyOptions.describeAllow). */
  describeAllow?: (advice: AllowAdvice) => string;
  /** Told about each hook that failed (and unknown hook events in the config). */
  onHookFailure?: (failure: HookFailure) => void;
  /** Extra environment for command hooks. */
  hookEnv?: NodeJS.ProcessEnv;
  /** Watch the skill folders so edits and new skills reach the next turn; default false. */
  watch?: boolean;
  /** Built-in tools to leave out, by name (e.g. `["bash"]`). */
  excludeTools?: readonly string[];
  /** More tools for the agent and its sub-agents. */
  extraTools?: readonly Tool[];
  /** The system prompt's opening line; default names the working folder. */
  intro?: string;
  /** Layer 1's budget over the config's `prompt.budgetTokens` (`none`: every skill); default: 2% of the model's context window. */
  catalogBudget?: SkillCatalogBudget;
  /** Translates Layer 1's descriptions when the settings turn translation on; default: this agent's provider and model. */
  translator?: Translator;
  compaction?: CompactionOptions | false;
  /**
   * Skill suggestions in each user turn, over the config's `suggestions` (default `auto`: while
   * Layer 1 leaves some skill without its own described line). The CLI's `--suggest`/`--no-suggest`.
   */
  suggestions?: SuggestionSetting;
  /** Connects the config's `mcpServers`; default the Node connector (stdio, HTTP, SSE). */
  mcpConnector?: McpConnector;
  /** Per MCP server, to connect and list its skills; default DEFAULT_MCP_TIMEOUT_MS (10 s), as for `list`. */
  mcpTimeoutMs?: number;
  /** Told about bad `mcpServers` entries, servers that could not be used, refused entries and refused reads (warnings). */
  onMcpDiagnostic?: (diagnostic: Diagnostic) => void;
}

/** An agent session with everything it was built from, for front ends that need to look inside. */
export interface SkillAgent extends Agent {
  readonly model: string;
  readonly provider: ChatProvider;
  readonly hooks: HookBus;
  readonly permissions: PermissionPolicy;
  readonly subAgents: SubAgentRunner;
  /** The tools the next run offers (skill tools appear once a skill may be loaded). */
  tools(): Tool[];
  /** Ends the session (session-end hooks), stops watching and drops the config hooks. The workspace stays open. */
  close(reason?: string): Promise<void>;
}

/**
 * Builds the agent. Throws SkillboxError `config-error` when the provider cannot be built (an
 * official endpoint without a key). Nothing is sent until `run`.
 */
export function createSkillAgent(options: CreateSkillAgentOptions): SkillAgent {
  const { workspace, providerConfig } = options;
  const { registry, config } = workspace;
  const provider =
    options.provider ??
    createProvider(
      {
        provider: providerConfig.provider,
        baseUrl: providerConfig.baseUrl,
        supportsTools: providerConfig.supportsTools,
        ...(providerConfig.apiKey === undefined ? {} : { apiKey: providerConfig.apiKey }),
      },
      options.connection,
    );
  const model = providerConfig.model;
  const cwd = workspace.cwd;

  const hooks = createHookBus({
    cwd,
    // A skill's hooks are code from its author: they run only for skills the person trusts.
    trustsSkill: (name) => workspace.scriptsAllowed(name),
    ...(options.hookEnv === undefined ? {} : { env: options.hookEnv }),
    ...(options.onHookFailure === undefined ? {} : { onFailure: options.onHookFailure }),
  });
  const disposeConfigHooks = hooks.registerConfig((config.hooks ?? {}) as HookConfig);
  // With no one to ask, a load goes ahead but is not stored as the person's approval.
  const approvalStorage = createSettingsApprovalStorage(workspace.settings);
  const mcpApprovals = createMcpSkillApprovals(
    options.onAsk === undefined ? createUnconfirmedApprovalStorage(approvalStorage) : approvalStorage,
  );
  const permissions = createPermissionPolicy({
    ...config.permissions,
    allow: [...(config.permissions?.allow ?? []), ...(options.allow ?? [])],
    root: cwd,
    // "Allow scripts" in the settings is the person's trust in a skill to run code.
    trustsSkill: (name) => workspace.scriptsAllowed(name),
    ...(options.onAsk === undefined ? {} : { onAsk: options.onAsk }),
    ...(options.describeAllow === undefined ? {} : { describeAllow: options.describeAllow }),
    // While a session acts on an MCP skill, code-running calls get one question naming it, whatever
    // the rules allow; "always" is kept with the skill's approval, bound to its content.
    untrustedOrigin: mcpCodeExecutionOrigin({
      activeSkills: (session) => mcpHost?.activeSkills(session) ?? [],
      approvals: mcpApprovals,
    }),
  });

  // Skills from the config's MCP servers: the host connects in the background and each run waits for it.
  const mcpConfig = parseMcpServersConfig(config.mcpServers, {
    reservedLabels: reservedMcpLabels(workspace.roots),
  });
  for (const diagnostic of mcpConfig.diagnostics) options.onMcpDiagnostic?.(diagnostic);
  const onAsk = options.onAsk;
  // MCP skills' states are kept by `<label>:<name>`, like local skills' by name.
  const stateOf = (name: string) => workspace.stateOf(name);
  let mcpHost: McpSkillHost | undefined;
  let mcpServerTools: Tool[] = [];
  const mcpReady: Promise<void> | undefined =
    mcpConfig.servers.length === 0
      ? undefined
      : createMcpSkillHost({
          servers: mcpConfig.servers,
          connect: options.mcpConnector ?? createNodeMcpConnector(),
          cache: createVerifiedFileCache(join(workspace.home, ".skillbox", "mcp-cache")),
          ...(options.mcpTimeoutMs === undefined ? {} : { timeoutMs: options.mcpTimeoutMs }),
          // In the settings store, so consent to a skill's content outlives this process (and is shared in fleet mode).
          approvals: mcpApprovals,
          ...(options.onMcpDiagnostic === undefined ? {} : { onDiagnostic: options.onMcpDiagnostic }),
          ...(onAsk === undefined
            ? {}
            : {
                askToLoad: async ({ entry, changed }) =>
                  (await onAsk({
                    tool: LOAD_SKILL_TOOL,
                    input: { skill_name: entry.name },
                    message: `Load the skill "${entry.name}" from the MCP server "${entry.label}"${changed ? " (its content changed since you approved it)" : ""}?`,
                    suggestedRules: [],
                  })) !== false,
              }),
        })
          .then(async (host) => {
            mcpHost = host;
            mcpServerTools = await host.serverTools();
          })
          .catch((error: unknown) => {
            options.onMcpDiagnostic?.({
              severity: "warning",
              code: "mcp-server-unavailable",
              message: `MCP servers could not be used: ${error instanceof Error ? error.message : String(error)}`,
              path: "mcpServers",
            });
          });
  const builtins = createBuiltinTools({
    root: cwd,
    onPathsTouched: (paths) => void registry.activateForPaths(paths),
    exclude: [...(options.excludeTools ?? [])],
  });
  const extraTools = [...(options.extraTools ?? [])];
  const sessionLoads = createSessionLoadTracker();
  // Created once: tools are rebuilt per run, but the runner and its depth tracking are shared.
  const subAgents: SubAgentRunner = createSubAgentRunner({
    providerFor: (alias) => ({ provider, model: resolveModelAlias(alias, providerConfig, model) }),
    tools: () => [...builtins, ...skillTools(), ...extraTools, ...mcpServerTools],
    hooks,
    audit: workspace.audit,
    permissions,
    cwd,
    ...(options.onSubAgentEvent === undefined ? {} : { onEvent: options.onSubAgentEvent }),
    ...(options.compaction === undefined ? {} : { compaction: options.compaction }),
  });
  // Layer 1 and load_skill's list keep the order they had at the session's first turn (usage moves
  // scores every turn, and a reordered prompt defeats the provider's prompt cache); skills added
  // later go last.
  const sessionOrder = createSessionCatalogOrder();
  // The registry carries the workspace's skill states, so the skill tools need nothing more.
  const skillTools = (): Tool[] => {
    const local = createSkillTools({
      registry,
      subAgentRunner: subAgents,
      sessionLoads,
      orderEntries: sessionOrder,
    });
    return mcpHost === undefined ? local : withMcpSkills(local, mcpHost, stateOf);
  };
  const taskTool: Tool = createTaskTool({ runner: subAgents });
  const currentTools = (): Tool[] => [
    ...builtins,
    ...skillTools(),
    taskTool,
    ...extraTools,
    ...mcpServerTools,
  ];

  // Layer 1 as the settings page previews it: the config's defaults, the default budget for this
  // model's context window, and translations when the settings ask for them. They are fetched
  // before each run (a model call); the section then renders them every turn without waiting.
  const catalog = resolveWorkspaceCatalogOptions(config, {
    model,
    ...(options.catalogBudget === undefined ? {} : { budget: options.catalogBudget }),
  });
  const translation = {
    translator: options.translator ?? createTranslator({ provider, model, cache: workspace.cache }),
    settings: workspace.settings,
  };
  let translated: ReadonlyMap<string, string> | undefined;
  const translateCatalog = async (signal: AbortSignal | undefined) => {
    const entries = sessionOrder(registry.catalogEntries());
    const options = { ...catalog, order: "given" as const };
    translated = await translateSkillCatalog(entries, options, translation, signal ? { signal } : {});
  };
  const buildCatalog = (): BuiltCatalog | undefined =>
    renderSkillCatalog(
      sessionOrder(
        mcpHost === undefined
          ? registry.catalogEntries()
          : [...registry.catalogEntries(), ...mcpCatalogEntries(mcpHost.entries(), stateOf)],
      ),
      {
        ...catalog,
        order: "given",
        countTokens: false,
        ...(translated === undefined ? {} : { descriptions: translated }),
      },
    );
  // Layer 1 as built for this turn's suggestions, taken by the turn's first request instead of
  // building it twice: the same inputs an instant later, so the same bytes.
  let builtForTurn: BuiltCatalog | undefined;
  const renderCatalog = () => {
    const built = builtForTurn ?? buildCatalog();
    builtForTurn = undefined;
    return built?.text;
  };
  const suggestionSetting = options.suggestions ?? config.suggestions ?? "auto";
  const suggester =
    suggestionSetting === "off"
      ? undefined
      : createSkillSuggester({
          registry,
          setting: suggestionSetting,
          cwd,
          layer1: () => {
            builtForTurn = buildCatalog();
            return readLayer1Coverage(builtForTurn);
          },
        });
  let sessionId = options.sessionId;
  const agentOptions: AgentOptions = {
    provider,
    model,
    // A getter: the loop reads the tools at the start of each run, so skills added mid-session
    // bring the skill tools with them.
    get tools() {
      return currentTools();
    },
    systemSections: [
      createGuideSection(options.intro === undefined ? { workspace: cwd } : { intro: options.intro }),
      createSkillsSection(renderCatalog),
    ],
    hooks,
    permissions,
    audit: workspace.audit,
    cwd,
    skills: registry,
    ...(suggester === undefined ? {} : { suggestions: suggester }),
    subAgents,
    userInvocation: {
      // A getter: the settings page may switch shell lines on or off while a chat is open.
      get allowShellCommands() {
        return workspace.settings.readSkillSettings().settings.allowShellInjection;
      },
      // `/label:name args` loads an MCP skill through the host's verified path.
      external: mcpUserInvocation(() => mcpHost, stateOf),
    },
    onEvent: (event) => {
      // Compaction may drop bodies it could not re-attach, so a repeated load must send them again.
      if (event.type === "compacted" && sessionId !== undefined) sessionLoads.clear(sessionId);
      options.onEvent?.(event);
    },
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    ...(options.compaction === undefined ? {} : { compaction: options.compaction }),
  };
  const agent = createAgent(agentOptions);
  sessionId = agent.sessionId;
  let watcher: SkillWatcher | undefined = options.watch === true ? registry.watch() : undefined;

  return {
    get sessionId() {
      return agent.sessionId;
    },
    get agentName() {
      return agent.agentName;
    },
    get messages() {
      return agent.messages;
    },
    async run(input, runOptions) {
      await mcpReady;
      await translateCatalog(runOptions?.signal);
      builtForTurn = undefined;
      return agent.run(input, runOptions);
    },
    compact: () => agent.compact(),
    model,
    provider,
    hooks,
    permissions,
    subAgents,
    tools: currentTools,
    async close(reason) {
      watcher?.close();
      watcher = undefined;
      suggester?.close();
      try {
        await agent.close(reason);
      } finally {
        disposeConfigHooks();
        await mcpReady;
        await mcpHost?.close();
      }
    },
  };
}
