// skill-file-parsing.ts (the frontmatter parsers, spec checks, YAML readers and the cache codec
// with it), asked for once a walk meets a SKILL.md or a cache file is read. Here a static import;
// core's dist and the CLI bundle replace this file with a require() of the module on the first call
// (packages/core/scripts/lazy-modules.mjs), so roots without a skill file never load the parsers.
import * as skillFileParsingModule from "./skill-file-parsing.js";

/** The module skill-file-parsing.ts. */
export function loadSkillFileParsing(): typeof skillFileParsingModule {
  return skillFileParsingModule;
}
