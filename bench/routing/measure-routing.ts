// Measures routing through the public API exactly as a user's agent gets it: createSkills({ dirs })
// with defaults, its systemPrompt(), the search_skills tool called with the raw user message and
// limit 5, and suggest(text) when createSkills() has one. Also times a floor in the same run: a
// plain substring scan of every name and description for the message's words.

import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { createSkills } from "@skillbox/core/integrations/create-skills";
import type { ActivationCase } from "@skillbox/core/routing/read-activation-set";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import { type CaseOutcome, describedNames } from "./routing-metrics.js";

/** A case with the set and group it is reported under. */
export interface LabelledCase extends ActivationCase {
  set: string;
  group: string;
}

export interface RoutingRun {
  outcomes: CaseOutcome[];
  /** Skills the registry lists, Layer 1's own description lines among them. */
  skills: number;
  describedInLayer1: number;
  /** Milliseconds: the first search (builds the index), then per call. */
  firstSearchMs: number;
  searchMs: number[];
  suggestMs: number[];
  systemPromptMs: number[];
  floorMs: number[];
  hasSuggest: boolean;
}

const SEARCH_LIMIT = 5;

/**
 * Builds a library folder: every target skill folder, then `count` distractor folders taken in a
 * fixed pseudo-random order, skipping any whose name or description a target already has.
 */
export function buildLibrary(options: {
  targets: string;
  distractors: string | undefined;
  count: number;
  into: string;
}): { skills: number; distractors: number } {
  mkdirSync(options.into, { recursive: true });
  const targetNames = skillFolders(options.targets);
  const seenDescriptions = new Set<string>();
  for (const name of targetNames) {
    cpSync(join(options.targets, name), join(options.into, name), { recursive: true });
    seenDescriptions.add(descriptionKey(join(options.targets, name)));
  }
  let added = 0;
  if (options.distractors !== undefined && options.count > 0) {
    const taken = new Set(targetNames);
    for (const name of shuffledByHash(skillFolders(options.distractors))) {
      if (added >= options.count) break;
      if (taken.has(name)) continue;
      const key = descriptionKey(join(options.distractors, name));
      if (seenDescriptions.has(key)) continue;
      seenDescriptions.add(key);
      taken.add(name);
      cpSync(join(options.distractors, name), join(options.into, name), { recursive: true });
      added++;
    }
  }
  return { skills: targetNames.length + added, distractors: added };
}

/** Folders directly under `root` holding a SKILL.md, sorted. */
export function skillFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .filter((name) => {
      try {
        return readdirSync(join(root, name)).includes("SKILL.md");
      } catch {
        // Unreadable: not a skill folder for the bench.
        return false;
      }
    })
    .sort();
}

function descriptionKey(folder: string): string {
  const path = join(folder, "SKILL.md");
  const loaded = loadSkillText(readFileSync(path, "utf8"), { path, directoryName: basename(folder) });
  return loaded.metadata.description.toLowerCase().replace(/\s+/g, " ").trim();
}

/** A fixed order that mixes sources (FNV-1a of the name), the same on every run. */
function shuffledByHash(names: readonly string[]): string[] {
  const hash = (text: string) => {
    let value = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) {
      value ^= text.charCodeAt(index);
      value = Math.imul(value, 0x01000193) >>> 0;
    }
    return value;
  };
  return names
    .map((name) => ({ name, key: hash(name) }))
    .sort((a, b) => a.key - b.key || (a.name < b.name ? -1 : 1))
    .map((item) => item.name);
}

/** The skill names a suggest() result holds, whatever shape it takes (names, hits, records). */
function suggestionNames(result: unknown): string[] {
  const list = Array.isArray(result)
    ? result
    : typeof result === "object" && result !== null && Array.isArray((result as { skills?: unknown }).skills)
      ? (result as { skills: unknown[] }).skills
      : [];
  return list
    .map((item: unknown) => {
      if (typeof item === "string") return item;
      if (typeof item !== "object" || item === null) return undefined;
      const record = item as { name?: unknown; record?: { name?: unknown } };
      return typeof record.name === "string"
        ? record.name
        : typeof record.record?.name === "string"
          ? record.record.name
          : undefined;
    })
    .filter((name): name is string => name !== undefined);
}

