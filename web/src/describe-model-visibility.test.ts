import type { ModelVisibility, SkillState } from "@skillbox/server/server/api-types";
import { describe, expect, it } from "vitest";
import { describeModelVisibility } from "./describe-model-visibility.js";
import { skillStates } from "./skill-states.js";

const visibilities: ModelVisibility[] = [
  "listed",
  "state",
  "shadowed",
  "disable-model-invocation",
  "waiting-for-paths",
];

describe("describeModelVisibility", () => {
  it("never shows a 'hidden from model' badge beside a hint that says the skill is listed", () => {
    for (const state of skillStates) {
      for (const modelVisibility of visibilities) {
        const { hint, badge } = describeModelVisibility({ state, modelVisibility });
        if (badge?.label === "hidden from model") {
          expect(hint, `${state}/${modelVisibility}`).not.toMatch(/^Listed for the model/);
        }
      }
    }
  });

  it("says why an 'on' skill is hidden when its frontmatter hides it", () => {
    const { hint, badge } = describeModelVisibility({
      state: "on",
      modelVisibility: "disable-model-invocation",
    });
    expect(hint).toContain("disable-model-invocation");
    expect(badge?.label).toBe("hidden from model");
  });

  it("shows no badge for a listed skill, and the state's own sentence", () => {
    const on: SkillState = "on";
    expect(describeModelVisibility({ state: on, modelVisibility: "listed" })).toEqual({
      hint: "Listed for the model with its description.",
    });
  });

  it("keeps states that already hide the skill as they are", () => {
    expect(describeModelVisibility({ state: "user-only", modelVisibility: "state" }).badge).toBeUndefined();
    expect(describeModelVisibility({ state: "off", modelVisibility: "state" }).badge).toBeUndefined();
  });
});
