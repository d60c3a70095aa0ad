// Picks skills from a scan by `--skill` selectors (name, folder path, case-insensitive name, folder
// name); with none, every installable skill. Ambiguous or unknown selectors are errors (pure).
import { SkillboxError } from "@skillbox/core/errors";
import type { FoundSkill } from "./describe-found-skill.js";

/** The chosen skills and the ones left out because they cannot be installed. */
export interface SkillSelection {
  chosen: FoundSkill[];
  skipped: FoundSkill[];
}

/** Resolves `selectors` against `skills`; explicitly chosen skills that cannot be installed are errors. */
export function selectFoundSkills(
  skills: readonly FoundSkill[],
  selectors: readonly string[] = [],
): SkillSelection {
  if (selectors.length === 0) {
    return {
      chosen: skills.filter((skill) => skill.installable),
      skipped: skills.filter((skill) => !skill.installable),
    };
  }
  const chosen: FoundSkill[] = [];
  for (const selector of selectors) {
    const skill = findOne(skills, selector);
    if (!skill.installable) {
      const reason = skill.diagnostics.find((item) => item.severity === "error")?.message ?? "it has errors";
      throw new SkillboxError(
        "install-error",
        `'${skill.name}' (${skill.skillPath || "."}) cannot be installed: ${reason}`,
      );
    }
    if (!chosen.includes(skill)) chosen.push(skill);
  }
  return { chosen, skipped: [] };
}

function findOne(skills: readonly FoundSkill[], selector: string): FoundSkill {
  const wanted = selector.replace(/^\.\/|\/$/g, "");
  const rules: Array<(skill: FoundSkill) => boolean> = [
    (skill) => skill.name === wanted,
    (skill) => skill.skillPath === wanted,
    (skill) => skill.name.toLowerCase() === wanted.toLowerCase(),
    (skill) => (skill.skillPath.split("/").pop() ?? "").toLowerCase() === wanted.toLowerCase(),
  ];
  for (const rule of rules) {
    const matches = skills.filter(rule);
    if (matches.length === 1 && matches[0]) return matches[0];
    if (matches.length > 1) {
      const paths = matches.map((skill) => skill.skillPath || ".").join(", ");
      throw new SkillboxError(
        "invalid-argument",
        `--skill ${selector} matches several skills (${paths}); give the folder path.`,
      );
    }
  }
  const names = skills.map((skill) => skill.name).join(", ");
  throw new SkillboxError(
    "skill-not-found",
    `No skill '${selector}' in this source. Found: ${names || "none"}.`,
    {
      data: { name: selector },
    },
  );
}
