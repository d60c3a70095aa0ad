// Who may invoke a skill: the model (Layer 1 and the load tool) and the person (`/name`), per seed 000.

import type { SkillState } from "../store/skill-state.js";
import type { SkillRecord } from "./index/skill-record.js";

/**
 * True when the model may load the skill through the load tool (and the tool description lists it):
 * it is not shadowed, `disable-model-invocation` is false, a conditional skill has been activated,
 * and its state is neither `off` nor `user-only`. Activation never overrides an explicit
 * `disable-model-invocation: true`.
 */
export function isModelInvocable(record: SkillRecord, state?: SkillState): boolean {
  if (record.shadowed || record.metadata.disableModelInvocation) return false;
  if (record.conditional && !record.activated) return false;
  return state !== "off" && state !== "user-only";
}

/**
 * True when the Layer 1 listing shows the skill: exactly when the model may load it. A
 * `user-invocable: false` skill is model-only, so it is listed above all; `disable-model-invocation`
 * ones are not.
 */
export function isListedForModel(record: SkillRecord, state?: SkillState): boolean {
  return isModelInvocable(record, state);
}

/**
 * True when a person may run the skill explicitly (`/name`, or `/label:name` when shadowed), even
 * when `disable-model-invocation` hides it from the model. False only for `user-invocable: false` or state `off`.
 */
export function isUserInvocable(record: SkillRecord, state?: SkillState): boolean {
  return record.metadata.userInvocable && state !== "off";
}
