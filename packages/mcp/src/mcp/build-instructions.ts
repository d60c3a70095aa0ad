// The server `instructions`: a short pointer to the skills and a Layer 1 listing within a budget, so a
// host without the skills extension still tells its model what load_skill can give it.

import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";

/**
 * Characters the listing part of the instructions may use; default 2,400 (about 600 tokens). Counted
 * in characters: a token budget would load the tokenizer (seconds) before the first client connects.
 */
export const DEFAULT_INSTRUCTIONS_BUDGET_CHARACTERS = 2400;

const LEAD =
  "This server serves Agent Skills: folders of instructions for specific tasks. Hosts with the skills " +
  "extension (io.modelcontextprotocol/skills) find them with skills/list and read their SKILL.md resources; " +
  "otherwise call load_skill with a skill's name, read_skill_file for its other files, and search_skills " +
  "when no listed skill fits.";

/**
 * The lead sentence plus the registry's Layer 1 text (markdown) within `budgetCharacters`; states
 * apply (`name-only` skills are listed without a description, `off` and `user-only` ones not at all).
 */
export function buildInstructions(
  registry: SkillRegistry,
  budgetCharacters: number = DEFAULT_INSTRUCTIONS_BUDGET_CHARACTERS,
): string {
  const listing = renderSkillCatalog(registry.catalogEntries(), {
    format: "markdown",
    budget: { characters: budgetCharacters },
    countTokens: false,
  })?.text;
  return listing === undefined ? LEAD : `${LEAD}\n\n${listing}`;
}
