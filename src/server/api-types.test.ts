import { describe, expectTypeOf, it } from "vitest";
import type { ModelVisibility as CoreModelVisibility } from "../registry/model-visibility.js";
import type { SkillState as CoreSkillState } from "../store/skill-state.js";
import type { ModelVisibility, PromptResponse, SkillState } from "./api-types.js";
import type { PromptResponse as RoutePromptResponse } from "./prompt-route.js";

// api-types.ts spells these out so web/ never type-checks Node code; tsc holds them equal to the core's.
describe("the API's wire types", () => {
  it("name the same skill states and model visibilities as the core", () => {
    expectTypeOf<SkillState>().toEqualTypeOf<CoreSkillState>();
    expectTypeOf<ModelVisibility>().toEqualTypeOf<CoreModelVisibility>();
  });

  it("describe GET /api/prompt's answer as the route builds it", () => {
    expectTypeOf<PromptResponse>().toEqualTypeOf<RoutePromptResponse>();
  });
});
