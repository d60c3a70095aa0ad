// The wording of an over-budget Layer 1 map, before each format escapes and marks it up: a lead-in
// saying what the map is and how to find a skill in it, one line per area, and a line for the rest.

import type { CatalogToolNames } from "./catalog-format.js";
import { countOf } from "./describe-shortfall.js";
import type { CatalogArea, CatalogAreaRest } from "./group-catalog-entries.js";

/** How many skills the map holds, in how many areas. */
export interface CatalogMapTotals {
  skills: number;
  areas: number;
}

/** The map's lead-in, ending with a colon (the area lines follow). */
export function describeMapLeadIn(tools: CatalogToolNames, totals: CatalogMapTotals): string {
  const size = `${countOf(totals.skills, "skill", "skills")} in ${countOf(totals.areas, "area", "areas")}`;
  const find =
    tools.search === undefined
      ? `To read one, call ${tools.load} with its name (the examples show how names look)`
      : `To find one, call ${tools.search} with an area and a few words from the task`;
  return `More skills by area (${size}, not listed one by one). ${find}:`;
}

/** One area after its label: `41 skills: storage, queues (e.g. azure-storage, azure-queues)`. */
export function describeArea(area: CatalogArea): string {
  const count = countOf(area.count, "skill", "skills");
  const examples = area.examples.length === 0 ? "" : `e.g. ${area.examples.join(", ")}`;
  if (area.words.length === 0) return examples === "" ? count : `${count}, ${examples}`;
  return examples === ""
    ? `${count}: ${area.words.join(", ")}`
    : `${count}: ${area.words.join(", ")} (${examples})`;
}

/** The line for the areas there was no room for; `other` when areas were listed before it. */
export function describeAreaRest(rest: CatalogAreaRest, other: boolean): string {
  const areas = countOf(rest.areas, other ? "other area" : "area", other ? "other areas" : "areas");
  const examples = rest.examples.length === 0 ? "" : `, e.g. ${rest.examples.join(", ")}`;
  return `${countOf(rest.count, other ? "more skill" : "skill", other ? "more skills" : "skills")} in ${areas}${examples}`;
}
