// `createSkills`: skills for an agent you wrote yourself — a registry over your skill folders, the
// skill tools, the Layer 1 system-prompt block, and the tools in the shapes the Vercel AI SDK, the
// OpenAI SDK, the Anthropic SDK, the OpenAI Agents SDK, LangChain.js and Mastra take.

import {
  createSkillSuggester,
  type SkillSuggester,
  type SkillSuggestion,
  type SuggestionSetting,
} from "../agent/suggestions/create-skill-suggester.js";
import { readLayer1Coverage } from "../agent/suggestions/layer1-coverage.js";
import { renderSuggestionReminder } from "../agent/suggestions/suggestion-reminder.js";
import { createGuideSection, createSkillsSection, renderSystemPrompt } from "../agent/system-prompt.js";
import { SkillboxError } from "../errors.js";
import type { CatalogEntry } from "../prompt/catalog-entry.js";
import { renderSkillCatalog, type SkillCatalogOptions } from "../prompt/render-skill-catalog.js";
import { openSkillRegistry } from "../registry/open-skill-registry.js";
import type { SkillEntry } from "../registry/skill-entry.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { SkillWatcher } from "../registry/watch/watch-skills.js";
import { createSkillTools } from "../tools/create-skill-tools.js";
import type { Tool } from "../tools/define-tool.js";
import { createSessionLoadTracker, type SessionLoadTracker } from "../tools/session-loads.js";
import type { SubAgentRunner } from "../tools/sub-agent-runner.js";
import { type AiSdkHelpers, type AiSdkToolSet, toAiSdkTools } from "./ai-sdk-tools.js";
import { type AnthropicContentBlock, handleAnthropicToolUse, toAnthropicTools } from "./anthropic-tools.js";
import { type LangChainHelpers, toLangChainTools } from "./langchain-tools.js";
import { type MastraHelpers, toMastraTools } from "./mastra-tools.js";
import { type OpenAIAgentsHelpers, toOpenAIAgentsTools } from "./openai-agents-tools.js";
import { handleOpenAIToolCalls, type OpenAIToolCall, toOpenAITools } from "./openai-tools.js";
import type { ToolCallOptions } from "./run-tool-call.js";

/** Where skills come from and how the tools behave. Everything is optional. */
export interface CreateSkillsOptions {
  /** Skill folders (each holding `<name>/SKILL.md`), highest precedence first; they replace the default roots. */
  dirs?: readonly string[];
  /** Working folder for the default roots and relative `dirs`; default `process.cwd()`. */
  cwd?: string;
  /** Home folder for the default user roots (used only without `dirs`); default `os.homedir()`. */
  home?: string;
  /** Re-read skill folders on file changes (OS events, never keeping the process alive); default false. */
  watch?: boolean;
  /**
   * One conversation's id: repeated loads of the same skill in it return a short "already loaded"
   * note. Without it every load returns the full body (safe when one object serves many chats).
   */
  sessionId?: string;
  /** Runs `context: fork` skills (see createSubAgentRunner); without it they return an error result. */
  subAgentRunner?: SubAgentRunner;
  /**
   * Layer 1 options (format, budget, the model's `contextWindow`, translated `descriptions`...).
   * Without a budget, Layer 1 gets 2% of `contextWindow` (4,000 tokens when it is not given);
   * `budget: "none"` lists every skill.
   */
  catalog?: SkillCatalogOptions;
  /** Tool-call settings applied to every call (hooks, permissions, audit, cwd). */
  toolCalls?: Omit<ToolCallOptions, "sessionId">;
  /**
   * When `suggest` and `suggestionReminder` return skills: `auto` (default) while Layer 1 leaves
   * some skill without its own described line, `on` always, `off` never.
   */
  suggestions?: SuggestionSetting;
  /** Use an already built registry instead of `dirs` (the other location options are then ignored). */
  registry?: SkillRegistry;
}

