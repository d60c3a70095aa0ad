// The one search entry point for requests from people and models (search_skills, `list --query`,
// the HTTP API): the registry's lexical ranking, fused by reciprocal rank fusion with a semantic
// ranking when embeddings are configured. Without them, or when the endpoint fails, it is exactly
// the registry's search.

import type { SkillRecord } from "../index/skill-record.js";
import type { SkillRegistry, SkillSearchResult } from "../skill-registry-types.js";
import { fuseRankings } from "./reciprocal-rank-fusion.js";
import type { SemanticDocument } from "./semantic-ranker.js";

/** What hybrid search asks of a registry (a view that narrows what the model may load included). */
export type HybridSearchRegistry = Pick<SkillRegistry, "search" | "list" | "isModelInvocable" | "semantic">;

// Each ranking contributes its first this-many skills: deep enough that a skill ranked well by one
// side only still places (1/(60+50) is a third of a first place's 1/61).
const FUSION_DEPTH = 50;

/**
 * Ranked search: results as `registry.search` gives them, or, with embeddings configured, the lexical
 * and semantic rankings fused (score = the summed reciprocal ranks; confidence stays the lexical
 * share of the request matched, 0 for a skill only the semantic side found).
 */
export async function hybridSearch(
  registry: HybridSearchRegistry,
  query: string,
  limit = 10,
  options: { modelOnly?: boolean } = {},
): Promise<SkillSearchResult[]> {
  const semantic = registry.semantic;
  const request = query.trim();
  if (semantic === undefined || request === "" || limit <= 0) return registry.search(query, limit, options);
  const depth = Math.max(limit, FUSION_DEPTH);
  const lexical = registry.search(query, depth, options);
  const records = registry
    .list({ includeShadowed: false })
    .filter((record) => options.modelOnly !== true || registry.isModelInvocable(record));
  const byName = new Map(records.map((record) => [record.name, record]));
  const ranked = await semantic.rank(request, records.map(toSemanticDocument), depth);
  if (ranked === undefined) return lexical.slice(0, limit);
  const lexicalByName = new Map(lexical.map((hit) => [hit.record.name, hit]));
  const results: SkillSearchResult[] = [];
  for (const { key, score } of fuseRankings([lexical.map((hit) => hit.record.name), ranked])) {
    const record = lexicalByName.get(key)?.record ?? byName.get(key);
    if (record === undefined) continue;
    const lexicalHit = lexicalByName.get(key);
    results.push({
      record,
      score,
      confidence: lexicalHit?.confidence ?? 0,
      matchedTerms: lexicalHit?.matchedTerms ?? 0,
    });
    if (results.length >= limit) break;
  }
  return results;
}

/** The text embedded for a skill: its name in words, its description and when_to_use. */
export function skillEmbeddingText(record: SkillRecord): string {
  const { metadata } = record;
  const lines = [
    `${record.name.replace(/[-_.:]+/g, " ")}: ${metadata.description.replace(/\s+/g, " ").trim()}`,
  ];
  if (metadata.whenToUse !== undefined && metadata.whenToUse.trim() !== "")
    lines.push(`When to use: ${metadata.whenToUse.replace(/\s+/g, " ").trim()}`);
  return lines.join("\n");
}

function toSemanticDocument(record: SkillRecord): SemanticDocument {
  return { key: record.name, text: skillEmbeddingText(record) };
}
