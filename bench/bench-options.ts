// What the benchmark's parent and child processes share: the child's options and results, and the
// registry options every measurement uses.

import type { SkillRegistryOptions } from "@skillbox/core/registry/skill-registry-types";

/** What the parent passes. */
export interface ChildOptions {
  root: string;
  /** JSON file holding every SKILL.md path (the floor's input). */
  fileList?: string;
  cacheFile?: string;
  /** Layer 1 budget in tokens. */
  budgetTokens?: number;
}

/** What a child prints (one JSON line). */
export interface ChildResult {
  milliseconds?: number;
  /** User + system CPU time of the measured part. */
  cpuMilliseconds?: number;
  skills?: number;
  parsed?: number;
  bytes?: number;
  maxRssMegabytes?: number;
  heapUsedMegabytes?: number;
}

/** Registry options shared by every measurement: the 10,000-skill tree has ~30,000 folders. */
export function benchRegistryOptions(root: string, cacheFile?: string): SkillRegistryOptions {
  return {
    roots: [{ label: "bench", path: root, scope: "custom" }],
    maxDirectories: 1_000_000,
    ...(cacheFile === undefined ? {} : { cacheFile }),
  };
}
