// Seed 003's Layer 1 section: `### Available Skills`, an instruction, and `- **name**: description` bullets.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapeMarkdownStrong, escapeMarkdownText, escapePlainText } from "./escape-text.js";

/** `### Available Skills` with bold-name bullets; names and descriptions cannot break the list. */
export const markdownCatalogFormat: CatalogFormat = {
  renderOpening(tools) {
    return [
      "### Available Skills",
      "",
      `Skills hold instructions for specific kinds of tasks. Before starting a task that matches a skill below, call the \`${tools.load}\` tool with the skill's name to read its instructions.`,
      "",
    ].join("\n");
  },
  renderEntry(entry, description) {
    const name = `**${escapeMarkdownStrong(collapseToLine(entry.name))}**`;
    return description === undefined ? `- ${name}` : `- ${name}: ${escapeMarkdownText(description)}`;
  },
  renderNotice(notice) {
    return `\n${escapeMarkdownText(notice)}`;
  },
  renderMapLeadIn(leadIn) {
    return `\n${escapeMarkdownText(leadIn)}`;
  },
  renderArea(label, description) {
    // A code span shows `azure-*` as written; a backtick in the label could end it early.
    const code = escapePlainText(collapseToLine(label)).replace(/`/g, "");
    return `- \`${code}\` ${escapeMarkdownText(description)}`;
  },
  renderAreaRest(description) {
    return `- ${escapeMarkdownText(description)}`;
  },
  renderClosing() {
    return "";
  },
};
