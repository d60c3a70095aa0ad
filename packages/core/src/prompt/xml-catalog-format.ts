// Seed 000's Layer 1 block: a `<system-reminder>` lead-in and one `- name: description` line per skill.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapeXmlText } from "./escape-text.js";

/** `<system-reminder>` with a lead-in, `- name: description` lines, XML-escaped. */
export const xmlCatalogFormat: CatalogFormat = {
  renderOpening(tools) {
    return [
      "<system-reminder>",
      `The following skills are available. Each holds instructions for one kind of task. Before starting a task that matches a skill, or one you are unfamiliar with, call the ${tools.load} tool with the skill's name to read its instructions.`,
      "",
    ].join("\n");
  },
  renderEntry(entry, description) {
    const name = escapeXmlText(collapseToLine(entry.name));
    return description === undefined ? `- ${name}` : `- ${name}: ${escapeXmlText(description)}`;
  },
  renderNotice(notice) {
    return `\n${escapeXmlText(notice)}`;
  },
  renderMapLeadIn(leadIn) {
    return `\n${escapeXmlText(leadIn)}`;
  },
  renderArea(label, description) {
    return `- [${escapeXmlText(collapseToLine(label))}] ${escapeXmlText(description)}`;
  },
  renderAreaRest(description) {
    return `- ${escapeXmlText(description)}`;
  },
  renderClosing() {
    return "</system-reminder>";
  },
};
