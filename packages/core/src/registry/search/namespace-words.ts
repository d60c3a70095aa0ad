// Where a skill lives, as words for search: the folders between its root and its own folder (a
// plugin, a vendor, a category), an installed folder's own name (`<owner>__<repo>__<dir>`), and a
// `prefix:` of its name. Requests often name the area ("in our azure setup") rather than the skill.

import { splitSearchWords } from "./analyze-search-text.js";

// Folders that only say "skills are here" (skills/, plugins/, .claude/ …): they name no area.
const STRUCTURAL_FOLDERS = new Set(["skills", "skill", "plugins", "plugin"]);

/**
 * The namespace words of a skill named `name` whose folder is `relativeDirectory` under its root
 * (either separator). `plugins/acme/skills/deploy` gives "acme"; `acme:deploy` gives "acme".
 */
export function namespaceWords(name: string, relativeDirectory: string): string {
  const words: string[] = [];
  const colon = name.lastIndexOf(":");
  if (colon > 0) words.push(name.slice(0, colon));
  const segments = relativeDirectory.split(/[\\/]/).filter((segment) => segment !== "");
  const nameWords = splitSearchWords(name).join(" ");
  segments.forEach((segment, index) => {
    if (segment.startsWith(".") || STRUCTURAL_FOLDERS.has(segment.toLowerCase())) return;
    // The skill's own folder adds nothing when it is just the name.
    if (index === segments.length - 1 && splitSearchWords(segment).join(" ") === nameWords) return;
    words.push(segment);
  });
  return words.join(" ");
}
