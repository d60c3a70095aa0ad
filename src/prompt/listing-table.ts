// The entries of one listing in order, with each entry's texts and costs computed lazily and once:
// under a tight budget only the few hundred entries that can fit are ever rendered or measured.

import type { BudgetCandidates } from "./allocate-budget.js";
import { BudgetLevel } from "./allocate-budget.js";
import { type CatalogEntry, isDescriptionHidden, joinDescription } from "./catalog-entry.js";
import { collapseToLine, hasVisibleText, truncateText } from "./escape-text.js";

// A description shortened to fewer characters than this says nothing useful: list the name only.
const MIN_FITTED_DESCRIPTION = 24;

/** Renders one entry with a description (one line, raw) or by name only (undefined). */
export type RenderEntry = (entry: CatalogEntry, description: string | undefined) => string;

/** Sorted entries plus their lazily built texts and costs, as the budget allocator reads them. */
export class ListingTable implements BudgetCandidates {
  readonly length: number;
  private readonly descriptions: (string | null | undefined)[];
  private readonly capped: Uint8Array;
  private readonly newFlags: Uint8Array;
  private readonly nameTexts: (string | undefined)[];
  private readonly fullTexts: (string | undefined)[];
  private readonly fittedTexts = new Map<number, string>();
  private readonly nameCosts: Float64Array;
  private readonly fullCosts: Float64Array;

  constructor(
    readonly entries: readonly CatalogEntry[],
    private readonly renderEntry: RenderEntry,
    private readonly cost: (text: string) => number,
    private readonly maxDescription: number,
  ) {
    this.length = entries.length;
    this.descriptions = new Array(this.length);
    this.capped = new Uint8Array(this.length);
    this.newFlags = new Uint8Array(this.length);
    for (let index = 0; index < this.length; index++) this.newFlags[index] = this.entry(index).isNew ? 1 : 0;
    this.nameTexts = new Array(this.length);
    this.fullTexts = new Array(this.length);
    this.nameCosts = new Float64Array(this.length).fill(Number.NaN);
    this.fullCosts = new Float64Array(this.length).fill(Number.NaN);
  }

  isNew(index: number): boolean {
    return this.newFlags[index] === 1;
  }

  /** The one-line description capped at the per-entry limit, or undefined when there is none to show. */
  description(index: number): string | undefined {
    let description = this.descriptions[index];
    if (description === undefined) {
      const entry = this.entry(index);
      const whole = isDescriptionHidden(entry)
        ? ""
        : collapseToLine(joinDescription(entry.description, entry.whenToUse));
      description = whole === "" ? null : truncateText(whole, this.maxDescription);
      if (description !== null && description.length < whole.length) this.capped[index] = 1;
      this.descriptions[index] = description;
    }
    return description ?? undefined;
  }

  /** True when the entry has a description to show (cheaper than description() for entries never rendered). */
  hasDescription(index: number): boolean {
    const known = this.descriptions[index];
    if (known !== undefined) return known !== null;
    const entry = this.entry(index);
    return (
      !isDescriptionHidden(entry) &&
      (hasVisibleText(entry.description) || hasVisibleText(entry.whenToUse ?? ""))
    );
  }

  /** True when the per-entry cap cut this entry's description. */
  wasCapped(index: number): boolean {
    this.description(index);
    return this.capped[index] === 1;
  }

  nameCost(index: number): number {
    let cost = this.nameCosts[index] as number;
    if (Number.isNaN(cost)) {
      cost = this.cost(this.text(index, BudgetLevel.NameOnly));
      this.nameCosts[index] = cost;
    }
    return cost;
  }

  fullCost(index: number): number | undefined {
    if (this.description(index) === undefined) return undefined;
    let cost = this.fullCosts[index] as number;
    if (Number.isNaN(cost)) {
      cost = this.cost(this.text(index, BudgetLevel.Full));
      this.fullCosts[index] = cost;
    }
    return cost;
  }

  fitCost(index: number, room: number): number | undefined {
    const description = this.description(index);
    if (description === undefined) return undefined;
    // Binary search for the longest shortened description whose entry still fits the room.
    let low = MIN_FITTED_DESCRIPTION;
    let high = description.length - 1;
    let best: { text: string; cost: number } | undefined;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const text = this.renderEntry(this.entry(index), truncateText(description, middle));
      const cost = this.cost(text);
      if (cost <= room) {
        best = { text, cost };
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (best === undefined) return undefined;
    this.fittedTexts.set(index, best.text);
    return best.cost;
  }

  /** The entry's text at a level (Fitted only after fitCost found a fit). */
  text(index: number, level: number): string {
    if (level === BudgetLevel.Fitted)
      return this.fittedTexts.get(index) ?? this.text(index, BudgetLevel.NameOnly);
    const description = level === BudgetLevel.Full ? this.description(index) : undefined;
    if (description === undefined) {
      let text = this.nameTexts[index];
      if (text === undefined) {
        text = this.renderEntry(this.entry(index), undefined);
        this.nameTexts[index] = text;
      }
      return text;
    }
    let text = this.fullTexts[index];
    if (text === undefined) {
      text = this.renderEntry(this.entry(index), description);
      this.fullTexts[index] = text;
    }
    return text;
  }

  private entry(index: number): CatalogEntry {
    return this.entries[index] as CatalogEntry;
  }
}
