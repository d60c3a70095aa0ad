// What the model gets of a skill, and if nothing, why — the same reasons the HTTP API gives
// (ModelVisibility in docs/http-api.md), for `list`.
import type { SkillRecord } from "../registry/skill-record.js";
import type { Workspace } from "../workspace/workspace.js";

/**
 * `listed` (in Layer 1), `loadable` (not listed, but the load tool takes it), or why it is hidden:
 * its `state`, `shadowed`, `disable-model-invocation`, or `waiting-for-paths` (a `paths:` skill no
 * matching file has activated yet).
 */
export type ModelVisibility =
  | "listed"
  | "loadable"
  | "state"
  | "shadowed"
  | "disable-model-invocation"
  | "waiting-for-paths";

/** The first reason that applies, in the order the registry checks them. */
export function describeModelVisibility(workspace: Workspace, record: SkillRecord): ModelVisibility {
  const { registry } = workspace;
  if (registry.isListedForModel(record)) return "listed";
  if (registry.isModelInvocable(record)) return "loadable";
  if (record.shadowed) return "shadowed";
  const state = workspace.stateOf(record.name);
  if (state === "off" || state === "user-only") return "state";
  if (record.metadata.disableModelInvocation) return "disable-model-invocation";
  if (record.conditional && !record.activated) return "waiting-for-paths";
  return "state";
}
