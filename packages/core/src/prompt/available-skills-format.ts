// The specification's catalog (`skills-ref to-prompt`): `<available_skills>` with one element per
// line. One renderer serves both the budgeted Layer 1 format and `to-prompt`'s exact reference output.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapeXml } from "./escape-text.js";

/** One skill of the reference's `to-prompt` catalog. */
export interface AvailableSkillEntry {
  name: string;
  description: string;
  /** Absolute path of the SKILL.md. */
  location: string;
}

const OPENING = "<available_skills>";
const CLOSING = "</available_skills>";

/** One `<skill>` element, one line per tag and value; an undefined description leaves its element out. */
function renderSkillElement(name: string, description: string | undefined, location: string): string {
  const lines = ["<skill>", "<name>", escapeXml(name), "</name>"];
  if (description !== undefined) lines.push("<description>", escapeXml(description), "</description>");
  lines.push("<location>", escapeXml(location), "</location>", "</skill>");
  return lines.join("\n");
}

/**
 * `<available_skills><skill><name>…</name><description>…</description><location>…</location></skill>…`
 * in the reference's multi-line layout. Unlike the reference, the location is escaped too, and a
 * name-only entry has no `<description>` element. The over-budget map and the notice follow the
 * closing tag.
 */
export const availableSkillsFormat: CatalogFormat = {
  renderOpening() {
    return OPENING;
  },
  renderEntry(entry, description) {
    return renderSkillElement(collapseToLine(entry.name), description, collapseToLine(entry.location));
  },
  // After the closing tag, so the element keeps the reference's exact structure.
  noticePlacement: "after",
  renderNotice(notice) {
    return escapeXml(notice);
  },
  // The map, like the notice, follows the closing tag as escaped text: the element keeps the
  // reference's structure, with no element the reference does not define.
  renderMapLeadIn(leadIn) {
    return escapeXml(leadIn);
  },
  renderArea(label, description) {
    return `- [${escapeXml(collapseToLine(label))}] ${escapeXml(description)}`;
  },
  renderAreaRest(description) {
    return `- ${escapeXml(description)}`;
  },
  renderClosing() {
    return CLOSING;
  },
};

/**
 * The reference's `to-prompt` output exactly: the entries in the order given, each description
 * trimmed but otherwise as written (no cap, no budget), HTML-escaped like Python's html.escape, the
 * location escaped too (the reference forgets to); lines joined by `\n`, no trailing newline.
 */
export function renderAvailableSkillsXml(entries: readonly AvailableSkillEntry[]): string {
  const elements = entries.map((entry) =>
    renderSkillElement(entry.name, entry.description.trim(), entry.location),
  );
  return [OPENING, ...elements, CLOSING].join("\n");
}
