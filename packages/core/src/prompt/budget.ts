// Builds a Layer 1 listing within a budget (tokens or characters) and reports what it cost per skill.

import { Buffer } from "node:buffer";
import { type LineSelection, selectLines, widestCap } from "./allocate-budget.js";
import { type CatalogEntry, sortCatalogEntries } from "./catalog-entry.js";
import type { CatalogFormat, CatalogFormatName, CatalogToolNames } from "./catalog-format.js";
import { getCatalogFormat } from "./catalog-formats.js";
import { describeArea, describeAreaRest, describeMapLeadIn } from "./describe-catalog-map.js";
import { describeShortfall } from "./describe-shortfall.js";
import {
  type AreaSummarizer,
  type CatalogAreas,
  groupCatalogEntries,
  hiddenNames,
  listHiddenAreas,
  summarizerOf,
} from "./group-catalog-entries.js";
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
  /**
   * Over budget, descriptions are shortened (longest first) down to this many characters before
   * any skill loses its line to the map; default 100 (never more than maxDescriptionCharacters).
   */
  minDescriptionCharacters?: number;
  /**
   * `score` (default) lists by usage score, then name; `given` keeps the entries' order (a session
   * that fixed its order at the start, see createSessionCatalogOrder).
   */
  order?: "score" | "given";
  /** Share of the budget kept for new (`isNew`) skills when it overflows; default 0.2. */
  reservedShareForNew?: number;
  /** Name of the load tool the text refers to; default `load_skill`. */
  loadToolName?: string;
  /** Name of the search tool the notice points to; default `search_skills`, `null` when there is none. */
  searchToolName?: string | null;
  /** Encoding for token counts; default cl100k_base. */
  encoding?: TokenEncodingName;
}

/**
 * How a listed skill's line shows it: its whole description (up to the per-entry cap), a
 * description shortened to fit (or cut by the per-entry cap), or its name alone (a name-only state
 * or an empty description). A skill without a line is in the map's areas, or not listed at all.
 */
export type CatalogPlacement = "whole" | "shortened" | "name";

/** One listed skill: its line's size in tokens (0 when tokens are not counted) and how it is shown. */
export interface CatalogStatsEntry {
  name: string;
  tokens: number;
  placement: CatalogPlacement;
}

/** Counts behind a listing: what is listed, how, and what each listed skill costs in tokens. */
export interface CatalogStats {
  /** Skills with a line of their own (with a description or by name only). */
  included: number;
  /** Listed descriptions that were cut short (per-entry cap or budget). */
  shortened: number;
  /** Skills listed by name only because of their state (`name-only`) or an empty description. */
  namesOnly: number;
  /**
   * Skills without a line of their own: shown only by area in the map (see `grouped`), or, when the
   * budget leaves no room even for the map, not at all.
   */
  omitted: number;
  /** Of `omitted`, the skills the map's areas count (all of them unless the map did not fit). */
  grouped: number;
  /** Each listed skill in listing order: the tokens of its own text and how it is shown. */
  perEntry: CatalogStatsEntry[];
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
 * no entries (the spec: no empty catalog). Over budget, the longest descriptions are shortened
 * first (whole sentences, then a cut), down to `minDescriptionCharacters`, before any skill loses
 * its line; past that, lines go to the highest-ranked skills (a reserved share keeps new skills
 * listed) and the rest are shown as a map of areas (namespace or name prefix, with counts, words
 * and example names) that points to the search tool. A notice at the end says what was shortened
 * or grouped. The lead-in and the notice are always emitted, so a budget smaller than they are is
 * exceeded.
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
  const minDescription = Math.min(
    maxDescription,
    Math.max(1, options.minDescriptionCharacters ?? DEFAULT_MIN_DESCRIPTION),
  );

  const sorted = options.order === "given" ? [...entries] : sortCatalogEntries(entries);
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
      return assemble(bounds, wholePlan(bounds), { ...context, count: () => 0 });
  }
  const table = new ListingTable(sorted, format.renderEntry, cost, maxDescription);
  const fixed = fixedCost(cost);
  const share = options.reservedShareForNew ?? DEFAULT_RESERVED_SHARE;

  let plan = fitsWhole(table, limit - fixed) ? wholePlan(table) : undefined;
  let mapContext: MapContext | undefined;
  let slack = 0;
  let result: BuiltCatalog;
  for (let attempt = 0; ; attempt++) {
    if (plan === undefined) {
      // Room for the longest notice each kind of plan can end with: shortened descriptions, and
      // with a map, the skills it holds (the clause for skills left out is shorter).
      const all = table.length;
      const noticeCost = (grouped: number) =>
        cost(
          format.renderNotice(
            describeShortfall({ shortened: all, namesOnly: 0, grouped, omitted: 0 }, tools) ?? "",
          ),
        );
      const room = limit - fixed - slack;
      mapContext ??= { format, tools, cost, entries: sorted };
      plan = planWithinBudget(
        table,
        room - noticeCost(0),
        room - noticeCost(all),
        minDescription,
        share,
        mapContext,
      );
    }
    result = assemble(table, plan, context);
    const size = inTokens ? result.tokens : result.characters;
    // Token counts of parts do not add up exactly (BPE merges across a newline): plan again
    // with the excess held back until the whole fits, a few rounds at most.
    if (size <= limit || attempt >= 3 || !Number.isFinite(limit)) break;
    slack += size - limit;
    plan = undefined;
  }
  return result;
}

