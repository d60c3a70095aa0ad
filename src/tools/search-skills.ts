// The search_skills tool: ranked search over skill names, descriptions, when_to_use and tags, for
// catalogs larger than the Layer 1 budget (the listing's notice points here).

import type { SkillRegistry } from "../registry/skill-registry-types.js";
import { defineTool, type Tool, toolError } from "./define-tool.js";
import { isLoadableByModel, type SkillStateLookup } from "./resolve-loadable-skill.js";

/** The tool's name. */
export const SEARCH_SKILLS_TOOL_NAME = "search_skills";

/** Results returned unless `limit` says otherwise, and the most ever returned. */
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 50;

/** search_skills's input. */
export interface SearchSkillsInput {
  query: string;
  limit?: number;
}

/** What search_skills works from. */
export interface SearchSkillsToolOptions {
  registry: SkillRegistry;
  stateOf?: SkillStateLookup;
}

/** Creates search_skills: `1. name: description` lines, best first, only skills the model may load. */
export function createSearchSkillsTool(options: SearchSkillsToolOptions): Tool<SearchSkillsInput> {
  const { registry, stateOf } = options;
  return defineTool<SearchSkillsInput>({
    name: SEARCH_SKILLS_TOOL_NAME,
    description:
      "Search the available skills by what they do. Use it when no skill in the list fits the task, or when the " +
      "list says some skills were left out. Give a few keywords (e.g. 'pdf forms extract'); then load a result with load_skill.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Keywords describing the task." },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: MAX_SEARCH_LIMIT,
          default: DEFAULT_SEARCH_LIMIT,
          description: "How many results to return (default 10).",
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
    async execute(input) {
      const query = typeof input?.query === "string" ? input.query.trim() : "";
      if (query === "")
        return toolError("query must be a few keywords describing the task, e.g. 'convert pdf to text'.");
      const limit =
        typeof input.limit === "number" && Number.isFinite(input.limit)
          ? Math.min(MAX_SEARCH_LIMIT, Math.max(1, Math.floor(input.limit)))
          : DEFAULT_SEARCH_LIMIT;
      const visible =
        stateOf === undefined
          ? registry.search(query, limit, { modelOnly: true })
          : registry
              .search(query, limit * 4 + 16, { modelOnly: true })
              .filter((result) => isLoadableByModel(registry, result.record, stateOf))
              .slice(0, limit);
      if (visible.length === 0) {
        return {
          content: `No skills match "${query}". Try other or fewer words, or go ahead without a skill.`,
          metadata: { query, results: [] },
        };
      }
      const lines = visible.map(({ record }, index) => {
        const hidden = (stateOf?.(record.name) ?? undefined) === "name-only";
        const description = record.metadata.description.replace(/\s+/g, " ").trim();
        return hidden || description === ""
          ? `${index + 1}. ${record.name}`
          : `${index + 1}. ${record.name}: ${description}`;
      });
      return {
        content: `Skills matching "${query}", best first (load one with load_skill):\n${lines.join("\n")}`,
        metadata: {
          query,
          results: visible.map(({ record, score }) => ({
            name: record.name,
            score: Math.round(score * 1000) / 1000,
          })),
        },
      };
    },
  });
}
