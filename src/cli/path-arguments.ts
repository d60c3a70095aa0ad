// Resolves path arguments for commands: a missing path is a usage error, reported before any output.
import { stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";

/** What a path argument points at. */
export interface PathArgument {
  /** The path as given. */
  path: string;
  kind: "directory" | "file";
}

/** Checks every path exists; throws `path-not-found` naming the first that does not. */
export async function resolvePathArguments(paths: readonly string[]): Promise<PathArgument[]> {
  const resolved: PathArgument[] = [];
  for (const path of paths) {
    const found = await stat(path).catch(() => undefined);
    if (!found) {
      throw new SkillboxError(
        "path-not-found",
        `Path does not exist: ${path} (check the spelling or the current folder)`,
      );
    }
    resolved.push({ path, kind: found.isDirectory() ? "directory" : "file" });
  }
  return resolved;
}

/** A path to a SKILL.md file (any casing) means its folder, as the reference CLI does. */
export function toSkillDirectory(argument: PathArgument): string | undefined {
  if (argument.kind === "directory") return argument.path;
  return basename(argument.path).toLowerCase() === "skill.md" ? dirname(argument.path) : undefined;
}
