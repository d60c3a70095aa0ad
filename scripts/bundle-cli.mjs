// Bundles the `skillbox` CLI into dist/cli (main.js plus one chunk per lazily loaded command), over
// the per-file tsc output. Node 20 has no compile cache, and loading a few hundred small ES modules
// (ours, zod's) cost more start-up than the work of a `validate` or `list`; a bundle halves it.
// The library entry points (dist/index.js, dist/agent, ...) stay per-file for tree-shaking users.
import { build } from "esbuild";

await build({
  entryPoints: ["src/cli/main.ts"],
  outdir: "dist/cli",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // Native addons and the optional AI SDK peer stay outside the bundle.
  external: ["better-sqlite3", "ai"],
  // Bundled CommonJS dependencies call require(); ES modules have none, so give each chunk one.
  banner: {
    js: "import { createRequire as __skillboxCreateRequire } from 'node:module'; const require = __skillboxCreateRequire(import.meta.url);",
  },
  // Chunks sit beside main.js: package-info.ts finds the package root two levels up from them.
  chunkNames: "[name]-[hash]",
  legalComments: "none",
  logLevel: "warning",
});
