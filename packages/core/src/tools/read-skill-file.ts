// The read_skill_file tool (Layer 3): reads one file inside a skill's folder on demand. Paths that
// leave the folder (`..`, absolute paths, symbolic links pointing outside) are refused; large files
// are cut at a cap; binary files are described (type and size) instead of dumped.

import { closeSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import * as path from "node:path";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import { defineTool, type Tool, type ToolResult, toolError } from "./define-tool.js";
import { detectBinaryType, formatSize } from "./describe-binary-file.js";
import { type InputOf, inputObject, stringField } from "./input-schema.js";
import { listSkillFiles } from "./list-skill-files.js";
import { resolveLoadableSkill } from "./resolve-loadable-skill.js";
import { type PresentSkillLocation, presentOnDisk } from "./skill-location.js";
import { suggestSkillNames } from "./suggest-skill-names.js";
import { READ_SKILL_FILE_TOOL } from "./tool-names.js";

/** Text beyond this many bytes is cut (with a note); default 256 KiB. */
export const DEFAULT_MAX_FILE_BYTES = 256 * 1024;

const readSkillFileInput = inputObject({
  skill_name: stringField({ description: "Name of the skill the file belongs to." }),
  path: stringField({ description: "Path relative to the skill's base directory." }),
});

/** read_skill_file's input. */
export type ReadSkillFileInput = InputOf<typeof readSkillFileInput>;

/** What read_skill_file works from. */
export interface ReadSkillFileToolOptions {
  /** The skills, with their states built in. */
  registry: SkillRegistry;
  maxBytes?: number;
  /** How the skill's folder is named in messages; default its path on disk. */
  presentLocation?: PresentSkillLocation;
}

/** Creates read_skill_file. */
export function createReadSkillFileTool(options: ReadSkillFileToolOptions): Tool<ReadSkillFileInput> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  const present = options.presentLocation ?? presentOnDisk;
  return defineTool({
    name: READ_SKILL_FILE_TOOL,
    description:
      "Read a file that belongs to a loaded skill (a reference document, template, example or script), " +
      "by its path relative to the skill's base directory, e.g. reference.md or scripts/extract.py. " +
      "A folder path lists the folder. Only files inside the skill's folder can be read.",
    inputSchema: readSkillFileInput,
    async execute(input) {
      const resolved = resolveLoadableSkill(options.registry, input.skill_name);
      if ("error" in resolved) return resolved.error;
      const { record } = resolved;
      const requested = input.path;
      if (requested.trim() === "" || requested.includes("\0")) {
        return toolError(
          "path must be a file path relative to the skill's base directory, e.g. reference.md.",
        );
      }
      const relative = requested.trim().replace(/\\/g, "/");
      if (path.isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) {
        return toolError(
          `Absolute paths are not allowed; give the path relative to the skill's base directory (${present(record)}).`,
        );
      }
      let root: string;
      try {
        root = realpathSync(record.directory);
      } catch {
        // The folder vanished since it was listed.
        return toolError(`Skill "${record.name}" is no longer on disk (${present(record)} is gone).`);
      }
      const target = path.resolve(root, relative);
      if (!isInside(root, target)) {
        // Named as presented: the folder on disk locally, the skill's base (skill://…/) over MCP.
        const shown = present(record) === record.directory ? root : present(record);
        return toolError(
          `"${requested}" is outside the skill's folder; only files inside ${shown} can be read, by their path relative to it.`,
        );
      }
      let real: string;
      try {
        real = realpathSync(target);
      } catch {
        // Missing (or a dangling link): point at what exists instead.
        return notFound(record.name, root, relative);
      }
      if (!isInside(root, real)) {
        return toolError(
          `"${requested}" is a link that points outside the skill's folder; it cannot be read with ${READ_SKILL_FILE_TOOL}.`,
        );
      }
      const metadata = { skill: record.name, path: toPosix(path.relative(root, real)) || "." };
      try {
        const stats = statSync(real);
        if (stats.isDirectory()) return listFolder(root, real, metadata);
        if (!stats.isFile()) return toolError(`"${requested}" is not a regular file.`);
        return readFile(real, stats.size, maxBytes, metadata);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? "error";
        return toolError(
          `"${requested}" cannot be read (${code}); it may have just changed. Try again or pick another file.`,
        );
      }
    },
  });
}

function readFile(
  file: string,
  size: number,
  maxBytes: number,
  metadata: { skill: string; path: string },
): ToolResult {
  const length = Math.min(size, maxBytes);
  const buffer = Buffer.alloc(length);
  const descriptor = openSync(file, "r");
  let read = 0;
  try {
    while (read < length) {
      const count = readSync(descriptor, buffer, read, length - read, read);
      if (count === 0) break;
      read += count;
    }
  } finally {
    closeSync(descriptor);
  }
  const bytes = buffer.subarray(0, read);
  const binaryType = detectBinaryType(file, bytes.subarray(0, 8192));
  if (binaryType !== undefined) {
    return {
      content: `${metadata.path} is a binary file (${binaryType}, ${formatSize(size)}); it is not shown as text. Use a tool or one of the skill's scripts that handles this kind of file.`,
      metadata: { ...metadata, bytes: size, binary: true, type: binaryType },
    };
  }
  const truncated = size > read;
  let text = bytes.toString("utf8");
  // A cut can split a character: drop the replacement character it leaves at the end.
  if (truncated) text = text.replace(/\uFFFD$/u, "");
  const note = truncated
    ? `\n[Cut at ${formatSize(read)} of ${formatSize(size)}; the rest of the file is not shown.]`
    : "";
  return {
    content: `<skill-file skill="${metadata.skill}" path="${metadata.path}">\n${text}${text.endsWith("\n") ? "" : "\n"}</skill-file>${note}`,
    metadata: { ...metadata, bytes: size, truncated },
  };
}

function listFolder(root: string, folder: string, metadata: { skill: string; path: string }): ToolResult {
  const listing = listSkillFiles(folder, { limit: 100, maxDepth: 2 });
  const prefix = metadata.path === "." ? "" : `${metadata.path}/`;
  const lines = listing.files.map((file) => `- ${prefix}${file}`);
  if (listing.more > 0) lines.push(`- … and ${listing.more} more`);
  const where = folder === root ? "the skill's folder" : `${metadata.path}/`;
  return {
    content: lines.length === 0 ? `${where} holds no files.` : `Files in ${where}:\n${lines.join("\n")}`,
    metadata: { ...metadata, directory: true },
  };
}

function notFound(skill: string, root: string, relative: string): ToolResult {
  const files = listSkillFiles(root, { limit: 200 }).files;
  const close = suggestSkillNames(relative, files, 3);
  const hint = close.length > 0 ? ` Did you mean ${close.map((file) => `"${file}"`).join(" or ")}?` : "";
  const shown = files.slice(0, 20).join(", ");
  const available = files.length === 0 ? "The skill has no other files." : `Its files include: ${shown}.`;
  return toolError(`Skill "${skill}" has no file "${relative}".${hint} ${available}`, {
    skill,
    path: relative,
  });
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  if (relative === "") return true;
  return relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join("/");
}
