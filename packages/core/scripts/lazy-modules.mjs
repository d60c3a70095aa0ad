// Core's lazy loaders: modules some calls need synchronously but most runs never do. Each loader
// (a file that statically imports its module and returns it from `exportName`) is what the sources
// and tests use; both bundles replace it with a require() of the module on first call: core's dist
// (bundle-dist.mjs) and the CLI (scripts/bundle-cli.mjs). Paths are relative to packages/core/src,
// without extension. One list, so a new loader cannot be lazy in one bundle and eager in the other.
export const CORE_LAZY_MODULES = [
  // zod schemas, wanted only to word a value a plain check rejects
  {
    loader: "skills/load-frontmatter-schema",
    exportName: "loadFrontmatterSchema",
    module: "skills/frontmatter-schema",
  },
  {
    loader: "store/load-skill-settings-schema",
    exportName: "loadSkillSettingsSchema",
    module: "store/skill-settings-schema",
  },
  // picomatch, once a glob is compiled (a skill's `paths:`, a glob tool, a permission rule)
  {
    loader: "registry/watch/load-compile-glob",
    exportName: "loadCompileGlob",
    module: "registry/watch/compile-glob",
  },
  // ignore, once a walk meets a `.gitignore`
  {
    loader: "registry/discovery/load-create-ignore-matcher",
    exportName: "loadCreateIgnoreMatcher",
    module: "registry/discovery/create-ignore-matcher",
  },
  // the skill-file parsers, once a root holds a skill file
  {
    loader: "registry/index/load-skill-file-parsing",
    exportName: "loadSkillFileParsing",
    module: "registry/index/skill-file-parsing",
  },
  // the search index, ranking and stemmer, on the first search
  {
    loader: "registry/search/load-registry-search-index",
    exportName: "loadRegistrySearchIndex",
    module: "registry/search/registry-search-index",
  },
];
