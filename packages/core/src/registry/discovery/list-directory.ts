// One directory listing, sorted into what discovery cares about: child folders, links, the skill file.

import type { Dirent } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "../../skills/diagnostic.js";
import { SKILL_FOLDER_PARENTS } from "./skill-roots.js";

/** The names of the skill file, in the order they are looked for (the lowercase one with a warning). */
export const SKILL_FILE_NAMES = ["SKILL.md", "skill.md"] as const;

/** Folder names never descended into. */
export const DEFAULT_SKIPPED_DIRECTORIES: readonly string[] = [".git", "node_modules"];

/**
 * The spec's resource folders inside a skill: never descended into when the folder holds a skill
 * file (they hold scripts and documents, not skills, and walking them dominated large scans).
 */
export const SKILL_RESOURCE_DIRECTORIES: ReadonlySet<string> = new Set(["scripts", "references", "assets"]);

/** A directory's entries as discovery sees them. */
export interface DirectoryListing {
  /** Real child folders (not links), sorted, minus skipped names (and resource folders of a skill). */
  directories: string[];
  /** Symbolic links, sorted; the walker stats them to learn whether they are folders. */
  links: string[];
  /** `SKILL.md`, else `skill.md`, when present as a file or a link. */
  skillFileName: string | undefined;
  /** True when that skill file is a symbolic link (the walker checks where it leads). */
  skillFileLinked: boolean;
  hasGitignore: boolean;
  diagnostics: Diagnostic[];
}

/**
 * Sorts a directory's entries. Pure: the caller did the `readdir`. Folders and links whose names
 * start with a dot are not walked (as codex and pi-mono do); outside a skill each gets an info
 * finding. The dot folders that hold the skill roots discovery knows (`.agents`, `.claude`,
 * `.skillbox`) are walked; with `only`, every entry but that one (and `.gitignore`) is left out.
 */
export function classifyEntries(
  directory: string,
  entries: readonly Dirent[],
  skipped: ReadonlySet<string>,
  only?: string,
): DirectoryListing {
  const directories: string[] = [];
  const links: string[] = [];
  let upper = false;
  let lower = false;
  let upperLinked = false;
  let lowerLinked = false;
  let hasGitignore = false;
  const diagnostics: Diagnostic[] = [];
  const hidden: string[] = [];
  for (const entry of entries) {
    const name = entry.name;
    if (only !== undefined && name !== only && name !== ".gitignore") continue;
    if (entry.isDirectory()) {
      if (skipped.has(name)) continue;
      if (name.startsWith(".") && !SKILL_FOLDER_PARENTS.has(name)) hidden.push(name);
      else directories.push(name);
    } else if (entry.isSymbolicLink()) {
      if (name === "SKILL.md") {
        upper = true;
        upperLinked = true;
      } else if (name === "skill.md") {
        lower = true;
        lowerLinked = true;
      }
      // A dot-named link is skipped unexamined: it is unknown whether it leads to a folder.
      else if (!skipped.has(name) && (!name.startsWith(".") || SKILL_FOLDER_PARENTS.has(name)))
        links.push(name);
    } else if (name === "SKILL.md") {
      upper = true;
    } else if (name === "skill.md") {
      lower = true;
    } else if (name === ".gitignore") {
      hasGitignore = true;
    } else if (name.length === 8 && name.toLowerCase() === "skill.md") {
      diagnostics.push({
        severity: "warning",
        code: "skill-file-case",
        message: `\`${name}\` is not read as a skill file; rename it to SKILL.md.`,
        path: path.join(directory, name),
      });
    }
  }
  // Code-unit order, not locale order: the same tree always gives the same order everywhere.
  directories.sort(compareNames);
  links.sort(compareNames);
  const skillFileName = upper ? "SKILL.md" : lower ? "skill.md" : undefined;
  const skillFileLinked = upper ? upperLinked : lowerLinked;
  if (upper && lower) {
    diagnostics.push({
      severity: "info",
      code: "skill-file-duplicate",
      message: "Both SKILL.md and skill.md are present; SKILL.md is used and skill.md is ignored.",
      path: path.join(directory, "skill.md"),
    });
  }
  if (skillFileName === undefined) {
    // Inside a skill, dot folders are tool caches (.venv, .pytest_cache): skipped without a note.
    for (const name of hidden.sort(compareNames)) diagnostics.push(hiddenFolder(directory, name));
    return { directories, links, skillFileName, skillFileLinked, hasGitignore, diagnostics };
  }
  const isWalked = (name: string) => !SKILL_RESOURCE_DIRECTORIES.has(name);
  return {
    directories: directories.filter(isWalked),
    links: links.filter(isWalked),
    skillFileName,
    skillFileLinked,
    hasGitignore,
    diagnostics,
  };
}

/** A hidden folder that is not walked. */
function hiddenFolder(directory: string, name: string): Diagnostic {
  return {
    severity: "info",
    code: "hidden-folder",
    message:
      "Folders whose names start with a dot are not searched for skills; rename it to load the skills inside.",
    path: path.join(directory, name),
  };
}

/** Code-unit comparison of two names. */
export function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
