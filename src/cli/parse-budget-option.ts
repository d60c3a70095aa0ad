// `--budget <tokens>|none`, the Layer 1 budget option of `prompt`, `run` and `chat`.

import type { SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import { usageError } from "./parse-command-arguments.js";

/**
 * `--budget <tokens>|none` for prompt, run and chat: a positive whole number of tokens, or `none`
 * for the unbounded list; undefined when not given (the config's, else the default).
 */
export function parseBudgetOption(command: string, text: string | undefined): SkillCatalogBudget | undefined {
  if (text === undefined) return undefined;
  if (text === "none") return "none";
  const tokens = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(tokens) || tokens < 1) {
    throw usageError(command, `--budget must be a positive whole number of tokens or none, not '${text}'`);
  }
  return { tokens };
}
