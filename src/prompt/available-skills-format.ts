// The specification's catalog (`skills-ref to-prompt`): `<available_skills>` with one element per line.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapeXml } from "./escape-text.js";

/**
 * `<available_skills><skill><name>…</name><description>…</description><location>…</location></skill>…`
 * in the reference's multi-line layout. Unlike the reference, the location is escaped too, and a
 * name-only entry has no `<description>` element. The budget notice follows the closing tag.
 */
export const availableSkillsFormat: CatalogFormat = {
  renderOpening() {
    return "<available_skills>";
  },
  renderEntry(entry, description) {
    const lines = ["<skill>", "<name>", escapeXml(collapseToLine(entry.name)), "</name>"];
    if (description !== undefined) lines.push("<description>", escapeXml(description), "</description>");
    lines.push("<location>", escapeXml(collapseToLine(entry.location)), "</location>", "</skill>");
    return lines.join("\n");
  },
  // After the closing tag, so the element keeps the reference's exact structure.
  noticePlacement: "after",
  renderNotice(notice) {
    return escapeXml(notice);
  },
  renderClosing() {
    return "</available_skills>";
  },
};
