// Seed 003's Layer 1 section: `### Available Skills`, an instruction, and `- **name**: description` bullets.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapeMarkdownStrong, escapeMarkdownText } from "./escape-text.js";

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
  renderClosing() {
    return "";
  },
};
