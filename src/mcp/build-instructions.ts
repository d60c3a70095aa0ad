// The server `instructions`: a short pointer to the skills and a Layer 1 listing within a budget, so a
// host without the skills extension still tells its model what load_skill can give it.

import type { SkillRegistry } from "../registry/skill-registry-types.js";

/** Tokens the listing part of the instructions may use; default 600. */
export const DEFAULT_INSTRUCTIONS_BUDGET_TOKENS = 600;

const LEAD =
  "This server serves Agent Skills: folders of instructions for specific tasks. Hosts with the skills " +
  "extension (io.modelcontextprotocol/skills) find them with skills/list and read skill://<name>/SKILL.md; " +
  "otherwise call load_skill with a skill's name, read_skill_file for its other files, and search_skills " +
  "when no listed skill fits.";

/**
 * The lead sentence plus the registry's Layer 1 text (markdown) within `budgetTokens`; states apply
 * (`name-only` skills are listed by name without a description, `off` and `user-only` ones not at all).
 */
export function buildInstructions(
  registry: SkillRegistry,
  budgetTokens: number = DEFAULT_INSTRUCTIONS_BUDGET_TOKENS,
): string {
  const listing = registry.buildReminder({ format: "markdown", budget: { tokens: budgetTokens } });
  return listing === undefined ? LEAD : `${LEAD}\n\n${listing}`;
}
