// The registry as the MCP tools see it. Over MCP the client is the agent: it works on files this
// server never sees, so a `paths:` skill can never be activated by them here. The view offers such
// skills as if activated (loadable when asked for, listed with the others); everything else — states,
// shadowing, disable-model-invocation — is the registry's own verdict.

import { buildSkillEntries } from "@skillbox/core/registry/build-skill-entries";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillEntry } from "@skillbox/core/registry/skill-entry";
import type { SkillRegistry, SkillSearchResult } from "@skillbox/core/registry/skill-registry-types";
import { sortByScore } from "@skillbox/core/registry/sort-by-score";
import { usageKeyOf } from "@skillbox/core/registry/usage-key";
import type { SkillState } from "@skillbox/core/store/skill-state";
import type { UsageStat } from "@skillbox/core/store/usage-store";

/** What the view needs besides the registry. */
export interface RemoteAgentRegistryOptions {
  stateOf(name: string): SkillState;
  /** What an entry's `location` says instead of the SKILL.md path on disk (its served URI). */
  locate(record: SkillRecord): string;
}

/**
 * A registry that delegates to `registry`, except that a `paths:` skill still waiting for a matching
 * file is model-invocable, and entries name each skill by `locate` instead of its path on disk.
 */
export function remoteAgentRegistry(
  registry: SkillRegistry,
  options: RemoteAgentRegistryOptions,
): SkillRegistry {
  const recordOf = (target: string | SkillRecord) =>
    typeof target === "string" ? registry.get(target) : target;
  const waiting = (record: SkillRecord | undefined) =>
    record !== undefined && registry.modelVisibility(record) === "waiting-for-paths";
  const invocable = (target: string | SkillRecord) => {
    const record = recordOf(target);
    return record !== undefined && (registry.isModelInvocable(record) || waiting(record));
  };

  function entries(): SkillEntry[] {
    const pending = registry.list({ includeShadowed: false }).filter(waiting);
    const usage = new Map<string, UsageStat>();
    for (const record of pending) {
      const stat = registry.usageOf(record);
      if (stat !== undefined) usage.set(usageKeyOf(record), stat);
    }
    const extra = buildSkillEntries(
      pending.map((record) => ({ ...record, activated: true })),
      { usage, now: Date.now(), stateOf: (record) => options.stateOf(record.name) },
    );
    // Copies: the registry's own entries may be shared with other readers of the same workspace.
    const all = [...registry.toolEntries(), ...extra].map((entry) => {
      const record = registry.get(entry.name);
      return record === undefined ? entry : { ...entry, location: options.locate(record) };
    });
    return extra.length === 0 ? all : sortByScore(all);
  }

  const overrides: Partial<SkillRegistry> = {
    isModelInvocable: invocable,
    isListedForModel: invocable,
    modelVisibility: (record) => (waiting(record) ? "listed" : registry.modelVisibility(record)),
    catalogEntries: entries,
    toolEntries: entries,
    search(query, limit = 10, searchOptions = {}) {
      if (searchOptions.modelOnly !== true) return registry.search(query, limit, searchOptions);
      // Ranked over every winner, then cut to what the view lets the model load: more hits than
      // wanted first, every hit when too many were hidden.
      let results: SkillSearchResult[] = [];
      for (const want of [limit * 4 + 16, Number.MAX_SAFE_INTEGER]) {
        const hits = registry.search(query, want, { modelOnly: false });
        results = hits.filter((result) => invocable(result.record));
        if (results.length >= limit || hits.length < want) break;
      }
      return results.slice(0, limit);
    },
  };
  // Every other method is the registry's own (its methods close over its state, not `this`).
  return Object.assign(Object.create(registry) as SkillRegistry, overrides);
}
