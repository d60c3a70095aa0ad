// Writes skills into a temp folder and serves them through the SkillSource interface, parsed with
// the real lenient loader, for user-invocation and agent tests.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import type { SkillSource } from "../invocation/user-invocation.js";

/** Writes `<root>/<name>/SKILL.md` for each entry and returns a SkillSource over them. */
export async function createTestSkillSource(root: string, skills: Record<string, string>): Promise<SkillSource> {
  for (const [name, text] of Object.entries(skills)) {
    await mkdir(path.join(root, name), { recursive: true });
    await writeFile(path.join(root, name, "SKILL.md"), text);
  }
  const load = (name: string) => {
    if (!(name in skills)) return undefined;
    const file = path.join(root, name, "SKILL.md");
    return loadSkillText(readFileSync(file, "utf8"), { path: file, directoryName: name });
  };
  return {
    get(name) {
      const loaded = load(name);
      return loaded === undefined ? undefined : { name, metadata: loaded.metadata, directory: path.join(root, name) };
    },
    readBody(name) {
      const loaded = load(name);
      if (loaded === undefined) throw new Error(`no skill ${name}`);
      return loaded.body;
    },
    names: () => Object.keys(skills),
  };
}
