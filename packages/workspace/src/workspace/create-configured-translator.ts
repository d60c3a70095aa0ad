// The translator for skill descriptions when the config names a provider; none (and no error)
// otherwise. `skillbox serve`, `prompt` and `list` use it, so they translate with the same model.

import { createProvider } from "@skillbox/agent/agent/providers/create-provider";
import { resolveProviderConfig } from "@skillbox/agent/agent/providers/resolve-provider-config";
import { createTranslator, type Translator } from "@skillbox/agent/translate/create-translator";
import { describeError } from "@skillbox/core/errors";
import type { Workspace } from "./workspace.js";

/** A translator, or why there is none (undefined reason: no provider is configured at all). */
export interface ConfiguredTranslator {
  translator?: Translator;
  /** Set when a provider is configured but cannot be used. */
  problem?: string;
}

/**
 * Builds a translator from the config's `provider`/`model`/`baseUrl` and the API key variables.
 * Without a configured provider there is nothing to translate with, and texts stay as written.
 */
export function createConfiguredTranslator(
  workspace: Pick<Workspace, "config" | "cache">,
  env: Readonly<Record<string, string | undefined>>,
): ConfiguredTranslator {
  const { config } = workspace;
  if (config.provider === undefined) return {};
  try {
    const resolved = resolveProviderConfig({
      config: {
        provider: config.provider,
        ...(config.model === undefined ? {} : { model: config.model }),
        ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
      },
      env,
    });
    const provider = createProvider(resolved);
    return { translator: createTranslator({ provider, model: resolved.model, cache: workspace.cache }) };
  } catch (error) {
    return { problem: `descriptions stay untranslated: ${describeError(error)}` };
  }
}
