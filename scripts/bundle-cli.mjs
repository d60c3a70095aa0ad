// Bundles the `skillbox` CLI into dist/cli (main.js, one chunk per lazily loaded command, and the
// workspace chunk), from the sources. Node 20 has no compile cache: each ES module file cost about
// half a millisecond to load and every ES module Node's asynchronous loader links costs more than a
// CommonJS one, so the CLI is CommonJS (dist/cli/package.json says so) in few files.
// The library entry points stay ES modules (core's dist is bundled on its own: bundle-dist.mjs).
//
// Chunks: rolldown keeps a module in the chunk of a (dynamic) importer that has already loaded it,
// and GROUPS below gather what most commands need into one chunk: `list` on an empty folder loads 4
// files (main, the runtime helpers, workspace, list) instead of 30 ES modules with esbuild, which
// made one chunk per distinct set of entry points.
//
// `node scripts/bundle-cli.mjs [--outdir <folder>] [--report]`: another folder for experiments (it
// needs package.json, skills/ and node_modules/ two levels up, as dist/cli does); --report prints
// each chunk with its size and largest modules.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { rolldown } from "rolldown";
import { CORE_LAZY_MODULES } from "../packages/core/scripts/lazy-modules.mjs";

const { values } = parseArgs({ options: { outdir: { type: "string" }, report: { type: "boolean" } } });
const outdir = values.outdir ?? "dist/cli";

/**
 * Modules the CLI needs synchronously but rarely: core's (CORE_LAZY_MODULES: zod schemas, picomatch,
 * ignore, the skill-file parsers, the search index) and the workspace's (the config schemas, the
 * semantic ranker when configured, the SQLite stores once a command uses one). Each `loader` file
 * statically imports its `module` and returns it from `exportName`; in the bundle the loader becomes
 * a require() of `module` built as its own entry point `entry` (one module cache: one zod, one copy
 * of each schema), so no command evaluates zod at start-up.
 */
