// skill-file-parsing.ts (the frontmatter parsers, spec checks, YAML readers and the cache codec with
// it), asked for once a walk meets a SKILL.md or a cache file is read. Here a static import; the
// bundled CLI replaces this file with one that require()s its own entry point on the first call
// (scripts/bundle-cli.mjs, LAZY_MODULES), so roots without a skill file never load the parsers.
import * as skillFileParsingModule from "./skill-file-parsing.js";

/** The module skill-file-parsing.ts. */
export function loadSkillFileParsing(): typeof skillFileParsingModule {
  return skillFileParsingModule;
}
