// The lookup from a Layer 1 format name to its implementation.

import { availableSkillsFormat } from "./available-skills-format.js";
import type { CatalogFormat, CatalogFormatName } from "./catalog-format.js";
import { markdownCatalogFormat } from "./markdown-catalog-format.js";
import { plainCatalogFormat } from "./plain-catalog-format.js";
import { toolListFormat } from "./tool-list-format.js";
import { xmlCatalogFormat } from "./xml-catalog-format.js";

const FORMATS: Record<CatalogFormatName | "tool-list", CatalogFormat> = {
  xml: xmlCatalogFormat,
  markdown: markdownCatalogFormat,
  plain: plainCatalogFormat,
  "available-skills": availableSkillsFormat,
  "tool-list": toolListFormat,
};

/** The implementation of a format; `tool-list` is the load_skill description's internal list. */
export function getCatalogFormat(name: CatalogFormatName | "tool-list"): CatalogFormat {
  return FORMATS[name];
}
