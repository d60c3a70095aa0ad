// run, chat and eval --model pick their provider the same way: flags first, then the config's
// provider keys, then the environment.

import {
  type ProviderConfigFile,
  type ProviderEnvironment,
  type ResolvedProviderConfig,
  resolveProviderConfig,
} from "@skillbox/agent/agent/providers/resolve-provider-config";

/** The provider flags as parseArgs returns them; the model flag's name varies (`--model`, `--model-id`). */
interface ProviderFlagValues {
  provider?: string | undefined;
  "base-url"?: string | undefined;
  "api-key"?: string | undefined;
}

/** Resolves the provider from a command's flags (`model` is the model flag's value) and the config. */
export function resolveCliProvider(
  values: ProviderFlagValues,
  model: string | undefined,
  config: ProviderConfigFile,
  env: ProviderEnvironment,
): ResolvedProviderConfig {
  return resolveProviderConfig({
    flags: { provider: values.provider, model, baseUrl: values["base-url"], apiKey: values["api-key"] },
    config: {
      provider: config.provider,
      model: config.model,
      baseUrl: config.baseUrl,
      models: config.models,
    },
    env,
  });
}
