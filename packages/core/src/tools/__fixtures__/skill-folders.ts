// Test helpers for the skill tools: a temp root of skill folders and a registry over it.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { createSkillRegistry } from "../../registry/skill-registry.js";
import type { SkillRegistry, SkillRegistryOptions } from "../../registry/skill-registry-types.js";

/** A temp folder with a `skills` root inside, and a way to remove it. */
export interface SkillFolders {
  base: string;
  root: string;
  /** Writes `<root>/<name>/SKILL.md` from frontmatter lines and a body; returns the folder. */
  addSkill(name: string, frontmatter: Record<string, string>, body?: string): string;
  /** Writes any file under the root. */
  write(relative: string, content: string | Uint8Array): string;
  registry(options?: Partial<SkillRegistryOptions>): SkillRegistry;
  remove(): void;
}

/** Creates the temp folders (real paths, so symlink checks compare like with like). */
export function createSkillFolders(): SkillFolders {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-tools-")));
  const root = path.join(base, "skills");
  mkdirSync(root);
  const write = (relative: string, content: string | Uint8Array) => {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  return {
    base,
    root,
    addSkill(name, frontmatter, body = "Do the thing.\n") {
      const fields = { name, description: `Helps with ${name}.`, ...frontmatter };
      const lines = Object.entries(fields).map(([key, value]) => `${key}: ${value}`);
      write(`${name}/SKILL.md`, `---\n${lines.join("\n")}\n---\n${body}`);
      return path.join(root, name);
    },
    write,
    registry(options = {}) {
      return createSkillRegistry({ roots: [{ label: "test", path: root, scope: "custom" }], ...options });
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}
