// The `edit_file` built-in tool: replaces one exact, unique string in a workspace file.
import { readFile } from "node:fs/promises";
import { describeError } from "../../errors.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { booleanField, type InputOf, inputObject, stringField } from "../input-schema.js";
import { EDIT_FILE_TOOL, WRITE_FILE_TOOL } from "../tool-names.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";
import { writeFileAtomic } from "./write-file-atomic.js";

const editFileInput = inputObject({
  path: stringField({ description: "File path relative to the workspace root." }),
  old_string: stringField({ description: "The exact text to replace." }),
  new_string: stringField({ description: "The replacement text." }),
  replace_all: booleanField({ description: "Replace every occurrence instead of exactly one." }).optional(),
});

export type EditFileInput = InputOf<typeof editFileInput>;

/** Creates the `edit_file` tool. Zero or several matches are error results that say how to fix the call. */
export function createEditFileTool(options: BuiltinToolOptions): Tool<EditFileInput> {
  const root = resolveWorkspaceRoot(options.root);
  return defineTool({
    name: EDIT_FILE_TOOL,
    description:
      "Replace an exact string in a workspace file. old_string must match exactly once (whitespace " +
      "included) unless replace_all is true. Read the file first.",
    inputSchema: editFileInput,
    async execute(input) {
      if (input.old_string === "")
        return toolError(`old_string is empty. To create a file, use ${WRITE_FILE_TOOL}.`);
      if (input.old_string === input.new_string)
        return toolError("old_string and new_string are the same; nothing to change.");
      try {
        const target = resolveWorkspacePath(root, input.path);
        const text = await readFile(target.absolute, "utf8").catch(() => undefined);
        if (text === undefined)
          return toolError(`No file at "${target.relative}". Use ${WRITE_FILE_TOOL} to create it.`);
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
