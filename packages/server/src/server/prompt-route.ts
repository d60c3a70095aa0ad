// `GET /api/prompt`: the Layer 1 block for the current states and settings, its token count and stats.

import type { CatalogStats } from "@skillbox/core/prompt/budget";
import { type CatalogFormatName, isCatalogFormatName } from "@skillbox/core/prompt/catalog-format";
import type { SkillCatalogBudget } from "@skillbox/core/prompt/default-catalog-budget";
import {
  renderWorkspaceCatalog,
  resolveConfiguredModel,
} from "@skillbox/workspace/workspace/workspace-catalog";
import type { Hono } from "hono";
import { HttpError } from "./error-response.js";
import type { RouteContext } from "./route-context.js";

/** The largest budget accepted, far above any real context window. */
const MAX_BUDGET_TOKENS = 10_000_000;

/** What `GET /api/prompt` answers. */
export interface PromptResponse {
  text: string;
  tokens: number;
  format: CatalogFormatName;
  stats: CatalogStats;
}

/**
 * Adds `GET /api/prompt?format=xml|markdown|plain|available-skills&budget=N|none`. Without a budget,
 * the config's `prompt.budgetTokens`, else the default for the configured model's context window.
 */
export function addPromptRoute(app: Hono, context: RouteContext): void {
  const { workspace } = context;
  app.get("/api/prompt", async (c) => {
    const format = readFormat(c.req.query("format")) ?? workspace.config.prompt?.format ?? "xml";
    const budget = readBudget(c.req.query("budget"));
    context.ensureFresh();
    // The same Layer 1 the agent gets: config defaults, the default budget for the configured
    // model, and translated descriptions when the settings ask for them.
    const built = await renderWorkspaceCatalog(workspace, {
      format,
      ...(budget === undefined ? {} : { budget }),
      model: resolveConfiguredModel(workspace.config, context.env),
      translator: context.translator,
    });
    const response: PromptResponse = built
      ? { text: built.text, tokens: built.tokens, format, stats: built.stats }
      : {
          text: "",
          tokens: 0,
          format,
          stats: { included: 0, shortened: 0, namesOnly: 0, omitted: 0, grouped: 0, perEntry: [] },
        };
    return c.json(response);
  });
}

function readFormat(value: string | undefined): CatalogFormatName | undefined {
  if (value === undefined || value === "") return undefined;
  if (isCatalogFormatName(value)) return value;
  throw new HttpError(
    400,
    "invalid-argument",
    `Format ${JSON.stringify(value)} is unknown; use xml, markdown, plain or available-skills.`,
  );
}

function readBudget(value: string | undefined): SkillCatalogBudget | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "none") return "none";
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET_TOKENS) {
    throw new HttpError(
      400,
      "invalid-argument",
      `Budget ${JSON.stringify(value)} must be a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}, or none.`,
    );
  }
  return { tokens: budget };
}
