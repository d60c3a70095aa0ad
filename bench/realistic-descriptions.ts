// Gives a generated skill tree descriptions with realistic vocabulary (real technical nouns, tools
// and a Zipf-distributed domain vocabulary), padded with generic sentences to the length the tree
// generator chose, so frontmatter sizes keep their distribution and search quality means something.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRandom, generateSyntheticSkills } from "../src/registry/__fixtures__/synthetic-skills.js";
import type { GeneratedSkillTree } from "./generate-skills.js";

/** One skill after the rewrite. */
export interface DescribedSkill {
  name: string;
  file: string;
  /** The description as written, or undefined for the few generated without one (broken on purpose). */
  description: string | undefined;
}

// Boilerplate real descriptions carry: common words, so they never count as distinctive.
const FILLER = [
  "Use it when the user asks for this kind of task in the current project.",
  "It explains each step before running anything and reports what changed.",
  "Works with the files in the working directory and keeps the original files untouched.",
  "Prefer it over ad hoc commands because it follows the team conventions.",
  "It asks before making changes that cannot be undone.",
  "The output is a short summary followed by the details.",
  "Also covers the common mistakes and how to avoid them.",
  "Designed for everyday use by developers and analysts alike.",
];

/**
 * Rewrites the `description:` line of every SKILL.md in `tree` (skills without one keep none; a
 * `Use when:` prefix the generator added to break YAML is kept). Deterministic for a seed.
 */
export function applyRealisticDescriptions(tree: GeneratedSkillTree, seed = 42): DescribedSkill[] {
  const synthetic = generateSyntheticSkills(tree.directories.length, seed);
  const random = createRandom(seed + 1);
  return tree.directories.map((directory, index) => {
    const file = join(directory, "SKILL.md");
    const text = readFileSync(file, "utf8");
    const name = /^name: (.*)$/m.exec(text)?.[1]?.trim() ?? "";
    const match = /^description: (.*)$/m.exec(text);
    if (match === null) return { name, file, description: undefined };
    const original = match[1] ?? "";
    const prefix = original.startsWith("Use when: ") ? "Use when: " : "";
    const skill = synthetic[index];
    let description = `${skill?.description ?? ""}${skill?.whenToUse ? ` ${skill.whenToUse}` : ""}`;
    while (description.length + prefix.length < original.length) {
      description += ` ${FILLER[Math.floor(random() * FILLER.length)]}`;
    }
    description = `${prefix}${description}`;
    writeFileSync(
      file,
      text.replace(match[0], () => `description: ${description}`),
    );
    return { name, file, description };
  });
}
