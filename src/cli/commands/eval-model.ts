// `skillbox eval --model`: one agent turn per prompt with the real Layer 1, suggestions and tools,
// recording the first skill the model calls load_skill on. The load is stopped there, and no other
// tool but search_skills runs: an evaluation must not change files or run commands.

import { randomUUID } from "node:crypto";
import type { SuggestionSetting } from "@skillbox/core/agent/suggestions/create-skill-suggester";
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import type { LoadedCase } from "@skillbox/core/routing/score-activation-set";
import { LOAD_SKILL_TOOL, SEARCH_SKILLS_TOOL } from "@skillbox/core/tools/tool-names";
import {
  createSkillAgent,
  type SkillAgentProviderConfig,
} from "@skillbox/workspace/workspace/create-skill-agent";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { SourcedCase } from "./eval-sets.js";

export interface ModelEvalOptions {
  workspace: Workspace;
  providerConfig: SkillAgentProviderConfig;
  /** Model calls per prompt at most (a search, then a load, takes two). */
  maxSteps: number;
  catalogBudget?: SkillCatalogBudget | undefined;
  suggestions?: SuggestionSetting | undefined;
  signal?: AbortSignal | undefined;
  /** Told after each case (for progress). */
  onCase?: () => void;
}

const STOPPED = "skillbox eval records the skill you chose and stops here.";
const NOT_RUN =
  "skillbox eval runs no tool here besides search_skills: call load_skill with the skill that fits the request, or answer without one.";

/**
 * Runs each prompt as the first turn of a fresh session. Throws `provider-error` when a model call
 * fails for good (a wrong key or URL would fail every prompt alike), `aborted` on the signal.
 */
export async function runModelCases(
  cases: readonly SourcedCase[],
  options: ModelEvalOptions,
): Promise<LoadedCase[]> {
  const results: LoadedCase[] = [];
  for (const item of cases) {
    if (options.signal?.aborted) throw new SkillboxError("aborted", "Interrupted; no score was computed.");
    const loaded = await runOne(item, options);
    results.push({ ...item, loaded });
    options.onCase?.();
  }
  return results;
}

async function runOne(item: SourcedCase, options: ModelEvalOptions): Promise<string | null> {
  const { workspace } = options;
  const stop = new AbortController();
  const outer = options.signal;
  const forward = () => stop.abort();
  outer?.addEventListener("abort", forward, { once: true });
  const agent = createSkillAgent({
    workspace,
    providerConfig: options.providerConfig,
    sessionId: randomUUID(),
    maxSteps: options.maxSteps,
    ...(options.catalogBudget === undefined ? {} : { catalogBudget: options.catalogBudget }),
    ...(options.suggestions === undefined ? {} : { suggestions: options.suggestions }),
  });
  let loaded: string | null = null;
  agent.hooks.on(
    "pre-tool-use",
    (payload) => {
      if (payload.tool === SEARCH_SKILLS_TOOL) return undefined;
      if (payload.tool === LOAD_SKILL_TOOL) {
        const name = payload.input?.skill_name;
        if (loaded === null && typeof name === "string") {
          // A qualified name (`root:name`) counts as the skill it names.
          loaded = workspace.registry.get(name)?.name ?? name;
        }
        stop.abort();
        return { decision: "block", reason: STOPPED };
      }
      return { decision: "block", reason: NOT_RUN };
    },
    { source: "skillbox eval" },
  );
  try {
    const result = await agent.run(item.prompt, { signal: stop.signal });
    if (result.stoppedBy === "error") {
      throw new SkillboxError(
        "provider-error",
        `${result.error ?? "The model call failed"} (prompt at ${item.source}:${item.line}); check --provider, --base-url and the API key`,
      );
    }
    if (result.stoppedBy === "aborted" && outer?.aborted) {
      throw new SkillboxError("aborted", "Interrupted; no score was computed.");
    }
    return loaded;
  } finally {
    outer?.removeEventListener("abort", forward);
    await agent.close();
  }
}
