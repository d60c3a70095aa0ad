// Builds the full set of built-in tools for one workspace in one call.
import type { Tool } from "../define-tool.js";
import { type BashToolOptions, type BuiltinToolOptions, createBashTool } from "./bash-tool.js";
import { createEditFileTool } from "./edit-file-tool.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import { createReadFileTool } from "./read-file-tool.js";
import { createWriteFileTool } from "./write-file-tool.js";

export interface BuiltinToolsOptions extends BuiltinToolOptions {
  bash?: Omit<BashToolOptions, keyof BuiltinToolOptions>;
  /** Leave these tools out, by name (e.g. `["bash"]` for a read-only agent). */
  exclude?: string[];
}

/** Returns bash, read_file, write_file, edit_file, glob and grep, all confined to `root`. */
export function createBuiltinTools(options: BuiltinToolsOptions): Tool[] {
  const shared: BuiltinToolOptions = { root: options.root, onPathsTouched: options.onPathsTouched };
  const tools: Tool[] = [
    createBashTool({ ...shared, ...options.bash }),
    createReadFileTool(shared),
    createWriteFileTool(shared),
    createEditFileTool(shared),
    createGlobTool(shared),
    createGrepTool(shared),
  ];
  const excluded = new Set(options.exclude ?? []);
  return tools.filter((tool) => !excluded.has(tool.name));
}
