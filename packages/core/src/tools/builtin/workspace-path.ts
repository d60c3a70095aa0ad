// Confines tool paths to a workspace root: no escape through `..`, absolute paths or symlinks.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { SkillboxError } from "../../errors.js";

/** A path inside the workspace: where to do I/O (symlinks resolved) and how to name it (relative, POSIX). */
export interface WorkspacePath {
  absolute: string;
  relative: string;
}

/** True when `candidate` is `root` itself or lies under it (both absolute and normalised). */
export function isInsideRoot(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Resolves a path given by the model against the root and checks it stays inside, following
 * symlinks of the deepest existing ancestor. Throws SkillboxError "path-escape" otherwise.
 */
export function resolveWorkspacePath(root: string, input: string): WorkspacePath {
  const realRoot = realpathOrSelf(path.resolve(root));
  const requested = input.trim() === "" ? "." : input;
  const absolute = path.resolve(realRoot, requested);
  if (!isInsideRoot(realRoot, absolute) && !isInsideRoot(path.resolve(root), absolute)) {
    throw escapeError(input);
  }
  const lexical = isInsideRoot(realRoot, absolute)
    ? absolute
    : path.join(realRoot, path.relative(path.resolve(root), absolute));
  const real = realpathOfExistingPrefix(lexical);
  if (real === undefined || !isInsideRoot(realRoot, real)) throw escapeError(input);
  return { absolute: real, relative: toPosix(path.relative(realRoot, lexical)) || "." };
}

/** The root with symlinks resolved, so callers compare like with like. */
export function resolveWorkspaceRoot(root: string): string {
  return realpathOrSelf(path.resolve(root));
}

function escapeError(input: string): SkillboxError {
  return new SkillboxError(
    "path-escape",
    `The path "${input}" is outside the workspace. Use a path relative to the workspace root.`,
    { data: { path: input } },
  );
}

/**
 * Resolves symlinks for the longest existing prefix of `target` and appends the rest unchanged.
 * A dangling symlink is followed by hand, since writing through it would create its target.
 * Undefined when links loop.
 */
function realpathOfExistingPrefix(target: string): string | undefined {
  let missing: string[] = [];
  let current = target;
  for (let hops = 0; hops < 64; hops += 1) {
    try {
      return path.join(realpathSync(current), ...missing);
    } catch {
      // Not resolvable: either missing (step up a level) or a dangling symlink (follow it).
    }
    const link = readLinkOrUndefined(current);
    if (link !== undefined) {
      current = path.resolve(path.dirname(current), link);
      continue;
    }
    const parent = path.dirname(current);
    if (parent === current) return path.join(current, ...missing);
    missing = [path.basename(current), ...missing];
    current = parent;
  }
  return undefined;
}

function readLinkOrUndefined(target: string): string | undefined {
  try {
    return lstatSync(target).isSymbolicLink() ? readlinkSync(target) : undefined;
  } catch {
    // Does not exist at all.
    return undefined;
  }
}

function realpathOrSelf(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    // A root that does not exist yet is compared lexically.
    return target;
  }
}

/** Converts platform separators to `/`. */
export function toPosix(value: string): string {
  return value.split(path.sep).join("/");
}
