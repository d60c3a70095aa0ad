// The entries of one listing in order, with each entry's texts and costs computed lazily and once:
// under a tight budget only the few hundred entries that can fit are ever rendered or measured.

import type { BudgetCandidates } from "./allocate-budget.js";
import { type CatalogEntry, isDescriptionHidden, joinDescription } from "./catalog-entry.js";
import { collapseToLine, hasVisibleText, truncateText } from "./escape-text.js";
import { findSentenceEnds, shortenDescription } from "./shorten-description.js";

/** The cap of a line that shows the name alone. */
const NAME_ONLY = -1;

/** Renders one entry with a description (one line, raw) or by name only (undefined). */
export type RenderEntry = (entry: CatalogEntry, description: string | undefined) => string;

/** Sorted entries plus their lazily built texts and costs, as the budget allocator reads them. */
export class ListingTable implements BudgetCandidates {
  readonly length: number;
  private readonly descriptions: (string | null | undefined)[];
  private readonly capped: Uint8Array;
  private readonly newFlags: Uint8Array;
  private readonly nameTexts: (string | undefined)[];
  private readonly sentenceEnds = new Map<number, number[]>();
  private readonly lastCaps: Float64Array;
  private readonly lastCapCosts: Float64Array;
  private readonly fullTexts: (string | undefined)[];
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
    this.lastCaps = new Float64Array(this.length).fill(Number.NaN);
    this.lastCapCosts = new Float64Array(this.length);
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
      cost = this.cost(this.text(index, NAME_ONLY));
      this.nameCosts[index] = cost;
    }
    return cost;
  }

  fullCost(index: number): number | undefined {
    if (this.description(index) === undefined) return undefined;
    let cost = this.fullCosts[index] as number;
    if (Number.isNaN(cost)) {
      cost = this.cost(this.text(index, Number.POSITIVE_INFINITY));
      this.fullCosts[index] = cost;
    }
    return cost;
  }

  descriptionLength(index: number): number {
    return this.description(index)?.length ?? 0;
  }

  lineCost(index: number, cap: number): number {
    const description = this.description(index);
    if (description === undefined) return this.nameCost(index);
    if (description.length <= cap) return this.fullCost(index) as number;
    // Lines are chosen at one cap, several times per listing: keep the last cap's cost.
    if (this.lastCaps[index] === cap) return this.lastCapCosts[index] as number;
    const cost = this.cost(this.text(index, cap));
    this.lastCaps[index] = cap;
    this.lastCapCosts[index] = cost;
    return cost;
  }

  estimateLineCost(index: number, cap: number): number {
    const description = this.description(index);
    if (description === undefined || description.length <= cap) return this.lineCost(index, cap);
    const name = this.nameCost(index);
    const perCharacter = ((this.fullCost(index) as number) - name) / description.length;
    return name + perCharacter * this.shortenedLength(index, cap);
  }

  // What shortenDescription keeps at `cap`, from the sentence ends found once.
  private shortenedLength(index: number, cap: number): number {
    let ends = this.sentenceEnds.get(index);
    if (ends === undefined) {
      ends = findSentenceEnds(this.description(index) ?? "");
      this.sentenceEnds.set(index, ends);
    }
    let kept = 0;
    for (const end of ends) {
      if (end > cap) break;
      kept = end;
    }
    return kept > 0 ? kept : cap;
  }

  /** True when the line at `cap` shows less of the description than its (capped) whole. */
  isShortenedAt(index: number, cap: number): boolean {
    const description = this.description(index);
    return description !== undefined && (description.length > cap || this.wasCapped(index));
  }

  /**
   * The entry's line with its description shortened to at most `cap` characters (whole sentences
   * first, see shortenDescription); NAME_ONLY lists the name alone.
   */
  text(index: number, cap: number): string {
    const description = cap === NAME_ONLY ? undefined : this.description(index);
    if (description === undefined) {
      let text = this.nameTexts[index];
      if (text === undefined) {
        text = this.renderEntry(this.entry(index), undefined);
        this.nameTexts[index] = text;
      }
      return text;
    }
    if (description.length > cap)
      return this.renderEntry(this.entry(index), shortenDescription(description, cap));
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
