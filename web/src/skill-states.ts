// The skill states in the order the controls show them (the type comes from the server's API types).
import type { SkillState } from "@skillbox/server/server/api-types";

/** Every state, in the order the controls show them. */
export const skillStates: readonly SkillState[] = ["on", "name-only", "user-only", "off"];
