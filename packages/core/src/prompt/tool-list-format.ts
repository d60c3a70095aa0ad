// The skill list inside the load_skill tool's description (seed 000's build_tool_description).

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapePlainText } from "./escape-text.js";

/** `- name: description` lines after a short explanation of the tool. */
export const toolListFormat: CatalogFormat = {
  renderOpening(tools) {
    return [
      `Load a skill with ${tools.load}: it returns the skill's full instructions and its base directory (relative paths in the instructions resolve against it).`,
      "Call it before starting a task that matches one of the skills below, then follow the instructions it returns. Do not load a skill that is already loaded in this conversation.",
      "",
      "Skills:",
    ].join("\n");
  },
  renderEntry(entry, description) {
    const name = escapePlainText(collapseToLine(entry.name));
    return description === undefined ? `- ${name}` : `- ${name}: ${escapePlainText(description)}`;
  },
  renderNotice(notice) {
    return `\n${escapePlainText(notice)}`;
  },
  renderMapLeadIn(leadIn) {
    return `\n${escapePlainText(leadIn)}`;
  },
  renderArea(label, description) {
    return `- [${escapePlainText(collapseToLine(label))}] ${escapePlainText(description)}`;
  },
  renderAreaRest(description) {
    return `- ${escapePlainText(description)}`;
  },
  renderClosing() {
    return "";
  },
};
