// The `read_file` built-in tool: numbered lines of a workspace file, with offset/limit and a size cap.
import { readFile, stat } from "node:fs/promises";
import { describeError } from "../../errors.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { type InputOf, inputObject, numberField, stringField } from "../input-schema.js";
import { GLOB_TOOL, GREP_TOOL, READ_FILE_TOOL } from "../tool-names.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";

export interface ReadFileToolOptions extends BuiltinToolOptions {
  /** Files larger than this are refused; default 5 MiB. */
  maxBytes?: number;
  /** Lines returned when no limit is given; default 2000. */
  defaultLimit?: number;
  /** Longer lines are cut; default 2000 characters. */
  maxLineChars?: number;
}

const readFileInput = inputObject({
  path: stringField({ description: "File path relative to the workspace root." }),
  offset: numberField({ min: 1, description: "First line to return, 1-based." }).optional(),
  limit: numberField({ min: 1, description: "Number of lines to return." }).optional(),
});

export type ReadFileInput = InputOf<typeof readFileInput>;

/** Creates the `read_file` tool; output is `cat -n` style, 1-based line numbers. */
export function createReadFileTool(options: ReadFileToolOptions): Tool<ReadFileInput> {
  const root = resolveWorkspaceRoot(options.root);
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const defaultLimit = options.defaultLimit ?? 2000;
  const maxLineChars = options.maxLineChars ?? 2000;
  return defineTool({
    name: READ_FILE_TOOL,
    description:
      "Read a text file from the workspace. Returns numbered lines; use offset (1-based line) and limit " +
      "to page through long files.",
    inputSchema: readFileInput,
    async execute(input) {
      try {
        const target = resolveWorkspacePath(root, input.path);
        const info = await stat(target.absolute).catch(() => undefined);
        if (info === undefined)
          return toolError(`No file at "${target.relative}". Use ${GLOB_TOOL} to find the right path.`);
        if (info.isDirectory()) {
          return toolError(
            `"${target.relative}" is a directory. Use ${GLOB_TOOL} with a pattern like "${target.relative}/*".`,
          );
        }
        if (info.size > maxBytes) {
          return toolError(
            `"${target.relative}" is ${info.size} bytes, over the ${maxBytes}-byte cap. Use ${GREP_TOOL} to find the part you need.`,
          );
        }
        const buffer = await readFile(target.absolute);
        if (buffer.includes(0))
          return toolError(`"${target.relative}" looks binary; ${READ_FILE_TOOL} shows text files only.`);
        options.onPathsTouched?.([target.relative]);
        const lines = buffer.toString("utf8").split(/\r?\n/);
        if (lines.length > 1 && lines.at(-1) === "") lines.pop();
        const offset = Math.max(1, Math.floor(input.offset ?? 1));
        const limit = Math.max(1, Math.floor(input.limit ?? defaultLimit));
        if (offset > lines.length && !(offset === 1 && lines.length === 0)) {
          return toolError(
            `"${target.relative}" has ${lines.length} lines; offset ${offset} is past the end.`,
          );
        }
        const slice = lines.slice(offset - 1, offset - 1 + limit);
        const body = slice
          .map((line, index) => {
            const text = line.length > maxLineChars ? `${line.slice(0, maxLineChars)}… [line cut]` : line;
            return `${String(offset + index).padStart(6)}\t${text}`;
          })
          .join("\n");
        const end = offset + slice.length - 1;
        const more =
          end < lines.length
            ? `\n[lines ${offset}-${end} of ${lines.length}; use offset ${end + 1} for more]`
            : "";
        return {
          content: buffer.length === 0 ? `"${target.relative}" is empty.` : body + more,
          metadata: { path: target.relative, totalLines: lines.length },
        };
      } catch (error) {
        return toolError(describeError(error));
      }
    },
  });
}