/** Skills for your own agent loop. */
export interface Skills {
  readonly registry: SkillRegistry;
  /** The skill tools now (load_skill, read_skill_file, search_skills), or none when no skill may be loaded. */
  tools(): Tool[];
  /**
   * The Layer 1 block for your system prompt: when to load skills, and the list of skills. Empty
   * when there are no skills. Build it per request so edited skills show up.
   */
  systemPrompt(options?: { intro?: string }): string;
  /**
   * The skills that fit a user message, best first (at most 3), each with its description and a
   * confidence in [0, 1] that means the same at any library size; empty when nothing is confident
   * enough, or when the `suggestions` setting says no. A skill Layer 1 already describes is
   * suggested only when the match is strong. `exclude` skips skills (e.g. those already loaded).
   */
  suggest(text: string, options?: { exclude?: readonly string[] }): SkillSuggestion[];
  /**
   * The reminder to put after the user's message (a `<system-reminder>` block naming the suggested
   * skills), or "" when there is none: `${message}\n\n${reminder}`. Keep it in the user turn, not the
   * system prompt, so the prompt cache stays valid.
   */
  suggestionReminder(text: string, options?: { exclude?: readonly string[] }): string;
  /** The tools as a Vercel AI SDK ToolSet (needs the `ai` package installed). */
  aiSdkTools(options?: ToolCallOptions): AiSdkToolSet;
  /**
   * The tools for `client.chat.completions.create({ tools })`; undefined when there are none, since
   * the API rejects an empty `tools` array.
   */
  openaiTools(): ReturnType<typeof toOpenAITools> | undefined;
  /** Runs an assistant message's `tool_calls`; returns the tool messages to append. */
  handleToolCalls(
    toolCalls: readonly OpenAIToolCall[] | null | undefined,
    options?: ToolCallOptions,
  ): ReturnType<typeof handleOpenAIToolCalls>;
  /** The tools for `client.messages.create({ tools })`. */
  anthropicTools(): ReturnType<typeof toAnthropicTools>;
  /** Runs a response's `tool_use` blocks; returns the `tool_result` blocks for the next user message. */
  handleToolUse(
    content: readonly AnthropicContentBlock[],
    options?: ToolCallOptions,
  ): ReturnType<typeof handleAnthropicToolUse>;
  /** The tools for `new Agent({ tools })` of the OpenAI Agents SDK: pass `{ tool }` from `@openai/agents`. */
  openaiAgentsTools<AgentTool>(sdk: OpenAIAgentsHelpers<AgentTool>, options?: ToolCallOptions): AgentTool[];
  /** The tools for LangChain.js: pass `{ DynamicStructuredTool }` from `@langchain/core/tools`. */
  langchainTools<LangChainTool>(
    sdk: LangChainHelpers<LangChainTool>,
    options?: ToolCallOptions,
  ): LangChainTool[];
  /** The tools for a Mastra `Agent`, keyed by name: pass `{ createTool }` from `@mastra/core/tools`. */
  mastraTools<MastraTool>(
    sdk: MastraHelpers<MastraTool>,
    options?: ToolCallOptions,
  ): Record<string, MastraTool>;
  /** Stops watching and releases the registry. */
  close(): void;
}

/**
 * Builds skills from folders: `const skills = await createSkills({ dirs: ["./skills"] })`. Skill
 * folders are read on first use. It is async only to load the `ai` package when it is installed.
 */
