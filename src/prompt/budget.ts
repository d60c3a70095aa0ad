// Builds a Layer 1 listing within a budget (tokens or characters) and reports what it cost per skill.

import { Buffer } from "node:buffer";
import { allocateBudget, BudgetLevel } from "./allocate-budget.js";
import { type CatalogEntry, sortCatalogEntries } from "./catalog-entry.js";
import type { CatalogFormat, CatalogFormatName, CatalogToolNames } from "./catalog-format.js";
import { getCatalogFormat } from "./catalog-formats.js";
import { describeShortfall } from "./describe-shortfall.js";
import { ListingTable } from "./listing-table.js";
import { getTokenCounter, type TokenEncodingName } from "./tokens.js";

/** A limit on the whole listing, in tokens of the counter's encoding or in UTF-16 characters. */
export type CatalogBudget = { tokens: number } | { characters: number };

/** Options shared by every budgeted listing. */
export interface CatalogOptions {
  /** Layer 1 format; default `xml`. */
  format?: CatalogFormatName;
  /** Limit on the whole text; default none (everything listed). */
  budget?: CatalogBudget;
  /** Cap on one description (with `when_to_use`), cut with an ellipsis; default 1,024. */
  maxDescriptionCharacters?: number;
  /** Share of the budget kept for new (`isNew`) skills when it overflows; default 0.2. */
  reservedShareForNew?: number;
  /** Name of the load tool the text refers to; default `load_skill`. */
  loadToolName?: string;
  /** Name of the search tool the notice points to; default `search_skills`, `null` when there is none. */
  searchToolName?: string | null;
  /** Encoding for token counts; default cl100k_base. */
  encoding?: TokenEncodingName;
}

/** Counts behind a listing: what is listed, how, and what each listed skill costs in tokens. */
export interface CatalogStats {
  /** Skills listed (with a description or by name only). */
  included: number;
  /** Listed descriptions that were cut short (per-entry cap or budget). */
  shortened: number;
  /** Skills listed by name only (budget, empty description, or a name-only state). */
  namesOnly: number;
  /** Skills not listed at all. */
  omitted: number;
  /** Tokens of each listed skill's own text, in listing order. */
  perEntry: { name: string; tokens: number }[];
}

/** A rendered listing: its text, its size in tokens and characters, and its stats. */
export interface BuiltCatalog {
  text: string;
  tokens: number;
  characters: number;
  stats: CatalogStats;
}

const DEFAULT_MAX_DESCRIPTION = 1024;
const DEFAULT_RESERVED_SHARE = 0.2;

/**
 * Renders `entries` in a Layer 1 format within `options.budget`. Returns undefined when there are
 * no entries (the spec: no empty catalog). Names are kept while they fit, descriptions are dropped
 * lowest score first, a reserved share keeps new skills described, and a notice at the end says
 * how many skills were shortened or left out and how to find them. The lead-in and the notice are
 * always emitted, so a budget smaller than they are is exceeded.
 */
export function buildBudgetedCatalog(
  entries: readonly CatalogEntry[],
  options: CatalogOptions = {},
): BuiltCatalog | undefined {
  return buildListing(entries, options.format ?? "xml", options);
}

