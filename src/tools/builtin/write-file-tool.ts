// The `write_file` built-in tool: creates or replaces a workspace file atomically.
import { describeError } from "../../errors.js";
import { defineTool, type Tool, toolError } from "../define-tool.js";
import type { BuiltinToolOptions } from "./bash-tool.js";
import { resolveWorkspacePath, resolveWorkspaceRoot } from "./workspace-path.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type WriteFileInput = { path: string; content: string };

/** Creates the `write_file` tool; parent folders are created, the write is temp file + rename. */
export function createWriteFileTool(options: BuiltinToolOptions): Tool<WriteFileInput> {
  const root = resolveWorkspaceRoot(options.root);
  return defineTool<WriteFileInput>({
    name: "write_file",
    description: "Create or overwrite a file in the workspace with the given content.",
    inputSchema: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path relative to the workspace root." },
        content: { type: "string", description: "The complete new content of the file." },
      },
      required: ["path", "content"],
    },
    async execute(input) {
      if (typeof input.path !== "string" || typeof input.content !== "string") {
        return toolError('write_file needs a "path" string and a "content" string.');
      }
      try {
        const target = resolveWorkspacePath(root, input.path);
        if (target.relative === ".")
          return toolError("write_file needs a file path, not the workspace root.");
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
