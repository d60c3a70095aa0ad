// The `write_file` built-in tool: creates or replaces a workspace file atomically.
import { describeError } from "../../errors.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import { type InputOf, inputObject, stringField } from "../input-schema.js";
import { WRITE_FILE_TOOL } from "../tool-names.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";
import { writeFileAtomic } from "./write-file-atomic.js";

const writeFileInput = inputObject({
  path: stringField({ description: "File path relative to the workspace root." }),
  content: stringField({ description: "The complete new content of the file." }),
});

export type WriteFileInput = InputOf<typeof writeFileInput>;

/** Creates the `write_file` tool; parent folders are created, the write is temp file + rename. */
export function createWriteFileTool(options: BuiltinToolOptions): Tool<WriteFileInput> {
  const root = resolveWorkspaceRoot(options.root);
  return defineTool({
    name: WRITE_FILE_TOOL,
    description: "Create or overwrite a file in the workspace with the given content.",
    inputSchema: writeFileInput,
    async execute(input) {
      try {
        const target = resolveWorkspacePath(root, input.path);
        if (target.relative === ".")
          return toolError(`${WRITE_FILE_TOOL} needs a file path, not the workspace root.`);
        await writeFileAtomic(target.absolute, input.content);
        options.onPathsTouched?.([target.relative]);
        return {
          content: `Wrote ${Buffer.byteLength(input.content)} bytes to "${target.relative}".`,
          metadata: { path: target.relative },
        };
      } catch (error) {
        return toolError(`Could not write "${input.path}": ${describeError(error)}`);
      }
    },
  });
}
