// The lightest composition the workspace offers: the default roots (or given folders) and a
// registry over them, with no config file, no store and no agent. Library users embedding the
// skill tools in their own loop (skillbox/integrations) start here; openWorkspace adds the rest.
import { homedir } from "node:os";
import { resolveDefaultRoots } from "./discovery/skill-roots.js";
import { createSkillRegistry } from "./skill-registry.js";
import type { SkillRegistry } from "./skill-registry-types.js";

export interface OpenSkillRegistryOptions {
  /** Skill folders, highest precedence first; they replace the default roots. */
  dirs?: readonly string[];
  /** Working folder for the default project roots and relative `dirs`; default `process.cwd()`. */
  cwd?: string;
  /** Home folder for the default user roots; default `os.homedir()`. */
  home?: string;
}

/** A registry over the default roots (or `dirs`), as openWorkspace builds one, without config or store. */
export function openSkillRegistry(options: OpenSkillRegistryOptions = {}): SkillRegistry {
  const cwd = options.cwd ?? process.cwd();
  return createSkillRegistry({
    roots: resolveDefaultRoots({
      cwd,
      home: options.home ?? homedir(),
      directories: options.dirs ?? [],
    }),
    cwd,
  });
}
