// The activation sets `skillbox eval` scores: those found in a skill folder or a library (routing's
// findActivationSets) and the files given with --set, read into cases with their diagnostics, and a
// warning for each skill a set names that the library does not have.

import { readFile, stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { findActivationSets, readActivationSetFile } from "@skillbox/core/routing/find-activation-sets";
import {
  type ActivationCase,
  type ActivationSetFormat,
  detectActivationSetFormat,
  readActivationSet,
} from "@skillbox/core/routing/read-activation-set";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { suggestSkillNames } from "@skillbox/core/tools/suggest-skill-names";

/** One set read. */
export interface ReadSet {
  path: string;
  format: ActivationSetFormat;
  /** The skill a single-skill file is for. */
  skill?: string;
  cases: number;
}

/** A case with the file it came from. */
export type SourcedCase = ActivationCase & { source: string };

export interface CollectedCases {
  sets: ReadSet[];
  cases: SourcedCase[];
  diagnostics: Diagnostic[];
}

export interface CollectCasesInput {
  /** Folders to look for sets in (a skill folder or a library). */
  folders: readonly string[];
  /** Files given with --set (absolute). */
  files: readonly string[];
  /** The library's skills, every copy (shadowed ones too): names for checks, folders for single-skill files. */
  records: readonly SkillRecord[];
}

/** Reads every set; a file given with --set that is missing is a usage error, bad content a diagnostic. */
export async function collectActivationCases(input: CollectCasesInput): Promise<CollectedCases> {
  const sets: ReadSet[] = [];
  const cases: SourcedCase[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const take = (
    path: string,
    format: ActivationSetFormat,
    skill: string | undefined,
    read: ActivationCase[],
  ) => {
    sets.push({ path, format, ...(skill === undefined ? {} : { skill }), cases: read.length });
    for (const item of read) cases.push({ ...item, source: path });
  };

  for (const folder of input.folders) {
    const found = await findActivationSets(folder);
    diagnostics.push(...found.diagnostics);
    for (const set of found.sets) {
      if (seen.has(set.path)) continue;
      seen.add(set.path);
      const read = await readActivationSetFile(set);
      diagnostics.push(...read.diagnostics);
      take(set.path, set.format, set.skill, read.cases);
    }
  }

  for (const file of input.files) {
    const path = resolve(file);
    if (seen.has(path)) continue;
    seen.add(path);
    const text = await readSetFile(path);
    const format = detectActivationSetFormat(basename(path), text);
    if (format === undefined) {
      diagnostics.push({
        severity: "error",
        code: "activation-set-format",
        message:
          'not an activation set: expected JSONL lines {"prompt", "expected_skill"}, a trigger eval array [{"query", "should_trigger"}] or an evals.json {"skill_name", "evals"}',
        path,
      });
      continue;
    }
    const skill = format === "jsonl" ? undefined : skillOfFolder(path, input.records);
    const read = readActivationSet(text, format, { path, ...(skill === undefined ? {} : { skill }) });
    diagnostics.push(...read.diagnostics);
    take(path, format, skill, read.cases);
  }

  diagnostics.push(...checkSkillNames(cases, input.records));
  return { sets, cases, diagnostics };
}

async function readSetFile(path: string): Promise<string> {
  try {
    if (!(await stat(path)).isFile()) throw new Error("not a file");
    return await readFile(path, "utf8");
  } catch (error) {
    throw new SkillboxError(
      "path-not-found",
      `Cannot read the activation set ${path} (${(error as NodeJS.ErrnoException).code ?? describe(error)}); give a JSONL or trigger eval file (see skillbox eval --help)`,
      { cause: error },
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The skill whose folder holds the file, or whose folder holds the `evals/` folder the file is in. */
function skillOfFolder(path: string, records: readonly SkillRecord[]): string | undefined {
  const folder = dirname(path);
  const owner = basename(folder) === "evals" ? dirname(folder) : folder;
  return records.find((record) => record.directory === owner || record.directory === folder)?.name;
}

/** A warning per set and unknown skill name: such prompts count as misses, so a typo must show. */
function checkSkillNames(cases: readonly SourcedCase[], records: readonly SkillRecord[]): Diagnostic[] {
  const known = new Set(records.map((record) => record.name));
  const names = [...known];
  const reported = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const item of cases) {
    for (const name of [item.expectedSkill, item.rejectedSkill]) {
      if (name === null || name === undefined || known.has(name)) continue;
      const key = `${item.source}\u0000${name}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const close = suggestSkillNames(name, names);
      diagnostics.push({
        severity: "warning",
        code: "activation-skill-not-in-library",
        message: `the set names the skill '${name}', which the library does not have${
          close.length > 0 ? ` (did you mean ${close.join(" or ")}?)` : ""
        }; its prompts count as misses. Give the library with --dir`,
        path: item.source,
        line: item.line,
      });
    }
  }
  return diagnostics;
}
