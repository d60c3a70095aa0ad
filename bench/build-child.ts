// Compiles bench/bench-child.ts into one plain JavaScript file (esbuild, which tsx already brings),
// so child measurements run on plain `node` without tsx's loader thread inflating time and memory.
// Falls back to running the TypeScript through tsx when esbuild cannot be loaded.

import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** How to start a child: the node arguments before `<task> <options>`. */
export interface ChildCommand {
  args: string[];
  /** True when the child runs compiled JavaScript; false when it runs through tsx. */
  compiled: boolean;
}

const packageRoot = fileURLToPath(new URL("../", import.meta.url));
const source = fileURLToPath(new URL("./bench-child.ts", import.meta.url));

interface EsbuildModule {
  buildSync(options: Record<string, unknown>): unknown;
}

/** Bundles the child under node_modules/.cache (so its package imports resolve) and returns how to run it. */
export function buildBenchChild(): ChildCommand {
  const outfile = join(packageRoot, "node_modules", ".cache", "skillbox-bench", "bench-child.mjs");
  try {
    const esbuild = createRequire(import.meta.url)("esbuild") as EsbuildModule;
    esbuild.buildSync({
      entryPoints: [source],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "silent",
    });
    return { args: [outfile], compiled: true };
  } catch {
    // No esbuild (an unusual install): tsx runs the source, with its loader thread's overhead.
    return { args: ["--conditions=skillbox-source", "--import", "tsx", source], compiled: false };
  }
}
