// The `grep` built-in tool: a regular expression over workspace files, results capped.

import { readFile, stat } from "node:fs/promises";
import { describeError } from "../../errors.js";
import { loadCompileGlob } from "../../registry/watch/load-compile-glob.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { booleanField, type InputOf, inputObject, stringField } from "../input-schema.js";
import { GREP_TOOL } from "../tool-names.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { walkWorkspace } from "./walk-workspace.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";

export interface GrepToolOptions extends BuiltinToolOptions {
  /** Matching lines returned at most; default 200. */
  maxResults?: number;
  /** Files larger than this are skipped; default 2 MiB. */
  maxFileBytes?: number;
}

const grepInput = inputObject({
  pattern: stringField({ description: "Regular expression (JavaScript syntax)." }),
  path: stringField({ description: "Folder or file to search, relative to the workspace root." }).optional(),
  glob: stringField({ description: "Only files whose path matches this glob." }).optional(),
  ignore_case: booleanField({ description: "Case-insensitive matching." }).optional(),
});

export type GrepInput = InputOf<typeof grepInput>;

/** Creates the `grep` tool; output lines are `path:line: text`. Binary and large files are skipped. */
export function createGrepTool(options: GrepToolOptions): Tool<GrepInput> {
  const root = resolveWorkspaceRoot(options.root);
  const maxResults = options.maxResults ?? 200;
  const maxFileBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
  return defineTool({
    name: GREP_TOOL,
    description:
      "Search file contents with a JavaScript regular expression. Returns path:line: text for each " +
      'matching line. Narrow with path (a folder or file) and glob (e.g. "*.ts").',
    inputSchema: grepInput,
    async execute(input, context) {
      if (input.pattern === "") return toolError('grep needs a non-empty "pattern" string.');
      let expression: RegExp;
      try {
        expression = new RegExp(input.pattern, input.ignore_case === true ? "i" : "");
      } catch (error) {
        return toolError(`The pattern is not a valid regular expression: ${describeError(error)}`);
      }
      try {
        const base = resolveWorkspacePath(root, input.path ?? ".");
        const filter =
          input.glob !== undefined && input.glob !== ""
            ? loadCompileGlob().compileGlob(input.glob)
            : undefined;
        const info = await stat(base.absolute).catch(() => undefined);
        if (info === undefined) return toolError(`No file or folder at "${base.relative}".`);
        const files = info.isFile()
          ? oneFile(base.absolute, base.relative)
          : walkWorkspace(root, base.absolute);
        const results: string[] = [];
        const touched = new Set<string>();
        let more = false;
        for await (const file of files) {
          if (context.abortSignal?.aborted) break;
          if (filter !== undefined && !filter(file.relative)) continue;
          const text = await readSearchable(root, file.absolute, maxFileBytes);
          if (text === undefined) continue;
          const lines = text.split(/\r?\n/);
          for (let index = 0; index < lines.length; index += 1) {
            const line = lines[index] as string;
            if (!expression.test(line)) continue;
            if (results.length >= maxResults) {
              more = true;
              break;
            }
            touched.add(file.relative);
            results.push(
              `${file.relative}:${index + 1}: ${line.length > 500 ? `${line.slice(0, 500)}…` : line}`,
            );
          }
          if (more) break;
        }
        if (results.length === 0)
          return { content: `No matches for /${input.pattern}/ in "${base.relative}".` };
        options.onPathsTouched?.([...touched]);
        const note = more ? `\n[only the first ${maxResults} matches are shown; narrow the search]` : "";
        return { content: results.join("\n") + note, metadata: { count: results.length, truncated: more } };
      } catch (error) {
        return toolError(describeError(error));
      }
    },
  });
}

async function* oneFile(
  absolute: string,
  relative: string,
): AsyncGenerator<{ absolute: string; relative: string }> {
  yield { absolute, relative };
}

/** The file's text, or undefined when it is too large, binary, unreadable or a link out of the root. */
async function readSearchable(root: string, absolute: string, maxBytes: number): Promise<string | undefined> {
  try {
    const target = resolveWorkspacePath(root, absolute);
    const info = await stat(target.absolute);
    if (!info.isFile() || info.size > maxBytes) return undefined;
    const buffer = await readFile(target.absolute);
    return buffer.includes(0) ? undefined : buffer.toString("utf8");
  } catch {
    // Links out of the workspace and vanished files are skipped silently: grep is a best-effort scan.
    return undefined;
  }
}
