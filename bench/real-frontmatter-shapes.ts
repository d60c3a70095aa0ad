// What real SKILL.md files look like, in shares the synthetic generator reproduces and its test checks:
// the table of ../shared/research/real-frontmatter-shapes.md (10,003 loadable public skills from 38
// repositories), copied here as numbers so nothing in the repository reads the research folder.

/** Files measured: every share below is of this many. */
export const REAL_SKILL_FILES = 10_003;

/** Share of files with each feature (a file counts once per feature). */
export const REAL_FEATURE_SHARES = {
  doubleQuoted: 4200 / REAL_SKILL_FILES,
  blockScalar: 2700 / REAL_SKILL_FILES,
  flowSequence: 1128 / REAL_SKILL_FILES,
  flowMapping: 739 / REAL_SKILL_FILES,
  singleQuoted: 386 / REAL_SKILL_FILES,
  blockSequence: 364 / REAL_SKILL_FILES,
  noFrontmatter: 139 / REAL_SKILL_FILES,
  crlf: 59 / REAL_SKILL_FILES,
  /** Anchors or aliases, comment lines, trailing comments: about 5 files each. */
  anchors: 5 / REAL_SKILL_FILES,
  commentLines: 5 / REAL_SKILL_FILES,
  trailingComments: 5 / REAL_SKILL_FILES,
  unclosed: 4 / REAL_SKILL_FILES,
  bom: 2 / REAL_SKILL_FILES,
  /** YAML a YAML 1.2 parser rejects, mostly an unquoted `: ` inside a description. */
  invalidYaml: 0.007,
} as const;

/** Share of files by deepest indentation, in 2-space levels (the last is "4 or more"). */
export const REAL_NESTING_SHARES = [5311, 4206, 221, 62, 60].map((files) => files / REAL_SKILL_FILES);

/** Frontmatter bytes (the YAML between the delimiter lines) and whole SKILL.md bytes. */
export const REAL_FRONTMATTER_BYTES = { p50: 337, p90: 559, p99: 998, max: 2721 } as const;
export const REAL_SKILL_FILE_BYTES = { p50: 4400, p90: 15_000, p99: 30_000 } as const;

/** Share of files using each top-level key. */
export const REAL_KEY_SHARES: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries({
    description: 9859,
    name: 9855,
    license: 3039,
    version: 3004,
    "allowed-tools": 2920,
    author: 2738,
    metadata: 1582,
    requires: 840,
    origin: 639,
    homepage: 407,
    tags: 236,
    source: 228,
    "argument-hint": 159,
    triggers: 155,
    "user-invocable": 140,
    dependencies: 104,
    risk: 103,
    date_added: 100,
    tools: 74,
    compatibility: 72,
    category: 50,
    "disable-model-invocation": 39,
    models: 39,
    model: 23,
  }).map(([key, files]) => [key, files / REAL_SKILL_FILES]),
);

/** The skill folders: what they hold besides SKILL.md, nesting, renaming and shared names. */
export const REAL_FOLDERS = {
  /** About 17,000 directories and 37,000 files in 10,003 skill folders (the folders included). */
  directoriesPerSkill: 17_000 / REAL_SKILL_FILES,
  filesPerSkill: 37_000 / REAL_SKILL_FILES,
  /** About 404 MB in all; the generator writes smaller assets (see generate-skill-extras.ts). */
  bytesPerSkill: 404e6 / REAL_SKILL_FILES,
  /** Folders with further skills nested below them. */
  withNestedSkills: 190 / REAL_SKILL_FILES,
  /** Folders whose name differs from the skill's `name` (installers rename folders). */
  renamed: 9883 / REAL_SKILL_FILES,
  /** Names used by more than one folder, per folder; 7,512 distinct names in 10,007 folders. */
  sharedNames: 1580 / REAL_SKILL_FILES,
  distinctNames: 7512 / 10_007,
} as const;
