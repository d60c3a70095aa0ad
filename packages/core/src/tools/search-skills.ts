// The search_skills tool: ranked search over skill names, descriptions, when_to_use and tags, for
// catalogs larger than the Layer 1 budget (the listing's notice points here).

import { hybridSearch } from "../registry/semantic/hybrid-search.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import { defineTool, type Tool, toolError } from "./define-tool.js";
import { type InputOf, inputObject, integerField, stringField } from "./input-schema.js";
import { LOAD_SKILL_TOOL, SEARCH_SKILLS_TOOL } from "./tool-names.js";

/** Results returned unless `limit` says otherwise, and the most ever returned. */
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;

const searchSkillsInput = inputObject({
  query: stringField({ description: "Keywords describing the task." }),
  limit: integerField({
    min: 1,
    max: MAX_SEARCH_LIMIT,
    clamp: true,
    default: DEFAULT_SEARCH_LIMIT,
    description: `How many results to return (default ${DEFAULT_SEARCH_LIMIT}).`,
  }).optional(),
});

/** search_skills's input. */
export type SearchSkillsInput = InputOf<typeof searchSkillsInput>;

/** What search_skills works from. */
export interface SearchSkillsToolOptions {
  /** The skills, with their states built in. */
  registry: SkillRegistry;
}

/** Creates search_skills: `1. name: description` lines, best first, only skills the model may load. */
export function createSearchSkillsTool(options: SearchSkillsToolOptions): Tool<SearchSkillsInput> {
  const { registry } = options;
  return defineTool({
    name: SEARCH_SKILLS_TOOL,
    description:
      "Search the available skills by what they do. Use it when no skill in the list fits the task, or when the " +
      `list says some skills were left out. Give a few keywords (e.g. 'pdf forms extract'); then load a result with ${LOAD_SKILL_TOOL}.`,
    inputSchema: searchSkillsInput,
    async execute(input) {
      const query = input.query.trim();
      if (query === "")
        return toolError("query must be a few keywords describing the task, e.g. 'convert pdf to text'.");
      const visible = await hybridSearch(registry, query, input.limit ?? DEFAULT_SEARCH_LIMIT, {
        modelOnly: true,
      });
      if (visible.length === 0) {
        return {
          content: `No skills match "${query}". Try other or fewer words, or go ahead without a skill.`,
          metadata: { query, results: [] },
        };
      }
      // A `name-only` skill shows its name alone, as in load_skill's description.
      const hidden = new Set(
        registry
          .toolEntries()
          .filter((entry) => entry.state === "name-only")
          .map((entry) => entry.name),
      );
      const lines = visible.map(({ record }, index) => {
        const description = record.metadata.description.replace(/\s+/g, " ").trim();
        return hidden.has(record.name) || description === ""
          ? `${index + 1}. ${record.name}`
          : `${index + 1}. ${record.name}: ${description}`;
      });
      return {
        content: `Skills matching "${query}", best first (load one with ${LOAD_SKILL_TOOL}):\n${lines.join("\n")}`,
        metadata: {
          query,
          results: visible.map(({ record, score, confidence }) => ({
            name: record.name,
            score: Math.round(score * 1000) / 1000,
            confidence: Math.round(confidence * 1000) / 1000,
          })),
        },
      };
    },
  });
}