const DEFAULT_MIN_DESCRIPTION = 100;
// Share of the room the map may take while the lines are chosen; what it leaves goes to lines.
const MAP_SHARE = 0.25;
// Areas listed at most; a longer map reads as a second catalog.
const MAX_AREAS = 30;

/** What a listing shows: which entries get lines, at which description cap, and the map of the rest. */
interface ListingPlan {
  selected: Uint8Array;
  cap: number;
  map: CatalogMap;
}

/** The map's rendered parts, what they cost, and how many skills its areas count. */
interface CatalogMap {
  parts: string[];
  cost: number;
  grouped: number;
}

const NO_MAP: CatalogMap = { parts: [], cost: 0, grouped: 0 };

interface MapContext {
  format: CatalogFormat;
  tools: CatalogToolNames;
  cost(text: string): number;
  entries: readonly CatalogEntry[];
  /** Built at the first map of the listing and kept for the next (the areas do not change). */
  areas?: CatalogAreas;
  summarizer?: AreaSummarizer;
}

/**
 * The plan within `withoutMap` (the room when every skill keeps its line) or, when even the
 * shortest descriptions do not let every skill keep one, within `available` (the room with a map).
 */
function planWithinBudget(
  table: ListingTable,
  withoutMap: number,
  available: number,
  minCap: number,
  share: number,
  context: MapContext,
): ListingPlan {
  const every = selectLines(table, withoutMap, minCap, share);
  if (every.count === table.length) {
    return {
      selected: every.selected,
      cap: widestCap(table, every.selected, withoutMap, minCap),
      map: NO_MAP,
    };
  }
  const first = selectLines(table, available, minCap, share);
  // Some skills need the map. Lines are chosen once more with the room a map of the skills left
  // over takes (at most a share of the budget), and the map is then drawn in what the lines leave.
  const estimate = buildMap(table, first, Math.floor(Math.max(0, available) * MAP_SHARE), context);
  let lines = selectLines(table, available - estimate.cost, minCap, share);
  let map = buildMap(table, lines, available - lines.cost, context);
  // A map smaller than estimated leaves room for a few more lines: the map of what is then left
  // over is drawn again and kept only if everything still fits.
  const more = selectLines(table, available - map.cost, minCap, share);
  if (more.count > lines.count && more.count < table.length) {
    const smaller = buildMap(table, more, available - more.cost, context);
    if (smaller.grouped > 0 && more.cost + smaller.cost <= available) {
      lines = more;
      map = smaller;
    }
  }
  // At a small budget the first guess may leave the map no room (its lead-in and last line cost
  // more than its share), and then the skills without a line would be shown nowhere. Lines are
  // given up one at a time, the last listed first, until the map of what they leave fits.
  if (map.grouped === 0 && lines.count < table.length) {
    const fewer: LineSelection = { selected: lines.selected.slice(), count: lines.count, cost: lines.cost };
    for (let index = table.length - 1; index >= 0 && fewer.count > 0; index--) {
      if (fewer.selected[index] !== 1) continue;
      fewer.selected[index] = 0;
      fewer.count--;
      fewer.cost -= table.lineCost(index, minCap);
      const fitted = buildMap(table, fewer, available - fewer.cost, context);
      if (fitted.grouped > 0) {
        lines = fewer;
        map = fitted;
        break;
      }
    }
  }
  return {
    selected: lines.selected,
    cap: widestCap(table, lines.selected, available - map.cost, minCap),
    map,
  };
}

/**
 * The map of the entries `selection` leaves without a line, within `room`: a lead-in, the areas
 * largest first while they fit, and one line counting the areas there was no room for. No map at
 * all when even the lead-in and that line do not fit.
 */
