// Facts about the installed package: its version, the bundled skills folder and the built page.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// src/cli, dist/cli and the bundled CLI's chunks (dist/cli/*.js) all sit two levels below the
// package root, so this file is the one place that knows the layout.
const packageRoot = new URL("../../", import.meta.url);

/** The version from package.json. */
export function readPackageVersion(): string {
  const text = readFileSync(new URL("package.json", packageRoot), "utf8");
  const parsed = JSON.parse(text) as { version?: unknown };
  return typeof parsed.version === "string" ? parsed.version : "0.0.0";
}

/** The `skills/` folder shipped inside the package. */
export function bundledSkillsDirectory(): string {
  return fileURLToPath(new URL("skills", packageRoot));
}

/** The settings page built by Vite (`dist/web/`). */
export function webDirectory(): string {
  return fileURLToPath(new URL("dist/web/", packageRoot));
}
