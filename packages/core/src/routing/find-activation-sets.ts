// Finds the activation sets kept in a skill folder or a whole library: skill-creator's trigger evals
// (`evals/trigger_eval.json`, `trigger-evals.json`, ...), its task evals (`evals/evals.json`) and
// JSONL sets (`{ "prompt", "expected_skill" }` lines). A single-skill file is tied to the skill whose
// folder holds it, named as its SKILL.md names it.

import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import type { Diagnostic } from "../skills/diagnostic.js";
import { loadSkillText } from "../skills/load-skill-text.js";
import {
  type ActivationSet,
  type ActivationSetFormat,
  detectActivationSetFormat,
  readActivationSet,
} from "./read-activation-set.js";

/** One activation set file. */
export interface FoundActivationSet {
  path: string;
  format: ActivationSetFormat;
  /** The skill a single-skill file is for: the nearest enclosing skill folder's name; none for JSONL. */
  skill?: string;
}

export interface FindActivationSetsOptions {
  /** Folders below `root` that are walked; default 8. */
  maxDepth?: number;
}

const TRIGGER_EVAL_NAMES = new Set([
  "trigger_eval.json",
  "trigger_evals.json",
  "trigger-eval.json",
  "trigger-evals.json",
  "trigger_eval_set.json",
]);
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);
const SNIFF_BYTES = 4096;

/** Every activation set under `root` (a skill folder or a library), sorted by path. */
export async function findActivationSets(
  root: string,
  options: FindActivationSetsOptions = {},
): Promise<{ sets: FoundActivationSet[]; diagnostics: Diagnostic[] }> {
  const maxDepth = options.maxDepth ?? 8;
  const sets: FoundActivationSet[] = [];
  const diagnostics: Diagnostic[] = [];
  const skillNames = new Map<string, string | undefined>();

  const skillFor = async (folder: string): Promise<string | undefined> => {
    // The nearest folder at or above `folder`, within root, that holds a SKILL.md.
    for (let current = folder; ; current = dirname(current)) {
      if (!skillNames.has(current)) skillNames.set(current, await readSkillName(current));
      const name = skillNames.get(current);
      if (name !== undefined) return name;
      if (current === root || !isWithin(root, dirname(current))) return undefined;
    }
  };

  const walk = async (folder: string, depth: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      diagnostics.push({
        severity: "warning",
        code: "unreadable-folder",
        message: `cannot read this folder (${(error as NodeJS.ErrnoException).code ?? "error"}); its activation sets are skipped`,
        path: folder,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth && !SKIPPED_FOLDERS.has(entry.name)) await walk(path, depth + 1);
        continue;
      }
      if (!entry.isFile()) continue;
      const format = await formatOf(path, entry.name, basename(folder));
      if (format === undefined) continue;
      if (format === "jsonl") {
        sets.push({ path, format });
        continue;
      }
      const owner = basename(folder) === "evals" ? dirname(folder) : folder;
      const skill = await skillFor(owner);
      sets.push(skill === undefined ? { path, format } : { path, format, skill });
    }
  };

  await walk(root, 0);
  return { sets, diagnostics };
}

/** Reads a found set with the skill it belongs to. */
export async function readActivationSetFile(found: FoundActivationSet): Promise<ActivationSet> {
  const text = await readFile(found.path, "utf8");
  return readActivationSet(text, found.format, {
    path: found.path,
    ...(found.skill === undefined ? {} : { skill: found.skill }),
  });
}

/** The format of a file that looks like an activation set, or undefined. */
async function formatOf(
  path: string,
  name: string,
  folderName: string,
): Promise<ActivationSetFormat | undefined> {
  const lower = name.toLowerCase();
  if (TRIGGER_EVAL_NAMES.has(lower)) return "trigger-evals";
  if (lower.endsWith(".jsonl")) {
    // Only JSONL whose first entry carries `expected_skill`: transcripts and logs are JSONL too.
    const head = await readHead(path);
    const first = head.split("\n").find((line) => line.trim() !== "") ?? "";
    return first.includes('"expected_skill"') ? "jsonl" : undefined;
  }
  if (lower === "evals.json" && folderName === "evals") {
    const head = await readHead(path);
    const format = detectActivationSetFormat(name, head);
    // skill-creator's evals.json is an object; an array there is a trigger eval under another name.
    return format === "trigger-evals" && !head.includes("should_trigger") ? undefined : format;
  }
  return undefined;
}

async function readHead(path: string): Promise<string> {
  try {
    return (await readFile(path, "utf8")).slice(0, SNIFF_BYTES);
  } catch {
    // Unreadable: not a set we can use; the caller moves on.
    return "";
  }
}

async function readSkillName(folder: string): Promise<string | undefined> {
  const path = join(folder, "SKILL.md");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch {
    // No SKILL.md here: not a skill folder.
    return undefined;
  }
  return loadSkillText(text, { path, directoryName: basename(folder) }).metadata.name;
}

function isWithin(root: string, path: string): boolean {
  const inside = relative(root, path);
  return inside === "" || (!inside.startsWith(`..${sep}`) && inside !== ".." && !inside.startsWith(sep));
}
