// Builds a Layer 1 listing within a budget (tokens or characters) and reports what it cost per skill.

import { allocateBudget, type BudgetCandidate, BudgetLevel } from "./allocate-budget.js";
import { type CatalogEntry, joinDescription, sortCatalogEntries } from "./catalog-entry.js";
import { type CatalogFormatName, type CatalogToolNames, getCatalogFormat } from "./catalog-format.js";
import { describeShortfall } from "./describe-shortfall.js";
import { collapseToLine, truncateText } from "./escape-text.js";
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
// A description shortened to fewer characters than this says nothing useful: list the name only.
const MIN_FITTED_DESCRIPTION = 24;

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
  const candidates = sorted.map((entry) => createCandidate(entry, format.renderEntry, cost, maxDescription));
  const opening = format.renderOpening(tools);
  const closing = format.renderClosing();
  const fixed = (opening === "" ? 0 : cost(opening)) + (closing === "" ? 0 : cost(closing));

  let levels = fitsWhole(candidates, limit - fixed) ? fullLevels(candidates) : undefined;
  let slack = 0;
  let result: BuiltCatalog;
  for (let attempt = 0; ; attempt++) {
    if (levels === undefined) {
      const worstNotice = describeShortfall(
        { shortened: sorted.length, namesOnly: sorted.length, omitted: sorted.length },
        tools,
      );
      const noticeCost = cost(format.renderNotice(worstNotice ?? ""));
      levels = allocateBudget(
        candidates,
        limit - fixed - noticeCost - slack,
        options.reservedShareForNew ?? DEFAULT_RESERVED_SHARE,
      );
    }
    result = assemble(candidates, levels, { opening, closing, format, tools, count });
    const size = inTokens ? result.tokens : result.characters;
    // Token counts of parts do not add up exactly (BPE merges across a newline): re-allocate
    // with the excess held back until the whole fits, a couple of rounds at most.
    if (size <= limit || attempt >= 3 || !Number.isFinite(limit)) break;
    slack += size - limit;
    levels = undefined;
  }
  return result;
}

interface ListingCandidate extends BudgetCandidate {
  entry: CatalogEntry;
  /** The capped description, or undefined when there is none to show. */
  description: string | undefined;
  cappedByLimit: boolean;
  /** The text for a level (fitted only after fitCost succeeded). */
  text(level: number): string;
}

function createCandidate(
  entry: CatalogEntry,
  renderEntry: (entry: CatalogEntry, description: string | undefined) => string,
  cost: (text: string) => number,
  maxDescription: number,
): ListingCandidate {
  const whole = entry.descriptionHidden
    ? ""
    : collapseToLine(joinDescription(entry.description, entry.whenToUse));
  const description = whole === "" ? undefined : truncateText(whole, maxDescription);
  let nameText: string | undefined;
  let nameCost: number | undefined;
  let fullText: string | undefined;
  let fullCost: number | undefined;
  let fittedText = "";
  return {
    entry,
    isNew: entry.isNew,
    description,
    cappedByLimit: description !== undefined && description.length < whole.length,
    nameCost() {
      nameText ??= renderEntry(entry, undefined);
      nameCost ??= cost(nameText);
      return nameCost;
    },
    fullCost() {
      if (description === undefined) return undefined;
      fullText ??= renderEntry(entry, description);
      fullCost ??= cost(fullText);
      return fullCost;
    },
    fitCost(room) {
      if (description === undefined) return undefined;
      // Binary search for the longest shortened description whose line fits the room.
      let low = MIN_FITTED_DESCRIPTION;
      let high = description.length - 1;
      let best: { text: string; cost: number } | undefined;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const text = renderEntry(entry, truncateText(description, middle));
        const lineCost = cost(text);
        if (lineCost <= room) {
          best = { text, cost: lineCost };
          low = middle + 1;
        } else {
          high = middle - 1;
        }
      }
      if (best === undefined) return undefined;
      fittedText = best.text;
      return best.cost;
    },
    text(level) {
      if (level === BudgetLevel.Fitted) return fittedText;
      if (level === BudgetLevel.Full && description !== undefined) {
        fullText ??= renderEntry(entry, description);
        return fullText;
      }
      nameText ??= renderEntry(entry, undefined);
      return nameText;
    },
  };
}

function fitsWhole(candidates: readonly BudgetCandidate[], available: number): boolean {
  if (!Number.isFinite(available)) return true;
  let total = 0;
  for (const candidate of candidates) {
    total += candidate.fullCost() ?? candidate.nameCost();
    if (total > available) return false;
  }
  return true;
}

function fullLevels(candidates: readonly ListingCandidate[]): Uint8Array {
  return Uint8Array.from(candidates, (candidate) =>
    candidate.description === undefined ? BudgetLevel.NameOnly : BudgetLevel.Full,
  );
}

interface AssembleContext {
  opening: string;
  closing: string;
  format: ReturnType<typeof getCatalogFormat>;
  tools: CatalogToolNames;
  count(text: string): number;
}

function assemble(
  candidates: readonly ListingCandidate[],
  levels: Uint8Array,
  context: AssembleContext,
): BuiltCatalog {
  const parts: string[] = context.opening === "" ? [] : [context.opening];
  const stats: CatalogStats = { included: 0, shortened: 0, namesOnly: 0, omitted: 0, perEntry: [] };
  let budgetNamesOnly = 0;
  candidates.forEach((candidate, index) => {
    const level = levels[index] ?? BudgetLevel.Omitted;
    if (level === BudgetLevel.Omitted) {
      stats.omitted++;
      return;
    }
    const text = candidate.text(level);
    parts.push(text);
    stats.included++;
    stats.perEntry.push({ name: candidate.entry.name, tokens: context.count(text) });
    if (level === BudgetLevel.NameOnly) {
      stats.namesOnly++;
      if (candidate.description !== undefined) budgetNamesOnly++;
    } else if (level === BudgetLevel.Fitted || candidate.cappedByLimit) {
      stats.shortened++;
    }
  });
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
