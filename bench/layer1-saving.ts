// What progressive disclosure saves: system-prompt tokens for realistic skills listed under Layer 1
// versus every skill body inlined, counted with the real tokenizer.

import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { countTokens } from "@skillbox/core/prompt/tokens";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import { createLoadSkillTool } from "@skillbox/core/tools/load-skill";

/** Token counts for one catalog. */
export interface Layer1Saving {
  skills: number;
  /** The Layer 1 listing (xml, no budget) that goes into the system prompt. */
  layer1Tokens: number;
  /** The load_skill tool's description (also sent every turn, as a tool schema). */
  toolDescriptionTokens: number;
  /** Every skill's full load_skill content concatenated: the system prompt without Layer 1. */
  inlinedTokens: number;
  /** 1 - layer1 / inlined. */
  saving: number;
}

/** Counts both ways over every loadable skill of `registry`. */
export async function measureLayer1Saving(registry: SkillRegistry): Promise<Layer1Saving> {
  const layer1 = renderSkillCatalog(registry.catalogEntries(), { budget: "none" })?.text ?? "";
  const tool = createLoadSkillTool({ registry, maxListedFiles: 0 });
  const names = registry
    .list({ includeShadowed: false })
    .filter((record) => registry.isModelInvocable(record));
  const bodies: string[] = [];
  for (const record of names) {
    const result = await tool.execute({ skill_name: record.name }, {});
    if (!result.isError) bodies.push(result.content);
  }
  const layer1Tokens = countTokens(layer1);
  const inlinedTokens = countTokens(bodies.join("\n\n"));
  return {
    skills: bodies.length,
    layer1Tokens,
    toolDescriptionTokens: countTokens(tool.description),
    inlinedTokens,
    saving: inlinedTokens === 0 ? 0 : 1 - layer1Tokens / inlinedTokens,
  };
}
