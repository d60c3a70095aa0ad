// Seed 004's Layer 1 list: an instruction line, then `  - name: description [tags]` per skill.

import type { CatalogFormat } from "./catalog-format.js";
import { collapseToLine, escapePlainText } from "./escape-text.js";

/** `  - name: description [tag, tag]`, with a "Skills available:" lead-in. */
export const plainCatalogFormat: CatalogFormat = {
  renderOpening(tools) {
    return `Use ${tools.load} to access specialized knowledge before tackling unfamiliar topics.\n\nSkills available:`;
  },
  renderEntry(entry, description) {
    const name = escapePlainText(collapseToLine(entry.name));
    if (description === undefined) return `  - ${name}`;
    const tags = entry.tags
      .map((tag) => escapePlainText(collapseToLine(tag).replace(/[[\],]/g, "")))
      .filter((tag) => tag !== "");
    const suffix = tags.length > 0 ? ` [${tags.join(", ")}]` : "";
    return `  - ${name}: ${escapePlainText(description)}${suffix}`;
  },
  renderNotice(notice) {
    return `\n${escapePlainText(notice)}`;
  },
  renderMapLeadIn(leadIn) {
    return `\n${escapePlainText(leadIn)}`;
  },
  renderArea(label, description) {
    return `  - [${escapePlainText(collapseToLine(label))}] ${escapePlainText(description)}`;
  },
  renderAreaRest(description) {
    return `  - ${escapePlainText(description)}`;
  },
  renderClosing() {
    return "";
  },
};
