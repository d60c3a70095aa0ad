// One `.gitignore`'s rules compiled with the ignore package. Reached only through
// load-create-ignore-matcher.ts, so the package loads when a walk first meets a `.gitignore`.
import ignore, { type Ignore } from "ignore";

/** The matcher for one `.gitignore` text (paths relative to its folder). */
export function createIgnoreMatcher(text: string): Ignore {
  return ignore({ allowRelativePaths: true }).add(text);
}