/** The shared engine behind every budgeted listing, including the load_skill tool's description. */
export function buildListing(
  entries: readonly CatalogEntry[],
  formatName: CatalogFormatName | "tool-list",
  options: CatalogOptions,
  reportTokens = true,
): BuiltCatalog | undefined {
  if (entries.length === 0) return undefined;
  const format = getCatalogFormat(formatName);
  const tools: CatalogToolNames = {
    load: options.loadToolName ?? "load_skill",
    search: options.searchToolName === null ? undefined : (options.searchToolName ?? "search_skills"),
  };
  const counter = getTokenCounter(options.encoding);
  const budget = options.budget;
  const inTokens = budget !== undefined && "tokens" in budget;
  // Plain renderers skip counting, so they never load the tokenizer.
  const count = reportTokens || inTokens ? (text: string) => counter.count(text) : () => 0;
  const limit =
    budget === undefined ? Number.POSITIVE_INFINITY : "tokens" in budget ? budget.tokens : budget.characters;
  const measure = inTokens ? count : (text: string) => text.length;
  // Every part is followed by a "\n" separator (one token, one character); the last one's is spare.
  const cost = (text: string) => measure(text) + 1;
  const maxDescription = Math.max(1, options.maxDescriptionCharacters ?? DEFAULT_MAX_DESCRIPTION);

  const sorted = sortCatalogEntries(entries);
  const opening = format.renderOpening(tools);
  const closing = format.renderClosing();
  const fixedCost = (measureCost: (text: string) => number) =>
    (opening === "" ? 0 : measureCost(opening)) + (closing === "" ? 0 : measureCost(closing));
  const context: AssembleContext = { opening, closing, format, tools, count };
  if (inTokens && !reportTokens) {
    // A text never has more tokens than UTF-8 bytes: when the whole list fits the limit in bytes,
    // it fits in tokens, and the tokenizer (seconds to load) is not needed at all.
    const byteCost = (text: string) => Buffer.byteLength(text, "utf8") + 1;
    const bounds = new ListingTable(sorted, format.renderEntry, byteCost, maxDescription);
    if (fitsWhole(bounds, limit - fixedCost(byteCost)))
      return assemble(bounds, fullLevels(bounds), { ...context, count: () => 0 });
  }
  const table = new ListingTable(sorted, format.renderEntry, cost, maxDescription);
  const fixed = fixedCost(cost);

  let levels = fitsWhole(table, limit - fixed) ? fullLevels(table) : undefined;
  let slack = 0;
  let result: BuiltCatalog;
  for (let attempt = 0; ; attempt++) {
    if (levels === undefined) {
      const all = table.length;
      const worstNotice = describeShortfall({ shortened: all, namesOnly: all, omitted: all }, tools) ?? "";
      const available = limit - fixed - cost(format.renderNotice(worstNotice)) - slack;
      levels = allocateBudget(table, available, options.reservedShareForNew ?? DEFAULT_RESERVED_SHARE);
    }
    result = assemble(table, levels, context);
    const size = inTokens ? result.tokens : result.characters;
    // Token counts of parts do not add up exactly (BPE merges across a newline): re-allocate
    // with the excess held back until the whole fits, a few rounds at most.
    if (size <= limit || attempt >= 3 || !Number.isFinite(limit)) break;
    slack += size - limit;
    levels = undefined;
  }
  return result;
}

function fitsWhole(table: ListingTable, available: number): boolean {
  if (!Number.isFinite(available)) return true;
  let total = 0;
  for (let index = 0; index < table.length; index++) {
    total += table.fullCost(index) ?? table.nameCost(index);
    if (total > available) return false;
  }
  return true;
}

function fullLevels(table: ListingTable): Uint8Array {
  const levels = new Uint8Array(table.length);
  for (let index = 0; index < table.length; index++) {
    levels[index] = table.description(index) === undefined ? BudgetLevel.NameOnly : BudgetLevel.Full;
  }
  return levels;
}

interface AssembleContext {
  opening: string;
  closing: string;
  format: CatalogFormat;
  tools: CatalogToolNames;
  count(text: string): number;
}

function assemble(table: ListingTable, levels: Uint8Array, context: AssembleContext): BuiltCatalog {
  const parts: string[] = context.opening === "" ? [] : [context.opening];
  const stats: CatalogStats = { included: 0, shortened: 0, namesOnly: 0, omitted: 0, perEntry: [] };
  let budgetNamesOnly = 0;
  for (let index = 0; index < table.length; index++) {
    const level = levels[index] ?? BudgetLevel.Omitted;
    if (level === BudgetLevel.Omitted) {
      stats.omitted++;
      continue;
    }
    const text = table.text(index, level);
    parts.push(text);
    stats.included++;
    stats.perEntry.push({ name: (table.entries[index] as CatalogEntry).name, tokens: context.count(text) });
    if (level === BudgetLevel.NameOnly) {
      stats.namesOnly++;
      if (table.hasDescription(index)) budgetNamesOnly++;
    } else if (level === BudgetLevel.Fitted || table.wasCapped(index)) {
      stats.shortened++;
    }
  }
  const notice = describeShortfall(
    { shortened: stats.shortened, namesOnly: budgetNamesOnly, omitted: stats.omitted },
    context.tools,
  );
  // The notice sits inside the block (before the closing tag) except where the format puts it after.
  let noticeText = notice === undefined ? undefined : context.format.renderNotice(notice);
  // With no entry listed, the blank line that separates the notice from the list has nothing to separate.
  if (stats.included === 0) noticeText = noticeText?.replace(/^\n/, "");
  const noticeAfter = context.format.noticePlacement === "after";
  if (noticeText !== undefined && !noticeAfter) parts.push(noticeText);
  if (context.closing !== "") parts.push(context.closing);
  if (noticeText !== undefined && noticeAfter) parts.push(noticeText);
  const text = parts.join("\n");
  return { text, tokens: context.count(text), characters: text.length, stats };
}
