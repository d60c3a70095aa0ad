// Plain checks of the config keys: every command reads the config, and a valid field (nearly all)
// needs no zod. A field these reject goes to its zod schema (config-field-schemas.ts), which decides
// and words the problem; so a check may send a valid value there, never pass an invalid one.
import { normalizeHookConfig } from "@skillbox/core/agent/hooks/normalize-hook-config";
import { readEmbeddingsSetting } from "@skillbox/core/registry/semantic/embeddings-config";
import { readStoreSetting } from "./resolve-configured-store.js";
import type { SkillboxConfig } from "./workspace.js";

type ConfigKey = keyof SkillboxConfig;

/** Every config key, in the order the unknown-key warning lists them (config-field-schemas.ts's). */
export const CONFIG_KEYS = [
  "roots",
  "extraRoots",
  "provider",
  "model",
  "baseUrl",
  "models",
  "prompt",
  "permissions",
  "hooks",
  "server",
  "trustedSymlinkTargets",
  "trustedProjects",
  "maxDepth",
  "maxDirectories",
  "mcpServers",
  "store",
  "suggestions",
  "embeddings",
] as const satisfies readonly ConfigKey[];

const KNOWN_KEYS: ReadonlySet<string> = new Set(CONFIG_KEYS);

/** True for a key of the config. */
export function isConfigKey(key: string): key is ConfigKey {
  return KNOWN_KEYS.has(key);
}

/**
 * `{ value }` with what the key's schema would give for `field` when the schema accepts it (the same
 * data, keys in the schema's order); undefined when the schema must look at it.
 */
export function readValidConfigField(key: ConfigKey, field: unknown): { value: unknown } | undefined {
  const value = CHECKS[key](field);
  return value === REJECTED ? undefined : { value };
}

const REJECTED = Symbol("rejected");
type Check = (field: unknown) => unknown;

const isText = (field: unknown): field is string => typeof field === "string";
const isFilled = (field: unknown): field is string => typeof field === "string" && field.length > 0;
const isPositiveInteger = (field: unknown) => Number.isSafeInteger(field) && (field as number) > 0;

/** A plain object whose own keys are all in `keys` (`__proto__` would be set, not copied, by zod). */
function isRecordOf(field: unknown, keys?: readonly string[]): field is Record<string, unknown> {
  if (typeof field !== "object" || field === null || Array.isArray(field)) return false;
  if (Object.getPrototypeOf(field) !== Object.prototype) return false;
  for (const key of Object.keys(field)) {
    if (key === "__proto__" || (keys !== undefined && !keys.includes(key))) return false;
  }
  return true;
}

const listOf =
  (isItem: (item: unknown) => boolean): Check =>
  (field) =>
    Array.isArray(field) && field.every(isItem) ? field : REJECTED;

const oneOf =
  (...allowed: unknown[]): Check =>
  (field) =>
    allowed.includes(field) ? field : REJECTED;

/** A partial strict object: the keys given, each passing its check, copied in the schema's order. */
const objectOf =
  (fields: Record<string, (item: unknown) => boolean>): Check =>
  (field) => {
    const keys = Object.keys(fields);
    if (!isRecordOf(field, keys)) return REJECTED;
    const copy: Record<string, unknown> = {};
    for (const key of keys) {
      if (!(key in field)) continue;
      if (!(fields[key] as (item: unknown) => boolean)(field[key])) return REJECTED;
      copy[key] = field[key];
    }
    return copy;
  };

const CHECKS: Record<ConfigKey, Check> = {
  roots: listOf(isFilled),
  extraRoots: listOf(isFilled),
  provider: oneOf("openai", "anthropic"),
  model: (field) => (isFilled(field) ? field : REJECTED),
  baseUrl: (field) => (isFilled(field) ? field : REJECTED),
  models: objectOf({ haiku: isText, sonnet: isText, opus: isText }),
  prompt: objectOf({
    format: (item) =>
      item === "xml" || item === "markdown" || item === "plain" || item === "available-skills",
    budgetTokens: (item) => item === "none" || isPositiveInteger(item),
  }),
  permissions: objectOf({
    allow: (item) => Array.isArray(item) && item.every(isText),
    ask: (item) => Array.isArray(item) && item.every(isText),
    deny: (item) => Array.isArray(item) && item.every(isText),
  }),
  hooks: (field) => {
    const { hooks, problems } = normalizeHookConfig(field);
    return hooks === undefined || problems.length > 0 ? REJECTED : hooks;
  },
  server: objectOf({
    port: (item) => Number.isSafeInteger(item) && (item as number) >= 0 && (item as number) <= 65535,
    host: isFilled,
  }),
  trustedSymlinkTargets: listOf(isFilled),
  trustedProjects: listOf(isFilled),
  maxDepth: (field) => (isPositiveInteger(field) ? field : REJECTED),
  maxDirectories: (field) => (isPositiveInteger(field) ? field : REJECTED),
  mcpServers: (field) => (isRecordOf(field) ? { ...field } : REJECTED),
  store: (field) => {
    const setting = readStoreSetting(field);
    return typeof setting === "string" ? REJECTED : setting;
  },
  suggestions: oneOf("auto", "on", "off"),
  embeddings: (field) => {
    const setting = readEmbeddingsSetting(field);
    return typeof setting === "string" ? REJECTED : setting;
  },
};
