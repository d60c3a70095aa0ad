// What reads a skill file's content or its saved form: the entry loader (frontmatter parsers, spec
// checks, YAML readers), the byte decoder and the index cache codec. Reached through
// load-skill-file-parsing.ts, so roots without a skill file never load the parsers.
export { hasSameContent, loadSkillEntry, parseSkillEntry } from "../discovery/load-skill-entry.js";
export { decodeSkillBytes } from "../files/load-skill-bytes.js";
export { decodeRoot, encodeRoot } from "./registry-cache-codec.js";
