// The sentence that ends a shortened listing: tells the model how much is missing and how to reach it
// (users' top complaint about budgets is that nobody tells the model; research (b) 2 and (c) 1).

import type { CatalogToolNames } from "./catalog-format.js";

/** What the budget left out of a listing. */
export interface CatalogShortfall {
  /** Descriptions cut short (by the per-entry cap or to fit the budget). */
  shortened: number;
  /** Skills listed by name only because their descriptions did not fit. */
  namesOnly: number;
  /** Skills not listed one by one but counted in the map's areas. */
  grouped?: number;
  /** Skills not listed at all. */
  omitted: number;
}

/** The notice for a shortfall, or undefined when nothing was shortened or left out. */
export function describeShortfall(shortfall: CatalogShortfall, tools: CatalogToolNames): string | undefined {
  const parts: string[] = [];
  if (shortfall.shortened > 0) {
    parts.push(`${countOf(shortfall.shortened, "description is", "descriptions are")} cut short`);
  }
  if (shortfall.namesOnly > 0) {
    parts.push(`${countOf(shortfall.namesOnly, "skill is", "skills are")} listed by name only`);
  }
  if ((shortfall.grouped ?? 0) > 0) {
    parts.push(`${countOf(shortfall.grouped ?? 0, "skill is", "skills are")} shown only in an area above`);
  }
  if (shortfall.omitted > 0) {
    parts.push(`${countOf(shortfall.omitted, "skill is", "skills are")} not listed`);
  }
  if (parts.length === 0) return undefined;
  const findHint =
    tools.search === undefined
      ? `Call ${tools.load} with the name of a skill to read its full instructions, even for skills listed by name only.`
      : `To find a skill that fits the task, call ${tools.search} with a few keywords; to read one, call ${tools.load} with its name.`;
  return `Note: this list is shortened to fit its budget: ${joinClauses(parts)}. ${findHint}`;
}

/** `1 skill`, `3 skills`: the count with the word that agrees with it. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

function joinClauses(parts: string[]): string {
  if (parts.length === 1) return parts[0] as string;
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
