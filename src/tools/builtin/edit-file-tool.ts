// The `edit_file` built-in tool: replaces one exact, unique string in a workspace file.
import { readFile } from "node:fs/promises";
import { describeError } from "../../errors.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type EditFileInput = { path: string; old_string: string; new_string: string; replace_all?: boolean };

/** Creates the `edit_file` tool. Zero or several matches are error results that say how to fix the call. */
export function createEditFileTool(options: BuiltinToolOptions): Tool<EditFileInput> {
  const root = resolveWorkspaceRoot(options.root);
  return defineTool<EditFileInput>({
    name: "edit_file",
    description:
      "Replace an exact string in a workspace file. old_string must match exactly once (whitespace " +
      "included) unless replace_all is true. Read the file first.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path relative to the workspace root." },
        old_string: { type: "string", description: "The exact text to replace." },
        new_string: { type: "string", description: "The replacement text." },
        replace_all: { type: "boolean", description: "Replace every occurrence instead of exactly one." },
      },
      required: ["path", "old_string", "new_string"],
    },
    async execute(input) {
      if (
        typeof input.path !== "string" ||
        typeof input.old_string !== "string" ||
        typeof input.new_string !== "string"
      ) {
        return toolError('edit_file needs "path", "old_string" and "new_string" strings.');
      }
      if (input.old_string === "") return toolError("old_string is empty. To create a file, use write_file.");
      if (input.old_string === input.new_string)
        return toolError("old_string and new_string are the same; nothing to change.");
      try {
        const target = resolveWorkspacePath(root, input.path);
        const text = await readFile(target.absolute, "utf8").catch(() => undefined);
        if (text === undefined)
          return toolError(`No file at "${target.relative}". Use write_file to create it.`);
        const lines = matchLines(text, input.old_string);
        if (lines.length === 0) {
          return toolError(
            `old_string was not found in "${target.relative}". Read the file again and copy the text exactly, ` +
              "including indentation and line breaks.",
          );
        }
        if (lines.length > 1 && input.replace_all !== true) {
          return toolError(
            `old_string matches ${lines.length} places in "${target.relative}" (lines ${lines.join(", ")}). ` +
              "Include more surrounding lines so it matches once, or set replace_all to true.",
          );
        }
        const updated = text.split(input.old_string).join(input.new_string);
        await writeFileAtomic(target.absolute, updated);
        options.onPathsTouched?.([target.relative]);
        return {
          content: `Replaced ${lines.length} occurrence${lines.length === 1 ? "" : "s"} in "${target.relative}" (line ${lines.join(", ")}).`,
          metadata: { path: target.relative, replacements: lines.length },
        };
      } catch (error) {
        return toolError(`Could not edit "${input.path}": ${describeError(error)}`);
      }
    },
  });
}

/** 1-based line numbers where each non-overlapping occurrence of `needle` starts. */
function matchLines(text: string, needle: string): number[] {
  const lines: number[] = [];
  let from = 0;
  for (;;) {
    const index = text.indexOf(needle, from);
    if (index < 0) return lines;
    lines.push(text.slice(0, index).split("\n").length);
    from = index + needle.length;
  }
}
