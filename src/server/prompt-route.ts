// `GET /api/prompt`: the Layer 1 block for the current states and settings, its token count and stats.
import type { Hono } from "hono";
import { buildBudgetedCatalog, type CatalogOptions, type CatalogStats } from "../prompt/budget.js";
import { type CatalogFormatName, isCatalogFormatName } from "../prompt/catalog-format.js";
import { HttpError } from "./error-response.js";
import type { RouteContext } from "./route-context.js";
import { translateIfEnabled } from "./translate-if-enabled.js";

/** The largest budget accepted, far above any real context window. */
const MAX_BUDGET_TOKENS = 10_000_000;

/** What `GET /api/prompt` answers. */
export interface PromptResponse {
  text: string;
  tokens: number;
  format: CatalogFormatName;
  stats: CatalogStats;
}

/** Adds `GET /api/prompt?format=xml|markdown|plain|available-skills&budget=N`. */
export function addPromptRoute(app: Hono, context: RouteContext): void {
  const { workspace } = context;
  app.get("/api/prompt", async (c) => {
    const defaults = workspace.config.prompt ?? {};
    const format = readFormat(c.req.query("format")) ?? defaults.format ?? "xml";
    const budget = readBudget(c.req.query("budget")) ?? defaults.budgetTokens;
    const { registry } = workspace;
    if (registry.needsRefresh()) registry.refresh();
    const entries = registry.catalogEntries();
    const descriptions = await translateIfEnabled(
      context.translator,
      workspace.settings,
      entries.map((entry) => ({ name: entry.name, description: entry.description })),
    );
    const translated = entries.map((entry, index) => ({
      ...entry,
      description: descriptions[index] ?? entry.description,
    }));
    const options: CatalogOptions = {
      format,
      ...(budget === undefined ? {} : { budget: { tokens: budget } }),
    };
    const built = buildBudgetedCatalog(translated, options);
    const response: PromptResponse = built
      ? { text: built.text, tokens: built.tokens, format, stats: built.stats }
      : {
          text: "",
          tokens: 0,
          format,
          stats: { included: 0, shortened: 0, namesOnly: 0, omitted: 0, perEntry: [] },
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

function readBudget(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET_TOKENS) {
    throw new HttpError(
      400,
      "invalid-argument",
      `Budget ${JSON.stringify(value)} must be a whole number of tokens from 1 to ${MAX_BUDGET_TOKENS}.`,
    );
  }
  return budget;
}
