// What the list says about a skill's visibility to the model: the hint under its state control and
// a badge, worded so the two never contradict each other (a "hidden" badge beside "Listed").
import type { SkillSummary } from "@skillbox/server/server/api-types";
import { stateExplanations } from "./state-control.js";

/** A short badge beside the skill's name. */
export interface VisibilityBadge {
  label: string;
  title: string;
}

/** The hint under the state control and the badge, if any. */
export interface VisibilityDescription {
  hint: string;
  badge?: VisibilityBadge;
}

/**
 * Describes the skill's state as the model actually gets it. Only `on` and `name-only` can disagree
 * with what the model sees (the frontmatter, paths or user-invocable decide too); then the hint says
 * why instead of "Listed for the model".
 */
export function describeModelVisibility(
  skill: Pick<SkillSummary, "state" | "modelVisibility">,
): VisibilityDescription {
  const stated = stateExplanations[skill.state];
  if (skill.state !== "on" && skill.state !== "name-only") return { hint: stated };
  switch (skill.modelVisibility) {
    case "disable-model-invocation":
      return {
        hint: "Hidden from the model by its frontmatter (disable-model-invocation: true); you can still run it.",
        badge: { label: "hidden from model", title: "Its frontmatter sets disable-model-invocation: true." },
      };
    case "waiting-for-paths":
      return {
        hint: "Listed for the model once a file matching its paths is read or edited.",
        badge: {
          label: "waits for paths",
          title: "A conditional skill: its paths have not matched a file yet.",
        },
      };
    default:
      // listed, shadowed (the control says so), or state: the state's own sentence is true.
      return { hint: stated };
  }
}
