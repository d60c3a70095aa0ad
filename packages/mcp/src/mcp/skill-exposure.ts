// How a skill's state decides what an MCP client sees of it: skill resources, a skills/list entry,
// an MCP prompt.

import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { isUserInvocable } from "@skillbox/core/registry/invocation-flags";
import type { SkillState } from "@skillbox/core/store/skill-state";

/** What of one skill is served. */
export interface SkillExposure {
  /** Its files are `skill://` resources (resources/read, skills/get, directory reads). */
  resources: boolean;
  /** It appears in skills/list (hosts discover it without being told its URI). */
  listed: boolean;
  /** It is an MCP prompt (clients offer prompts as slash commands). */
  prompt: boolean;
}

/**
 * `off`: nothing. `user-only`: only the prompt. `disable-model-invocation: true`: served and
 * answered by skills/get, but left out of skills/list (hosts would hand it to the model) — a
 * partial listing the extension allows. Otherwise (`on`, `name-only`): served and listed. The
 * prompt follows `user-invocable` whatever the other two say.
 */
export function skillExposure(record: SkillRecord, state: SkillState | undefined): SkillExposure {
  if (state === "off") return { resources: false, listed: false, prompt: false };
  const prompt = isUserInvocable(record, state);
  if (state === "user-only") return { resources: false, listed: false, prompt };
  return { resources: true, listed: !record.metadata.disableModelInvocation, prompt };
}