export async function createSkills(options: CreateSkillsOptions = {}): Promise<Skills> {
  const ai = await loadAiSdk();
  const cwd = options.cwd ?? process.cwd();
  const ownsRegistry = options.registry === undefined;
  const registry =
    options.registry ??
    openSkillRegistry({
      cwd,
      ...(options.home === undefined ? {} : { home: options.home }),
      ...(options.dirs === undefined ? {} : { dirs: options.dirs }),
    });
  const sessionLoads: SessionLoadTracker =
    options.sessionId === undefined ? neverLoaded : createSessionLoadTracker();
  const tools = (): Tool[] =>
    createSkillTools({
      registry,
      sessionLoads,
      ...(options.subAgentRunner === undefined ? {} : { subAgentRunner: options.subAgentRunner }),
    });
  const callOptions = (extra: ToolCallOptions = {}): ToolCallOptions => ({
    ...options.toolCalls,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    ...extra,
  });
  let watcher: SkillWatcher | undefined =
    options.watch === true ? registry.watch({ persistent: false }) : undefined;
  // Layer 1 is rendered for every system prompt and every suggestion (which reads its coverage):
  // at 10,000 skills rendering costs more than the search itself. The text depends only on the
  // entries and the fixed options, so the last one is reused while the entries are the same (the
  // registry builds fresh entries each time, so they are compared field by field). A host's
  // `states` or `descriptions` can change between calls unseen: then it is rendered every time.
  const catalogOptions: SkillCatalogOptions = { countTokens: false, ...options.catalog };
  const reusable = catalogOptions.states === undefined && catalogOptions.descriptions === undefined;
  let rendered: { entries: SkillEntry[]; built: ReturnType<typeof renderSkillCatalog> } | undefined;
  const renderCatalog = () => {
    const entries = registry.catalogEntries();
    if (reusable && rendered !== undefined && sameEntries(rendered.entries, entries)) return rendered.built;
    const built = renderSkillCatalog(entries, catalogOptions);
    // A snapshot: a host's registry may hand back the same entry objects and change them later.
    if (reusable)
      rendered = { entries: entries.map((entry) => ({ ...entry, tags: [...entry.tags] })), built };
    return built;
  };
  let suggester: SkillSuggester | undefined;
  const suggest = (text: string, exclude: readonly string[] = []): SkillSuggestion[] => {
    suggester ??= createSkillSuggester({
      registry,
      setting: options.suggestions ?? "auto",
      cwd,
      layer1: () => readLayer1Coverage(renderCatalog()),
    });
    const skipped = new Set(exclude);
    return suggester.suggest(text, { exclude: (name) => skipped.has(name) });
  };

  return {
    registry,
    tools,
    systemPrompt(promptOptions = {}) {
      const current = tools();
      if (current.length === 0) return "";
      return renderSystemPrompt(
        [
          createGuideSection({ intro: promptOptions.intro ?? "" }),
          createSkillsSection(() => renderCatalog()?.text),
        ],
        { toolNames: current.map((tool) => tool.name), supportsTools: true },
      );
    },
    suggest: (text, suggestOptions) => suggest(text, suggestOptions?.exclude),
    suggestionReminder: (text, suggestOptions) =>
      tools().length === 0 ? "" : renderSuggestionReminder(suggest(text, suggestOptions?.exclude)),
    aiSdkTools(extra) {
      if (ai === undefined) {
        throw new SkillboxError(
          "config-error",
          'aiSdkTools() needs the Vercel AI SDK: install it with "npm install ai", or use toAiSdkTools(tools, ai).',
        );
      }
      return toAiSdkTools(tools, ai, callOptions(extra));
    },
    openaiTools() {
      const current = toOpenAITools(tools);
      return current.length === 0 ? undefined : current;
    },
    handleToolCalls: (toolCalls, extra) => handleOpenAIToolCalls(tools, toolCalls, callOptions(extra)),
    anthropicTools: () => toAnthropicTools(tools),
    handleToolUse: (content, extra) => handleAnthropicToolUse(tools, content, callOptions(extra)),
    openaiAgentsTools: (sdk, extra) => toOpenAIAgentsTools(tools, sdk, callOptions(extra)),
    langchainTools: (sdk, extra) => toLangChainTools(tools, sdk, callOptions(extra)),
    mastraTools: (sdk, extra) => toMastraTools(tools, sdk, callOptions(extra)),
    close() {
      watcher?.close();
      watcher = undefined;
      suggester?.close();
      if (ownsRegistry) registry.close();
    },
  };
}

// Every field an entry has or the renderer reads: a field added to either type must be listed here
// (or this fails to compile).
const ENTRY_FIELDS: Record<keyof SkillEntry | keyof CatalogEntry, true> = {
  name: true,
  description: true,
  whenToUse: true,
  tags: true,
  location: true,
  score: true,
  isNew: true,
  state: true,
  userInvocable: true,
  namespace: true,
  descriptionHidden: true,
};
const ENTRY_KEYS = Object.keys(ENTRY_FIELDS);

/** True when both lists hold equal entries in the same order (every field, tags item by item). */
function sameEntries(left: readonly SkillEntry[], right: readonly SkillEntry[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) {
    const a = left[index] as SkillEntry;
    const b = right[index] as SkillEntry;
    for (const key of ENTRY_KEYS) if (key !== "tags" && fieldOf(a, key) !== fieldOf(b, key)) return false;
    if (a.tags.length !== b.tags.length) return false;
    for (let at = 0; at < a.tags.length; at++) if (a.tags[at] !== b.tags[at]) return false;
  }
  return true;
}

function fieldOf(entry: object, key: string): unknown {
  return (entry as Record<string, unknown>)[key];
}

/** A tracker that remembers nothing, so every load returns the full body. */
const neverLoaded: SessionLoadTracker = {
  has: () => false,
  add: () => undefined,
  clear: () => undefined,
};

// A specifier in a variable: bundlers leave the optional SDK out instead of failing to resolve it,
// and this package's types never name `ai`'s.
const AI_SDK = "ai";

/**
 * The user's `ai` helpers, or undefined when the package is not installed. Typed `never` for the
 * schema: what `jsonSchema()` returns is opaque here (see AiSdkTool).
 */
async function loadAiSdk(): Promise<AiSdkHelpers<never> | undefined> {
  let module: { tool?: unknown; jsonSchema?: unknown };
  try {
    module = (await import(AI_SDK)) as typeof module;
  } catch {
    // The AI SDK is optional: without it only aiSdkTools() is unavailable, and it says so.
    return undefined;
  }
  if (typeof module.tool !== "function" || typeof module.jsonSchema !== "function") return undefined;
  return { tool: module.tool, jsonSchema: module.jsonSchema } as AiSdkHelpers<never>;
}
