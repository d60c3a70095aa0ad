// The `glob` built-in tool: lists workspace files matching a glob pattern (picomatch syntax).

import { describeError } from "../../errors.js";
import { loadCompileGlob } from "../../registry/watch/load-compile-glob.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { type InputOf, inputObject, stringField } from "../input-schema.js";
import { GLOB_TOOL } from "../tool-names.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { walkWorkspace } from "./walk-workspace.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";

export interface GlobToolOptions extends BuiltinToolOptions {
  /** Paths returned at most; default 200. */
  maxResults?: number;
}

const globInput = inputObject({
  pattern: stringField({ description: "Glob pattern (picomatch syntax)." }),
  path: stringField({ description: "Folder to search in, relative to the workspace root." }).optional(),
});

export type GlobInput = InputOf<typeof globInput>;

/** Creates the `glob` tool; the pattern is matched against paths relative to `path` (default the root). */
export function createGlobTool(options: GlobToolOptions): Tool<GlobInput> {
  const root = resolveWorkspaceRoot(options.root);
  const maxResults = options.maxResults ?? 200;
  return defineTool({
    name: GLOB_TOOL,
    description:
      'Find files by glob pattern, e.g. "**/*.ts" or "src/**/SKILL.md". Returns workspace-relative paths, ' +
      "sorted. node_modules and .git are skipped.",
    inputSchema: globInput,
    async execute(input) {
      if (input.pattern === "") return toolError('glob needs a non-empty "pattern" string.');
      try {
        const base = resolveWorkspacePath(root, input.path ?? ".");
        const isMatch = loadCompileGlob().compileGlob(input.pattern, { basename: false });
        const prefix = base.relative === "." ? "" : `${base.relative}/`;
        const found: string[] = [];
        let more = false;
        for await (const file of walkWorkspace(root, base.absolute)) {
          if (!isMatch(file.relative.slice(prefix.length))) continue;
          if (found.length >= maxResults) {
            more = true;
            break;
          }
          found.push(file.relative);
        }
        if (found.length === 0)
          return { content: `No files match "${input.pattern}" in "${base.relative}".` };
        options.onPathsTouched?.(found);
        const note = more ? `\n[only the first ${maxResults} matches are shown; narrow the pattern]` : "";
        return { content: found.join("\n") + note, metadata: { count: found.length, truncated: more } };
      } catch (error) {
        return toolError(describeError(error));
      }
    },
  });
}