/** Runs every case against the library in `dir` and times search, suggestions, Layer 1 and the floor. */
export async function measureRouting(options: {
  dir: string;
  cases: readonly LabelledCase[];
  /** Working and home folder for createSkills, so no user or project roots leak in. */
  scratch: string;
}): Promise<RoutingRun> {
  const skills = await createSkills({ dirs: [options.dir], cwd: options.scratch, home: options.scratch });
  try {
    const search = skills.tools().find((tool) => tool.name === "search_skills");
    if (search === undefined) throw new Error("createSkills() offers no search_skills tool");
    const suggest = (skills as unknown as { suggest?: (text: string) => unknown }).suggest;
    const systemPromptMs: number[] = [];
    let layer1 = "";
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      layer1 = skills.systemPrompt();
      systemPromptMs.push(performance.now() - started);
    }
    const described = describedNames(layer1);
    const startedFirst = performance.now();
    await search.execute({ query: "warm up the index", limit: SEARCH_LIMIT }, {});
    const firstSearchMs = performance.now() - startedFirst;

    const floor = createFloor(skills.registry.catalogEntries());
    const outcomes: CaseOutcome[] = [];
    const searchMs: number[] = [];
    const suggestMs: number[] = [];
    const floorMs: number[] = [];
    for (const item of options.cases) {
      let started = performance.now();
      const result = await search.execute({ query: item.prompt, limit: SEARCH_LIMIT }, {});
      searchMs.push(performance.now() - started);
      const results = (result.metadata?.results ?? []) as { name: string }[];
      started = performance.now();
      floor(item.prompt);
      floorMs.push(performance.now() - started);
      const outcome: CaseOutcome = {
        expectedSkill: item.expectedSkill,
        searched: results.map((hit) => hit.name),
        describedInLayer1: item.expectedSkill !== null && described.has(item.expectedSkill),
      };
      if (item.rejectedSkill !== undefined) outcome.rejectedSkill = item.rejectedSkill;
      if (typeof suggest === "function") {
        started = performance.now();
        outcome.suggested = suggestionNames(await suggest.call(skills, item.prompt));
        suggestMs.push(performance.now() - started);
      }
      outcomes.push(outcome);
    }
    return {
      outcomes,
      skills: skills.registry.catalogEntries().length,
      describedInLayer1: described.size,
      firstSearchMs,
      searchMs,
      suggestMs,
      systemPromptMs,
      floorMs,
      hasSuggest: typeof suggest === "function",
    };
  } finally {
    skills.close();
  }
}

/**
 * The floor: lower-cased name + description of every skill, scanned with String.includes for each
 * word of 3+ letters in the message, the 5 with most words kept. What any search must at least beat.
 */
function createFloor(entries: readonly { name: string; description: string }[]): (text: string) => string[] {
  const haystacks = entries.map((entry) => ({
    name: entry.name,
    text: `${entry.name} ${entry.description}`.toLowerCase(),
  }));
  return (text) => {
    const words = [...new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
      (word) => word.length >= 3,
    );
    const best: { name: string; count: number }[] = [];
    for (const haystack of haystacks) {
      let count = 0;
      for (const word of words) if (haystack.text.includes(word)) count++;
      if (count === 0) continue;
      if (best.length < 5 || count > (best[best.length - 1]?.count ?? 0)) {
        best.push({ name: haystack.name, count });
        best.sort((a, b) => b.count - a.count);
        if (best.length > 5) best.pop();
      }
    }
    return best.map((item) => item.name);
  };
}

/** The skill a single-skill file stored as `<skill>/evals/<file>` (or `<skill>/<file>`) is for. */
export function skillOfEvalPath(path: string): string {
  const folder = dirname(path);
  return basename(folder) === "evals" ? basename(dirname(folder)) : basename(folder);
}
