// Why a path given as a folder (--dir, --cwd) cannot be used: missing, a file, or unreadable.
import { statSync } from "node:fs";

/** undefined when `folder` is a folder; otherwise a lower-case phrase naming it and what is wrong. */
export function describeFolderProblem(folder: string): string | undefined {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return `folder not found: ${folder}`;
    return `cannot read folder ${folder} (${code ?? "unknown error"})`;
  }
  if (stats.isDirectory()) return undefined;
  return `not a folder: ${folder} is a ${stats.isFile() ? "file" : "special file"}; give a folder`;
}
