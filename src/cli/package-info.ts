// Facts about the installed package: its version and the bundled skills folder.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Both src/cli and dist/cli sit two levels below the package root.
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
