// Lists the skills a lenient load finds under some folders: the core of `skillbox list`.
// Skipped files (empty, binary, not UTF-8, too large) appear only in the top-level diagnostics.
import { readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { Diagnostic } from "./diagnostic.js";
import type { SkillFileLocation } from "./find-skill-file.js";
import { findSkillFiles } from "./find-skill-files.js";
import { loadSkillBytes } from "./load-skill-bytes.js";
import { mapWithConcurrency } from "./map-with-concurrency.js";
import type { LoadedSkillText, SkillMetadata } from "./skill-metadata.js";

export interface ListSkillsOptions {
  /** Folders to search recursively; each may itself be a skill. */
  directories: readonly string[];
  /** Size cap per SKILL.md in bytes (default 1 MiB). */
  maxBytes?: number;
  /** How deep below each folder to look (default 8). */
  maxDepth?: number;
}

/** One loaded skill. */
export interface ListedSkill {
  name: string;
  description: string;
  /** The SKILL.md path. */
  path: string;
  /** The skill folder. */
  directory: string;
  metadata: SkillMetadata;
  body: string;
  bodyStartLine: number;
  /** Warnings about this skill (it loaded anyway). */
  diagnostics: Diagnostic[];
}

/** The skills that loaded and the findings about what did not. */
export interface SkillListing {
  skills: ListedSkill[];
  diagnostics: Diagnostic[];
}

/** Finds and leniently loads every skill under the folders, in path order; folders are de-duplicated. */
export async function listSkills(options: ListSkillsOptions): Promise<SkillListing> {
  const skills: ListedSkill[] = [];
  const diagnostics: Diagnostic[] = [];
  const seenRoots = new Set<string>();
  const locations: SkillFileLocation[] = [];
  for (const directory of options.directories) {
    const real = await realpath(directory).catch(() => undefined);
    if (real === undefined) {
      const message = "The folder does not exist; no skills were read from it";
      diagnostics.push({ severity: "warning", code: "folder-not-found", message, path: directory });
      continue;
    }
    if (seenRoots.has(real)) continue;
    seenRoots.add(real);
    const found = await findSkillFiles(
      directory,
      options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth },
    );
    locations.push(...found.files);
    diagnostics.push(...found.diagnostics);
  }
  const loaded = await mapWithConcurrency(locations, 32, (location) =>
    loadSkillFile(location, options.maxBytes),
  );
  loaded.forEach((skill, index) => {
    const location = locations[index] as SkillFileLocation;
    if (!skill.loadable) {
      diagnostics.push(...skill.diagnostics);
      return;
    }
    skills.push({
      name: skill.metadata.name,
      description: skill.metadata.description,
      path: location.path,
      directory: location.directory,
      metadata: skill.metadata,
      body: skill.body,
      bodyStartLine: skill.bodyStartLine,
      diagnostics: skill.diagnostics,
    });
  });
  return { skills, diagnostics };
}

/** Reads and leniently loads one located skill file; unreadable files come back not loadable. */
export async function loadSkillFile(
  location: SkillFileLocation,
  maxBytes?: number,
): Promise<LoadedSkillText> {
  const directoryName = basename(resolve(location.directory));
  const options = { path: location.path, directoryName, ...(maxBytes === undefined ? {} : { maxBytes }) };
  let bytes: Uint8Array;
  try {
    // A synchronous read costs a fraction of fs.promises.readFile's CPU for files this small.
    bytes = readFileSync(location.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    const message = `Cannot read SKILL.md (${code}); the skill is skipped (check its permissions)`;
    bytes = new Uint8Array();
    const skipped = loadSkillBytes(bytes, options);
    return {
      ...skipped,
      diagnostics: [{ severity: "error", code: "unreadable-file", message, path: location.path }],
    };
  }
  const loaded = loadSkillBytes(bytes, options);
  if (location.lowercase && loaded.loadable) {
    loaded.diagnostics.push({
      severity: "warning",
      code: "lowercase-skill-file",
      message:
        "The file is named skill.md; rename it to SKILL.md, the name the spec and most agents look for",
      path: location.path,
    });
  }
  return loaded;
}
