// Zod issues as short lines people can read: `allowScripts[0]: "../x" is not a skill name: …`,
// one per problem, instead of zod's multi-line JSON dump.
import type { z } from "zod";

/** One `path: message` line per issue; an issue about the whole value is labelled `rootLabel`. */
export function describeZodIssues(issues: readonly z.core.$ZodIssue[], rootLabel = "(value)"): string[] {
  return issues.map((issue) => `${formatIssuePath(issue.path) || rootLabel}: ${issue.message}`);
}

/** `["allowScripts", 0, "x"]` as `allowScripts[0].x`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`,
    )
    .join("");
}
