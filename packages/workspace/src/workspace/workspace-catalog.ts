// Layer 1 for a workspace: the config's `prompt` defaults (format, budget), the model's context
// window and the person's translation setting, over the registry's entries. The settings page's
// preview, `skillbox prompt` and the agent's system prompt take their options from here, so they agree.

import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import type { TranslateCallOptions, Translator } from "@skillbox/agent/translate/create-translator";
import { renderTranslatedSkillCatalog } from "@skillbox/agent/translate/translate-skill-catalog";
import type { BuiltCatalog } from "@skillbox/core/prompt/budget";
import type { CatalogFormatName } from "@skillbox/core/prompt/catalog-format";
import { contextWindowOf } from "@skillbox/core/prompt/context-window";
import type { SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import type { SkillCatalogOptions } from "@skillbox/core/prompt/render-skill-catalog";
import type { SkillboxConfig, Workspace } from "./workspace.js";

/** What a caller may set over the config's defaults. */
export interface WorkspaceCatalogRequest {
  format?: CatalogFormatName;
  /** Over the config's `prompt.budgetTokens`; neither: the default for the model's context window. */
  budget?: SkillCatalogBudget;
  /** The model Layer 1 is for; its context window sets the default budget. */
  model?: string;
}

/** The Layer 1 options for a workspace's config, with the request's values winning. */
export function resolveWorkspaceCatalogOptions(
  config: SkillboxConfig,
  request: WorkspaceCatalogRequest = {},
): SkillCatalogOptions {
  const configured = config.prompt?.budgetTokens;
  const budget =
    request.budget ??
    (configured === undefined ? undefined : configured === "none" ? "none" : { tokens: configured });
  const contextWindow = contextWindowOf(request.model);
  return {
    format: request.format ?? config.prompt?.format ?? "xml",
    ...(budget === undefined ? {} : { budget }),
    ...(contextWindow === undefined ? {} : { contextWindow }),
  };
}

/**
 * The model `run` and `chat` would use with no flags (config, environment, provider default), for
 * the default budget of a preview; the config's `model` when the provider settings do not resolve.
 */
export function resolveConfiguredModel(
  config: SkillboxConfig,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  try {
    return resolveProviderConfig({
      config: {
        provider: config.provider,
        model: config.model,
        baseUrl: config.baseUrl,
        models: config.models,
      },
      env,
    }).model;
  } catch {
    // A broken provider setting is reported where a model is called; a preview still renders.
    return config.model;
  }
}

/** What renderWorkspaceCatalog takes besides the request. */
export interface RenderWorkspaceCatalogOptions extends WorkspaceCatalogRequest, TranslateCallOptions {
  /** Translates descriptions when the settings turn translation on; none: originals. */
  translator?: Translator | undefined;
}

/** The workspace's Layer 1 as the model gets it, translated when the settings ask for it; undefined when no skill is listed. */
export async function renderWorkspaceCatalog(
  workspace: Pick<Workspace, "config" | "registry" | "settings">,
  options: RenderWorkspaceCatalogOptions = {},
): Promise<BuiltCatalog | undefined> {
  const { translator, signal, ...request } = options;
  return renderTranslatedSkillCatalog(
    workspace.registry.catalogEntries(),
    resolveWorkspaceCatalogOptions(workspace.config, request),
    { translator, settings: workspace.settings },
    signal === undefined ? {} : { signal },
  );
}
