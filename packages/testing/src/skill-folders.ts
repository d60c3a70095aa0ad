// Test-only helpers for registry tests: temp folders and skill files built from a few fields.

import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

/** A fresh temp folder (real path) and a function that removes it. */
export function createTempDirectory(prefix = "skillbox-registry-"): { path: string; remove: () => void } {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  return { path: directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** The text of a SKILL.md with the given frontmatter fields (values written as YAML) and body. */
export function skillText(fields: Record<string, unknown>, body = "Body text.\n"): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n${body}`;
}

/**
 * Writes `<root>/<relativeDirectory>/SKILL.md` (or `fileName`) and returns the file's path. The
 * name defaults to the folder's name and the description to a sentence naming it.
 */
export function writeSkill(
  root: string,
  relativeDirectory: string,
  fields: Record<string, unknown> = {},
  options: { body?: string; fileName?: string } = {},
): string {
  const directory = path.join(root, relativeDirectory);
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, options.fileName ?? "SKILL.md");
  const name = path.basename(directory);
  writeFileSync(file, skillText({ name, description: `Helps with ${name}.`, ...fields }, options.body));
  return file;
}

/**
 * Sets the times of every file and folder under `root` to `secondsAgo` in the past, so stamps are
 * not "racy" (fresh files are always re-checked) and parse counts in tests are exact.
 */
export function ageTree(root: string, secondsAgo = 60): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  const visit = (target: string) => {
    const stats = lstatSync(target);
    if (stats.isSymbolicLink()) return;
    if (stats.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
    utimesSync(target, when, when);
  };
  visit(root);
}

/** Sets one file's times `secondsAgo` in the past (see ageTree). */
export function ageFile(file: string, secondsAgo = 30): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
}
