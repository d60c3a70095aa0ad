// Bundles the `skillbox` CLI from the current sources into dist/bench-cli/ for the whole-process
// bench (the same esbuild options as scripts/bundle-cli.mjs; dist/cli/ is left alone for the
// end-to-end tests). Two levels below the package root, like dist/cli/, so package-info.ts finds
// package.json and the bundled skills. Falls back to a built dist/cli/main.js.

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI entry to run and where it came from. */
export interface BenchCli {
  path: string;
  source: "bundled from src" | "dist/cli (prebuilt)";
}

interface EsbuildModule {
  buildSync(options: Record<string, unknown>): unknown;
}

const packageRoot = fileURLToPath(new URL("../", import.meta.url));

/** Bundles the CLI, or returns the prebuilt one when bundling fails (say, sources mid-edit). */
export function buildBenchCli(log: (text: string) => void): BenchCli {
  const outdir = join(packageRoot, "dist", "bench-cli");
  try {
    const esbuild = createRequire(import.meta.url)("esbuild") as EsbuildModule;
    esbuild.buildSync({
      entryPoints: [join(packageRoot, "src", "cli", "main.ts")],
      outdir,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      external: ["better-sqlite3", "ai"],
      banner: {
        js: "import { createRequire as __skillboxCreateRequire } from 'node:module'; const require = __skillboxCreateRequire(import.meta.url);",
      },
      chunkNames: "[name]-[hash]",
      legalComments: "none",
      logLevel: "silent",
    });
    return { path: join(outdir, "main.js"), source: "bundled from src" };
  } catch (error) {
    const prebuilt = join(packageRoot, "dist", "cli", "main.js");
    if (!existsSync(prebuilt)) throw error;
    log(`bundling the CLI failed (${String(error).split("\n")[0]}); timing the prebuilt dist/cli`);
    return { path: prebuilt, source: "dist/cli (prebuilt)" };
  }
}
