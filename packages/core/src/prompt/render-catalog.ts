// Unbudgeted Layer 1 renderers: one pure function per format over renderSkillCatalog, with no budget.

import type { CatalogEntry } from "./catalog-entry.js";
import type { CatalogFormatName } from "./catalog-format.js";
import { renderSkillCatalog } from "./render-skill-catalog.js";

/** Options for the unbudgeted renderers (a per-entry cap still applies). */
export interface RenderCatalogOptions {
  /** Cap on one description (with `when_to_use`), cut with an ellipsis; default 1,024. */
  maxDescriptionCharacters?: number;
  /** Name of the load tool the lead-in refers to; default `load_skill`. */
  loadToolName?: string;
}

/**
 * Renders every entry in `format`, sorted by score descending then name, escaped for the format.
 * Returns undefined when there are no entries: no empty block is ever emitted.
 */
export function renderCatalog(
  entries: readonly CatalogEntry[],
  format: CatalogFormatName,
  options: RenderCatalogOptions = {},
): string | undefined {
  return renderSkillCatalog(entries, {
    ...options,
    format,
    budget: "none",
    searchToolName: null,
    countTokens: false,
  })?.text;
}

/** Seed 000's `<system-reminder>` block with `- name: description` lines; undefined when empty. */
export function renderXmlCatalog(
  entries: readonly CatalogEntry[],
  options?: RenderCatalogOptions,
): string | undefined {
  return renderCatalog(entries, "xml", options);
}

/** Seed 003's `### Available Skills` section with `- **name**: description` bullets; undefined when empty. */
export function renderMarkdownCatalog(
  entries: readonly CatalogEntry[],
  options?: RenderCatalogOptions,
): string | undefined {
  return renderCatalog(entries, "markdown", options);
}

/** Seed 004's `  - name: description [tags]` list with its lead-in; undefined when empty. */
export function renderPlainCatalog(
  entries: readonly CatalogEntry[],
  options?: RenderCatalogOptions,
): string | undefined {
  return renderCatalog(entries, "plain", options);
}

/** The spec's `<available_skills>` element (name, description, location per skill); undefined when empty. */
export function renderAvailableSkills(
  entries: readonly CatalogEntry[],
  options?: RenderCatalogOptions,
): string | undefined {
  return renderCatalog(entries, "available-skills", options);
}