const LAZY_MODULES = [
  ...CORE_LAZY_MODULES.map(({ loader, exportName, module }) => ({
    loader: `packages/core/src/${loader}.ts`,
    exportName,
    module: `packages/core/src/${module}.ts`,
    entry: `lazy-${module.split("/").at(-1)}`,
  })),
  {
    loader: "packages/workspace/src/workspace/load-config-field-schemas.ts",
    exportName: "loadConfigFieldSchemas",
    module: "packages/workspace/src/workspace/config-field-schemas.ts",
    entry: "lazy-config-field-schemas",
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

/**
 * Chunks by what a command reaches statically, so that a command loads few files: `workspace` holds
 * what its roots reach (opening the workspace, and the MCP options, MCP skills and translation that
 * most workspace commands add), `skill-files` what the lazily loaded skill file parsers reach beyond
 * it (wanted once a root holds a skill). A module goes to the first group that reaches it.
 */
const GROUPS = [
  {
    name: "workspace",
    roots: [
      "src/cli/open-cli-workspace.ts",
      "src/cli/mcp-options.ts",
      "src/cli/open-configured-translator.ts",
      "packages/workspace/src/workspace/mcp-skills.ts",
    ],
  },
  { name: "skill-files", roots: ["packages/core/src/registry/index/skill-file-parsing.ts"] },
];

const loaders = new Map(LAZY_MODULES.map((lazy) => [resolve(lazy.loader), lazy]));
const loadersMet = new Set();

const bundle = await rolldown({
  input: {
    main: "src/cli/main.ts",
    ...Object.fromEntries(LAZY_MODULES.map((lazy) => [lazy.entry, lazy.module])),
  },
  platform: "node",
  // Native addons and the optional AI SDK peer stay outside the bundle; so does yaml, required only
  // for frontmatter the fast parser leaves, so its ~200 KB are not compiled with the skill parsers.
  external: ["better-sqlite3", "ai", "yaml", /^node:/],
  // The workspace packages are bundled from their sources, as the tests run them.
  resolve: {
    // No "import": a require() inside a bundled CommonJS package (pg requires pg-pool) must get the
    // CommonJS build, and rolldown applies one list to both kinds of import.
    conditionNames: ["skillbox-source", "node", "default"],
    extensionAlias: { ".js": [".ts", ".js"] },
  },
  plugins: [
    {
      name: "lazy-modules",
      load(id) {
        const lazy = loaders.get(id);
        if (lazy === undefined) return null;
        loadersMet.add(lazy.loader);
        // The CommonJS module's own require, called as module.require so that the bundler does not
        // follow it (and without node:module, which Node loads with half of its ES module loader).
        return [
          "let loaded;",
          `export function ${lazy.exportName}() {`,
          `  return (loaded ??= module.require("./${lazy.entry}.js"));`,
          "}",
        ].join("\n");
      },
    },
  ],
  logLevel: "warn",
});
let groupOf;
const { output } = await bundle.write({
  dir: outdir,
  // Only the bundle lives here (tsc skips src/cli): no chunk of an earlier build stays behind.
  cleanDir: true,
  format: "cjs",
  entryFileNames: "[name].js",
  // Chunks sit beside main.js: package-info.ts finds the package root two levels up from them.
  chunkFileNames: "[name]-[hash].js",
  comments: { legal: false },
  codeSplitting: {
    groups: GROUPS.map((group, index) => ({
      name: (id, context) => {
        groupOf ??= assignGroups(context);
        return groupOf.get(id) === index ? group.name : null;
      },
      debugName: group.name,
    })),
  },
});
await bundle.close();
// The root package is an ES module package; this folder holds CommonJS.
writeFileSync(join(outdir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);

// A loader the bundler never met means a renamed file: the bundle would load zod eagerly again.
for (const lazy of LAZY_MODULES) {
  if (!loadersMet.has(lazy.loader))
    throw new Error(`bundle-cli: ${lazy.loader} is not in the bundle; update LAZY_MODULES`);
}
// zod, or a lazy module other than the group's own root, in main or a group's chunk would be
// compiled and evaluated whenever that chunk is loaded.
for (const chunk of output) {
  if (chunk.type !== "chunk") continue;
  const group = GROUPS.find((candidate) => candidate.name === chunk.name);
  if (chunk.fileName !== "main.js" && group === undefined) continue;
  const eager = Object.keys(chunk.modules).filter(
    (id) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
      LAZY_MODULES.some((lazy) => id === resolve(lazy.module) && !group?.roots.includes(lazy.module)),
  );
  if (eager.length > 0)
    throw new Error(`bundle-cli: ${chunk.fileName} holds ${eager[0]}: a lazy module is imported statically`);
}
if (values.report) {
  for (const chunk of output) {
    if (chunk.type !== "chunk") continue;
    const modules = Object.entries(chunk.modules).sort(
      (left, right) => right[1].renderedLength - left[1].renderedLength,
    );
    process.stdout.write(
      `${chunk.fileName} ${(chunk.code.length / 1024).toFixed(1)} KB, ${modules.length} modules\n`,
    );
    for (const [id, module] of modules.slice(0, 8))
      process.stdout.write(
        `  ${(module.renderedLength / 1024).toFixed(1).padStart(6)} KB ${id.replace(`${process.cwd()}/`, "")}\n`,
      );
  }
}

/** Module id → index of the first group whose root reaches it statically (lazy loaders end a path). */
function assignGroups(context) {
  const groups = new Map();
  GROUPS.forEach((group, index) => {
    const pending = group.roots.map((root) => resolve(root));
    while (pending.length > 0) {
      const id = pending.pop();
      if (groups.has(id)) continue;
      const info = context.getModuleInfo(id);
      if (info === null) continue;
      groups.set(id, index);
      pending.push(...info.importedIds);
    }
  });
  return groups;
}
