// Bundles the `skillbox` CLI into dist/cli (main.js plus one chunk per lazily loaded command), over
// the per-file tsc output. Node 20 has no compile cache, and loading a few hundred small ES modules
// (ours, zod's) cost more start-up than the work of a `validate` or `list`; a bundle halves it.
// The library entry points (dist/index.js, dist/agent, ...) stay per-file for tree-shaking users.
//
// `node scripts/bundle-cli.mjs [--outdir <folder>] [--metafile <file>]`: another folder for
// experiments (it needs package.json, skills/ and node_modules/ two levels up, as dist/cli does), and
// esbuild's metafile to see why a module lands in a chunk (`npx esbuild --analyze` reads it too).
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const { values } = parseArgs({ options: { outdir: { type: "string" }, metafile: { type: "string" } } });

/**
 * Modules the CLI needs synchronously but rarely (zod schemas, wanted only to word a value a plain
 * check rejects; picomatch, only once a skill has `paths:`; ignore, only once a walk meets a `.gitignore`; the semantic ranker, only when configured; the SQLite stores, only once a command
 * uses one). Each `loader` file statically imports its `module` and returns it from `exportName`;
 * in the bundle the loader becomes a require() of `module` built as its own entry point `entry`
 * (require of an ES module, Node 20.19+, shares the ES module cache: one zod, one copy of each schema),
 * so no command evaluates zod at start-up.
 */
const LAZY_MODULES = [
  {
    loader: "packages/core/src/skills/load-frontmatter-schema.ts",
    exportName: "loadFrontmatterSchema",
    module: "packages/core/src/skills/frontmatter-schema.ts",
    entry: "lazy-frontmatter-schema",
  },
  {
    loader: "packages/core/src/store/load-skill-settings-schema.ts",
    exportName: "loadSkillSettingsSchema",
    module: "packages/core/src/store/skill-settings-schema.ts",
    entry: "lazy-skill-settings-schema",
  },
  {
    loader: "packages/workspace/src/workspace/load-config-field-schemas.ts",
    exportName: "loadConfigFieldSchemas",
    module: "packages/workspace/src/workspace/config-field-schemas.ts",
    entry: "lazy-config-field-schemas",
  },
  {
    loader: "packages/core/src/registry/watch/load-compile-glob.ts",
    exportName: "loadCompileGlob",
    module: "packages/core/src/registry/watch/compile-glob.ts",
    entry: "lazy-compile-glob",
  },
  {
    loader: "packages/core/src/registry/discovery/load-create-ignore-matcher.ts",
    exportName: "loadCreateIgnoreMatcher",
    module: "packages/core/src/registry/discovery/create-ignore-matcher.ts",
    entry: "lazy-create-ignore-matcher",
  },
  {
    loader: "packages/workspace/src/workspace/load-configured-semantic-ranker.ts",
    exportName: "loadConfiguredSemanticRanker",
    module: "packages/core/src/registry/semantic/create-configured-semantic-ranker.ts",
    entry: "lazy-configured-semantic-ranker",
  },
  {
    loader: "packages/workspace/src/workspace/load-sqlite-stores.ts",
    exportName: "loadSqliteStores",
    module: "packages/workspace/src/workspace/open-sqlite-stores.ts",
    entry: "lazy-sqlite-stores",
  },
];

/** @type {import("esbuild").Plugin} */
const lazyModules = {
  name: "lazy-modules",
  setup(build) {
    for (const lazy of LAZY_MODULES) {
      const loader = resolve(lazy.loader);
      build.onLoad({ filter: new RegExp(`^${escapeRegExp(loader)}$`) }, () => ({
        contents: [
          `import { createRequire } from "node:module";`,
          "let loaded;",
          `export function ${lazy.exportName}() {`,
          `  return (loaded ??= createRequire(import.meta.url)("./${lazy.entry}.js"));`,
          "}",
        ].join("\n"),
        loader: "js",
      }));
    }
  },
};

const result = await build({
  entryPoints: {
    main: "src/cli/main.ts",
    ...Object.fromEntries(LAZY_MODULES.map((lazy) => [lazy.entry, lazy.module])),
  },
  outdir: values.outdir ?? "dist/cli",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Native addons and the optional AI SDK peer stay outside the bundle.
  external: ["better-sqlite3", "ai"],
  // The workspace packages are bundled from their sources, as the tests run them.
  conditions: ["skillbox-source"],
  // Bundled CommonJS dependencies call require(); ES modules have none, so give each chunk one.
  banner: {
    js: "import { createRequire as __skillboxCreateRequire } from 'node:module'; const require = __skillboxCreateRequire(import.meta.url);",
  },
  // Chunks sit beside main.js: package-info.ts finds the package root two levels up from them.
  chunkNames: "[name]-[hash]",
  legalComments: "none",
  logLevel: "warning",
  plugins: [lazyModules],
  metafile: true,
});
if (values.metafile !== undefined) writeFileSync(values.metafile, JSON.stringify(result.metafile));
// A loader esbuild never met means a renamed file: the bundle would load zod eagerly again.
const inputs = new Set(Object.keys(result.metafile.inputs));
for (const lazy of LAZY_MODULES) {
  if (!inputs.has(lazy.loader))
    throw new Error(`bundle-cli: ${lazy.loader} is not in the bundle; update LAZY_MODULES`);
}

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
