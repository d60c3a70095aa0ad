// Decides which provider, model, base URL and key to use: flags > config file > environment > defaults.
// The environment is passed in as an object; the core never reads process.env itself.

import { SkillboxError } from "@skillbox/core/errors";

/** The two wire formats Skillbox speaks; `openai` covers every OpenAI-compatible server. */
export type ProviderKind = "openai" | "anthropic";

/** Model ids for the `model:` aliases skills may declare. */
export interface ModelAliases {
  haiku?: string;
  sonnet?: string;
  opus?: string;
}

/** Explicit choices (CLI flags or code); they win over everything else. */
export interface ProviderFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  supportsTools?: boolean;
}

/** The provider part of the config file, as the caller loaded it. Keys do not belong in files. */
export interface ProviderConfigFile {
  provider?: string;
  model?: string;
  baseUrl?: string;
  models?: ModelAliases;
  supportsTools?: boolean;
}

/** The variables read from the environment object handed in (e.g. `process.env` at the edge). */
export type ProviderEnvironment = Readonly<Record<string, string | undefined>>;

/** Where a resolved value came from, for `doctor`-style reports. */
export type ProviderSettingSource = "flag" | "config" | "env" | "default";

/** A complete provider configuration, ready for `createProvider`. */
export interface ResolvedProviderConfig {
  provider: ProviderKind;
  model: string;
  baseUrl: string;
  /** Absent when none was given; local servers need none. */
  apiKey?: string;
  models: ModelAliases;
  supportsTools: boolean;
  sources: {
    provider: ProviderSettingSource;
    model: ProviderSettingSource;
    baseUrl: ProviderSettingSource;
    apiKey?: ProviderSettingSource;
  };
}

export interface ResolveProviderConfigInput {
  flags?: ProviderFlags;
  config?: ProviderConfigFile;
  env?: ProviderEnvironment;
}

/** Built-in defaults per provider. */
export const PROVIDER_DEFAULTS: Record<
  ProviderKind,
  { baseUrl: string; model: string; models: ModelAliases }
> = {
  openai: { baseUrl: "https://api.openai.com/v1", model: "gpt-5-mini", models: {} },
  anthropic: {
    baseUrl: "https://api.anthropic.com",
    model: "claude-sonnet-5-5",
    models: { haiku: "claude-haiku-5-5", sonnet: "claude-sonnet-5-5", opus: "claude-opus-5-5" },
  },
};

const ENVIRONMENT_NAMES = {
  openai: { baseUrl: "OPENAI_BASE_URL", apiKey: "OPENAI_API_KEY" },
  anthropic: { baseUrl: "ANTHROPIC_BASE_URL", apiKey: "ANTHROPIC_API_KEY" },
} as const;

/**
 * Resolves the provider settings. The config file's model, base URL and aliases count only when
 * it names the same provider (or none), so `--provider anthropic` never inherits an Ollama URL.
 * Throws SkillboxError `config-error` for an unknown provider or a base URL that is not http(s).
 */
export function resolveProviderConfig(input: ResolveProviderConfigInput = {}): ResolvedProviderConfig {
  const flags = input.flags ?? {};
  const config = input.config ?? {};
  const env = input.env ?? {};
  const pick = <T>(...candidates: [ProviderSettingSource, T | undefined][]) =>
    candidates.find((candidate): candidate is [ProviderSettingSource, T] => isSet(candidate[1]));

  const [providerSource, providerName] = pick<string>(
    ["flag", flags.provider],
    ["config", config.provider],
    // An explicit base URL without a provider means an OpenAI-compatible server, whatever env says.
    ["env", isSet(flags.baseUrl) || isSet(config.baseUrl) ? undefined : inferProviderFromEnvironment(env)],
  ) ?? ["default", "openai"];
  const provider = parseProviderKind(providerName, providerSource);
  const fileApplies = !isSet(config.provider) || config.provider.trim().toLowerCase() === provider;
  const fileValue = <T>(value: T | undefined) => (fileApplies ? value : undefined);
  const defaults = PROVIDER_DEFAULTS[provider];
  const names = ENVIRONMENT_NAMES[provider];

  const [modelSource, model] = pick<string>(["flag", flags.model], ["config", fileValue(config.model)]) ?? [
    "default",
    defaults.model,
  ];
  const [baseUrlSource, baseUrl] = pick<string>(
    ["flag", flags.baseUrl],
    ["config", fileValue(config.baseUrl)],
    ["env", env[names.baseUrl]],
  ) ?? ["default", defaults.baseUrl];
  const apiKey = pick<string>(["flag", flags.apiKey], ["env", env[names.apiKey]]);
  const supportsTools = flags.supportsTools ?? fileValue(config.supportsTools) ?? true;

  const resolved: ResolvedProviderConfig = {
    provider,
    model: model.trim(),
    baseUrl: checkBaseUrl(baseUrl.trim(), baseUrlSource),
    models: { ...defaults.models, ...withoutEmpty(fileValue(config.models)) },
    supportsTools,
    sources: { provider: providerSource, model: modelSource, baseUrl: baseUrlSource },
  };
  if (apiKey) {
    resolved.apiKey = apiKey[1].trim();
    resolved.sources.apiKey = apiKey[0];
  }
  return resolved;
}

/**
 * The model for a skill's `model:` alias: `haiku`, `sonnet` and `opus` map to configured ids;
 * `inherit`, no alias, an unconfigured alias or an unknown value keep the current model.
 */
export function resolveModelAlias(
  alias: string | undefined,
  config: { models?: ModelAliases } | undefined,
  currentModel: string,
): string {
  if (alias !== "haiku" && alias !== "sonnet" && alias !== "opus") return currentModel;
  const model = config?.models?.[alias];
  return isSet(model) ? model : currentModel;
}

function inferProviderFromEnvironment(env: ProviderEnvironment): ProviderKind | undefined {
  const hasOpenAI = isSet(env.OPENAI_API_KEY) || isSet(env.OPENAI_BASE_URL);
  const hasAnthropic = isSet(env.ANTHROPIC_API_KEY) || isSet(env.ANTHROPIC_BASE_URL);
  // Only an unambiguous environment picks the provider; with both set, the openai default stands.
  return hasAnthropic && !hasOpenAI ? "anthropic" : undefined;
}

function parseProviderKind(name: string, source: ProviderSettingSource): ProviderKind {
  const normalized = name.trim().toLowerCase();
  if (normalized === "openai" || normalized === "anthropic") return normalized;
  throw new SkillboxError(
    "config-error",
    `Unknown provider "${name}" (from ${source}). Use "openai" for OpenAI and any OpenAI-compatible server (Ollama, vLLM, llama.cpp), or "anthropic".`,
    { data: { provider: name, source } },
  );
}

function checkBaseUrl(value: string, source: ProviderSettingSource): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported just below with the value and where it came from.
    url = undefined;
  }
  if (url && (url.protocol === "http:" || url.protocol === "https:")) return value.replace(/\/+$/, "");
  throw new SkillboxError(
    "config-error",
    `The base URL "${value}" (from ${source}) is not an http(s) URL. Use e.g. http://localhost:11434/v1 for Ollama or https://api.openai.com/v1.`,
    { data: { baseUrl: value, source } },
  );
}

function withoutEmpty(models: ModelAliases | undefined): ModelAliases {
  return Object.fromEntries(Object.entries(models ?? {}).filter(([, model]) => isSet(model)));
}

function isSet<T>(value: T | undefined): value is T {
  return value !== undefined && value !== null && (typeof value !== "string" || value.trim() !== "");
}
