// The shape every Layer 1 format implements (catalog-formats.ts maps names to implementations).

import type { CatalogEntry } from "./catalog-entry.js";

/** The Layer 1 formats: seed 000's `<system-reminder>`, seed 003's Markdown, seed 004's plain list, the spec's XML. */
export type CatalogFormatName = "xml" | "markdown" | "plain" | "available-skills";

/** Names of the tools the rendered text tells the model to use. */
export interface CatalogToolNames {
  /** The tool that loads a skill by name. */
  load: string;
  /** The tool that searches skills, or undefined when the host offers none. */
  search: string | undefined;
}

/** How one format renders its parts; the parts are joined with "\n". Escaping is the format's job. */
export interface CatalogFormat {
  /** Lead-in and opening tag (may be empty). */
  renderOpening(tools: CatalogToolNames): string;
  /** One entry; `description` is one collapsed, already-truncated line, or undefined for name only. */
  renderEntry(entry: CatalogEntry, description: string | undefined): string;
  /** The budget notice (already worded), embedded the way the format needs. */
  renderNotice(notice: string): string;
  /**
   * The lead-in of an over-budget map (already worded, see describeMapLeadIn); the map sits where
   * the notice does, just before it.
   */
  renderMapLeadIn(leadIn: string): string;
  /** One area of the map: its label (a namespace or `prefix-*`) and what it holds (describeArea). */
  renderArea(label: string, description: string): string;
  /** The map's last line, for the areas there was no room for (describeAreaRest). */
  renderAreaRest(description: string): string;
  /** Closing tag (may be empty). */
  renderClosing(): string;
  /** Where the notice goes: before the closing tag (default) or after it. */
  readonly noticePlacement?: "inside" | "after";
}

/** True when `value` names a Layer 1 format (for CLI flags and HTTP query strings). */
export function isCatalogFormatName(value: unknown): value is CatalogFormatName {
  return value === "xml" || value === "markdown" || value === "plain" || value === "available-skills";
}
