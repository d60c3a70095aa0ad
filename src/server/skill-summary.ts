// The API's view of one skill (SkillSummary of docs/http-api.md), built from a registry record.
import { usageKeyOf } from "../registry/build-catalog-entries.js";
import type { SkillRecord } from "../registry/index/skill-record.js";
import { describeModelVisibility, type ModelVisibility } from "../registry/model-visibility.js";
import type { Diagnostic } from "../skills/diagnostic.js";
import type { SkillContext } from "../skills/skill-metadata.js";
import type { SkillState } from "../store/skill-state.js";
import { computeUsageScore } from "../store/usage-store.js";
import type { Workspace } from "../workspace/workspace.js";

/** A skill as `GET /api/skills` lists it. */
export interface SkillSummary {
  name: string;
  qualifiedName: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  root: { label: string; path: string; scope: string };
  path: string;
  directory: string;
  /** Effective state after scopes and session overrides. */
  state: SkillState;
  /** True when a higher root has a skill of the same name. */
  shadowed: boolean;
  /** Listed in Layer 1 (and loadable by the model): `modelVisibility` is `listed`. */
  modelInvocable: boolean;
  /** What the model gets of it, and if nothing, why. */
  modelVisibility: ModelVisibility;
  userInvocable: boolean;
  context: SkillContext;
  usage: { count: number; lastUsedAt: number | null; score: number };
  diagnostics: Diagnostic[];
}

/** Builds the summary of `record`; `description` replaces the original (a translation) when given. */
export function toSkillSummary(
  workspace: Workspace,
  record: SkillRecord,
  now: number,
  description?: string,
): SkillSummary {
  const { registry } = workspace;
  const stat = workspace.usage.get(usageKeyOf(record));
  // States are kept by plain name, as the registry reads them for Layer 1.
  const state = workspace.stateOf(record.name);
  const modelVisibility = describeModelVisibility(record, state);
  const summary: SkillSummary = {
    name: record.name,
    qualifiedName: record.qualifiedName,
    description: description ?? record.metadata.description,
    tags: [...record.metadata.tags],
    root: { label: record.root.label, path: record.root.path, scope: record.root.scope },
    path: record.file,
    directory: record.directory,
    state,
    shadowed: record.shadowed,
    modelInvocable: modelVisibility === "listed",
    modelVisibility,
    userInvocable: registry.isUserInvocable(record),
    context: record.metadata.context,
    usage: {
      count: stat?.count ?? 0,
      lastUsedAt: stat?.lastUsedAt ?? null,
      score: computeUsageScore(stat, now),
    },
    diagnostics: [...record.diagnostics],
  };
  if (record.metadata.whenToUse !== undefined) summary.whenToUse = record.metadata.whenToUse;
  return summary;
}
