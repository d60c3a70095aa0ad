// The skill states in the order the controls show them (the type comes from the server's API types).
import type { SkillState } from "../../src/server/api-types.js";

/** Every state, in the order the controls show them. */
export const skillStates: readonly SkillState[] = ["on", "name-only", "user-only", "off"];
