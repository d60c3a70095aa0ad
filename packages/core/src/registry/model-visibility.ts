// What the model gets of a skill, and if nothing, why: the one rule behind the HTTP API's
// modelVisibility and `list --json` (ModelVisibility in docs/http-api.md).
import type { SkillState } from "../store/skill-state.js";
import type { SkillRecord } from "./index/skill-record.js";
import { isModelInvocable } from "./invocation-flags.js";

/**
 * `listed` (in Layer 1, and the load tool takes it), or why it is hidden: its `state` (off,
 * user-only), `shadowed`, `disable-model-invocation`, or `waiting-for-paths` (a `paths:` skill no
 * matching file has activated yet).
 */
export type ModelVisibility =
  | "listed"
  | "state"
  | "shadowed"
  | "disable-model-invocation"
  | "waiting-for-paths";

/**
 * The first reason that applies, in the order the registry checks them; `listed` exactly when
 * isModelInvocable (and so isListedForModel) holds for the same state.
 */
export function describeModelVisibility(record: SkillRecord, state?: SkillState): ModelVisibility {
  if (isModelInvocable(record, state)) return "listed";
  if (record.shadowed) return "shadowed";
  if (state === "off" || state === "user-only") return "state";
  if (record.metadata.disableModelInvocation) return "disable-model-invocation";
  if (record.conditional && !record.activated) return "waiting-for-paths";
  return "state";
}