function buildMap(
  table: ListingTable,
  selection: LineSelection,
  room: number,
  context: MapContext,
): CatalogMap {
  const grouped = table.length - selection.count;
  if (grouped === 0) return NO_MAP;
  const { format, tools, cost, entries } = context;
  context.areas ??= groupCatalogEntries(entries);
  const areas = context.areas;
  const hidden = listHiddenAreas(entries, areas, selection.selected);
  const leadIn = format.renderMapLeadIn(describeMapLeadIn(tools, { skills: grouped, areas: hidden.length }));
  let used = cost(leadIn);
  // Skills in the areas from each position on, for the rest line.
  const after = new Array<number>(hidden.length + 1).fill(0);
  for (let index = hidden.length - 1; index >= 0; index--) {
    after[index] = (after[index + 1] as number) + (hidden[index] as { count: number }).count;
  }
  const restLine = (from: number) => {
    // One name from each of the first areas left shows more of the library than three from one.
    const examples = hidden
      .slice(from, from + 3)
      .flatMap(({ area }) => hiddenNames(entries, areas, area, selection.selected, 1));
    const rest = { count: after[from] as number, areas: hidden.length - from, examples };
    return format.renderAreaRest(describeAreaRest(rest, from > 0));
  };
  const parts = [leadIn];
  let shown = 0;
  for (; shown < hidden.length && shown < MAX_AREAS; shown++) {
    const { area, count } = hidden[shown] as { area: number; count: number };
    // An area of one skill says no more than its name: the rest line names a few of those.
    if (count < 2) break;
    context.summarizer ??= summarizerOf(entries, areas);
    const description = describeArea({
      label: areas.labels[area] as string,
      count,
      words: context.summarizer.words(area),
      examples: hiddenNames(entries, areas, area, selection.selected),
    });
    const line = format.renderArea(areas.labels[area] as string, description);
    const lineCost = cost(line);
    const restCost = shown + 1 < hidden.length ? cost(restLine(shown + 1)) : 0;
    if (used + lineCost + restCost > room) break;
    parts.push(line);
    used += lineCost;
  }
  if (shown < hidden.length) {
    const rest = restLine(shown);
    used += cost(rest);
    parts.push(rest);
  }
  if (used > room) return NO_MAP;
  return { parts, cost: used, grouped };
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

function wholePlan(table: ListingTable): ListingPlan {
  return { selected: new Uint8Array(table.length).fill(1), cap: Number.POSITIVE_INFINITY, map: NO_MAP };
}

interface AssembleContext {
  opening: string;
  closing: string;
  format: CatalogFormat;
  tools: CatalogToolNames;
  count(text: string): number;
}

function assemble(table: ListingTable, plan: ListingPlan, context: AssembleContext): BuiltCatalog {
  const parts: string[] = context.opening === "" ? [] : [context.opening];
  const stats: CatalogStats = {
    included: 0,
    shortened: 0,
    namesOnly: 0,
    omitted: 0,
    grouped: plan.map.grouped,
    perEntry: [],
  };
  for (let index = 0; index < table.length; index++) {
    if (plan.selected[index] !== 1) {
      stats.omitted++;
      continue;
    }
    const text = table.text(index, plan.cap);
    parts.push(text);
    stats.included++;
    // Decided here, where the line is drawn: readers (suggestions, the settings page) need to know
    // which skills the text describes, and the listing order alone does not say (new skills kept
    // by the reserved share, name-only skills anywhere in the list).
    const placement: CatalogPlacement = !table.hasDescription(index)
      ? "name"
      : table.isShortenedAt(index, plan.cap)
        ? "shortened"
        : "whole";
    if (placement === "name") stats.namesOnly++;
    else if (placement === "shortened") stats.shortened++;
    const name = (table.entries[index] as CatalogEntry).name;
    stats.perEntry.push({ name, tokens: context.count(text), placement });
  }
  const notice = describeShortfall(
    {
      shortened: stats.shortened,
      namesOnly: 0,
      grouped: plan.map.grouped,
      omitted: stats.omitted - plan.map.grouped,
    },
    context.tools,
  );
  // The map and the notice sit inside the block (before the closing tag) except where the format
  // puts them after it.
  const trailing = [...plan.map.parts];
  if (notice !== undefined) trailing.push(context.format.renderNotice(notice));
  // With no entry listed, the blank line that separates what follows from the list has nothing to separate.
  if (stats.included === 0 && trailing.length > 0) trailing[0] = (trailing[0] as string).replace(/^\n/, "");
  const after = context.format.noticePlacement === "after";
  if (!after) parts.push(...trailing);
  if (context.closing !== "") parts.push(context.closing);
  if (after) parts.push(...trailing);
  const text = parts.join("\n");
  return { text, tokens: context.count(text), characters: text.length, stats };
}
