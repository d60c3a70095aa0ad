// Temp folders for the agent command tests (run, chat): `home/`, `project/` and `skills/` under one base.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

/** Creates a temp base (named with `prefix`) holding empty `home`, `project` and `skills`; returns it. */
export function createAgentRunFolders(prefix: string): string {
  const base = mkdtempSync(path.join(tmpdir(), prefix));
  for (const folder of ["home", "project", "skills"]) mkdirSync(path.join(base, folder));
  return base;
}

/** Writes `<base>/skills/<name>/SKILL.md` with the given frontmatter lines (after `name:`) and body. */
export function writeAgentSkill(base: string, name: string, frontmatter: string, body: string): void {
  mkdirSync(path.join(base, "skills", name), { recursive: true });
  writeFileSync(
    path.join(base, "skills", name, "SKILL.md"),
    `---\nname: ${name}\n${frontmatter}\n---\n${body}\n`,
  );
}
