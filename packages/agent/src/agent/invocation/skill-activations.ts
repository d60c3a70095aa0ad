// The skills active in one agent's session: each keeps its permission scope (allowed-tools
// pre-approved, disallowed-tools denied) and its hooks until the session ends — not just one turn.

import type { HookBus } from "@skillbox/core/agent/hooks/hooks";
import type { PermissionScope } from "@skillbox/core/agent/permissions/permissions";
import type { SkillHookEntry } from "@skillbox/core/skills/skill-metadata";
import type { SkillLoaded } from "@skillbox/core/tools/skill-loaded";

/** What activating a skill needs to know about it. */
export interface SkillActivation {
  name: string;
  allowedTools: string[];
  disallowedTools?: string[];
  hooks?: Record<string, SkillHookEntry[]>;
  directory?: string;
}

/** What activating a loaded skill needs, from its `skill-loaded` data. */
export function activationOf(loaded: SkillLoaded): SkillActivation {
  return {
    name: loaded.name,
    allowedTools: loaded.allowedTools,
    disallowedTools: loaded.disallowedTools,
    ...(loaded.hooks === undefined ? {} : { hooks: loaded.hooks }),
    directory: loaded.skillDir,
  };
}

/** The active skills of one agent. */
export interface SkillActivations {
  /** Pushes the skill's scope and registers its hooks; false (and nothing done) when it is already active. */
  activate(skill: SkillActivation): boolean;
  isActive(name: string): boolean;
  /** Scopes in activation order, innermost last. */
  scopes(): readonly PermissionScope[];
  /** Pops every scope and removes every skill hook (session end). */
  disposeAll(): void;
}

/** Creates an empty set of activations whose skill hooks go to `hooks`. */
export function createSkillActivations(options: { hooks?: HookBus; cwd?: string } = {}): SkillActivations {
  const active = new Map<string, { scope: PermissionScope; dispose: () => void }>();
  return {
    activate(skill) {
      if (active.has(skill.name)) return false;
      const scope: PermissionScope = { skill: skill.name, allowedTools: [...skill.allowedTools] };
      if (skill.disallowedTools !== undefined && skill.disallowedTools.length > 0) {
        scope.disallowedTools = [...skill.disallowedTools];
      }
      const hooks = skill.hooks ?? {};
      const dispose =
        options.hooks !== undefined && Object.keys(hooks).length > 0
          ? options.hooks.registerScoped(hooks, {
              skill: skill.name,
              skillDirectory: skill.directory,
              cwd: options.cwd,
            })
          : () => undefined;
      active.set(skill.name, { scope, dispose });
      return true;
    },
    isActive: (name) => active.has(name),
    scopes: () => [...active.values()].map((entry) => entry.scope),
    disposeAll() {
      for (const entry of active.values()) entry.dispose();
      active.clear();
    },
  };
}
