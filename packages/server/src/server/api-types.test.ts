import type { ModelVisibility as CoreModelVisibility } from "@skillbox/core/registry/model-visibility";
import type { SkillState as CoreSkillState } from "@skillbox/core/store/skill-state";
import type {
  FoundSkill,
  InstallProgress,
  LinkResult,
  MarketplaceRow,
  OutdatedResult,
  RemoveResult,
  SensitiveChange,
  UpdateResult,
} from "@skillbox/installer/install/index";
import { describe, expectTypeOf, it } from "vitest";
import type {
  AgentLinkResult,
  FoundSkillSummary,
  InstallProgressEvent,
  MarketplaceRowSummary,
  ModelVisibility,
  OutdatedSkill,
  PromptResponse,
  RemoveResponse,
  SensitiveChangeSummary,
  SkillState,
  SkillUpdateResult,
} from "./api-types.js";
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

  it("describe the installer's results as src/install returns them", () => {
    expectTypeOf<FoundSkillSummary>().toEqualTypeOf<Omit<FoundSkill, "files">>();
    expectTypeOf<InstallProgressEvent>().toEqualTypeOf<InstallProgress>();
    expectTypeOf<AgentLinkResult>().toEqualTypeOf<LinkResult>();
    expectTypeOf<OutdatedSkill>().toEqualTypeOf<OutdatedResult>();
    expectTypeOf<SensitiveChangeSummary>().toEqualTypeOf<SensitiveChange>();
    expectTypeOf<SkillUpdateResult>().toEqualTypeOf<UpdateResult>();
    expectTypeOf<MarketplaceRowSummary>().toEqualTypeOf<MarketplaceRow>();
    expectTypeOf<RemoveResponse["removed"]>().toEqualTypeOf<RemoveResult>();
  });
});
