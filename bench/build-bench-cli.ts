// Bundles the `skillbox` CLI from the current sources into dist/bench-cli/ for the whole-process
// bench, through scripts/bundle-cli.mjs itself (the same chunks and lazy modules users get; dist/cli/
// is left alone for the end-to-end tests). Two levels below the
// package root, like dist/cli/, so package-info.ts finds package.json and the bundled skills. Falls
// back to a built dist/cli/main.js.

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The CLI entry to run and where it came from. */
export interface BenchCli {
  path: string;
  source: "bundled from src" | "dist/cli (prebuilt)";
}

const packageRoot = fileURLToPath(new URL("../", import.meta.url));

/** Bundles the CLI, or returns the prebuilt one when bundling fails (say, sources mid-edit). */
export function buildBenchCli(log: (text: string) => void): BenchCli {
  const outdir = join(packageRoot, "dist", "bench-cli");
  try {
    execFileSync(process.execPath, [join(packageRoot, "scripts", "bundle-cli.mjs"), "--outdir", outdir], {
      cwd: packageRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { path: join(outdir, "main.js"), source: "bundled from src" };
  } catch (error) {
    const prebuilt = join(packageRoot, "dist", "cli", "main.js");
    if (!existsSync(prebuilt)) throw error;
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim();
    log(
      `bundling the CLI failed (${(stderr || String(error)).split("\n")[0]}); timing the prebuilt dist/cli`,
    );
    return { path: prebuilt, source: "dist/cli (prebuilt)" };
  }
}
