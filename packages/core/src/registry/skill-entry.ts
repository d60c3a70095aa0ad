// The registry's plain-data view of one skill the model may load: what Layer 1 and the load tool list
// are built from (prompt/ reads these; the registry itself renders nothing).

import type { SkillState } from "../store/skill-state.js";

/** One model-invocable skill, as plain data, with its usage score and effective state. */
export interface SkillEntry {
  name: string;
  description: string;
  /** The `when_to_use` field, when present. */
  whenToUse?: string;
  tags: string[];
  /** Absolute path of the skill's SKILL.md. */
  location: string;
  /** Usage score, higher first (see computeUsageScore). */
  score: number;
  /** Never used and first seen within the new-skill window. */
  isNew: boolean;
  /** Effective state from settings (`on` when none is set); never `off` or `user-only` here. */
  state: SkillState;
  /** A person may also run it by name (`user-invocable` is not false). */
  userInvocable: boolean;
  /** The area of the library it belongs to, when its folders name one (see skillNamespace). */
  namespace?: string;
}
