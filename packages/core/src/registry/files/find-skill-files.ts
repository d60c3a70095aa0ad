// Finds every skill under a folder with the registry's discovery walk, so `validate`, `list` and library
// callers agree on what is a skill: same depth and folder bounds, same skips, same link rules.

import type { Diagnostic } from "../../skills/diagnostic.js";
import { type ScanSkillFoldersOptions, scanSkillFolders } from "../discovery/scan-skill-folders.js";
import type { SkillFileLocation } from "./find-skill-file.js";

/** Bounds and trust for the walk (see ScanSkillFoldersOptions); the registry's defaults apply. */
export type FindSkillFilesOptions = Omit<ScanSkillFoldersOptions, "fs">;

/** The skills found (sorted by path) and the walk's findings (unreadable folders, refused links, bounds). */
export interface FoundSkillFiles {
  files: SkillFileLocation[];
  diagnostics: Diagnostic[];
}

/** Finds the skill files under `root` (the root itself may be a skill, and skills may nest). */
export async function findSkillFiles(
  root: string,
  options: FindSkillFilesOptions = {},
): Promise<FoundSkillFiles> {
  return scanSkillFolders(root, options);
}
