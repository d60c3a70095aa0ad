// read_skill_file for a loaded MCP skill: the path resolves under the skill's root; a folder is listed
// through resources/directory/read (or from the entry when the server has no directory reads); a file
// must be in the entry's resources and is verified before the model sees it.

import type { ToolResult } from "@skillbox/core/tools/define-tool";
import { toolError } from "@skillbox/core/tools/define-tool";
import { formatSize } from "@skillbox/core/tools/describe-binary-file";
import { DEFAULT_MAX_FILE_BYTES } from "@skillbox/core/tools/read-skill-file";
import { type FetchedFile, fetchVerifiedFile } from "./fetch-verified-file.js";
import type { McpSkillEntry, McpSkillOrigin } from "./mcp-skill-origin.js";
import { resolveSkillFileUri } from "./resolve-skill-file-uri.js";
import type { VerifiedFileCache } from "./verified-file-cache.js";

/** Text beyond this many characters is cut, as for local skills (only a SKILL.md can be longer). */
const MAX_TEXT = DEFAULT_MAX_FILE_BYTES;

/** Reads `path` of `held` from `origin` only; `refuse` turns a verification failure into the result. */
export async function readMcpSkillFile(
  origin: McpSkillOrigin,
  held: McpSkillEntry,
  path: unknown,
  cache: VerifiedFileCache | undefined,
  refuse: (failure: FetchedFile & { ok: false }) => Promise<ToolResult>,
): Promise<ToolResult> {
  if (typeof path !== "string") return toolError("path must be a path relative to the skill's base.");
  const target = resolveSkillFileUri(held, path);
  if (!target.ok) return toolError(target.message, { mcpServer: origin.label });
  if (target.kind === "directory") return listDirectory(origin, held, target.uri);
  const fetched = await fetchVerifiedFile(origin, held, target.uri, cache);
  if (!fetched.ok) return refuse(fetched);
  const header = `${target.uri} (skill "${held.name}", MCP server "${origin.label}", verified against its digest)`;
  if (fetched.text === undefined) {
    return {
      content: `${header}: a binary file (${fetched.mimeType ?? "unknown type"}, ${formatSize(fetched.bytes.byteLength)}); its content is not shown.`,
      metadata: { mcpServer: origin.label, uri: target.uri },
    };
  }
  const text =
    fetched.text.length > MAX_TEXT
      ? `${fetched.text.slice(0, MAX_TEXT)}\n[cut at ${MAX_TEXT} characters of ${fetched.text.length}]`
      : fetched.text;
  return { content: `${header}:\n\n${text}`, metadata: { mcpServer: origin.label, uri: target.uri } };
}

async function listDirectory(origin: McpSkillOrigin, held: McpSkillEntry, uri: string): Promise<ToolResult> {
  let lines: string[];
  if (origin.directoryRead) {
    try {
      const { resources } = await origin.skills.readDirectory(uri);
      lines = resources.map((child) =>
        child.mimeType === "inode/directory" ? `${lastSegment(child.uri)}/` : lastSegment(child.uri),
      );
    } catch (error) {
      return toolError(
        `Could not list ${uri} on the MCP server "${origin.label}": ${(error as Error).message}`,
      );
    }
  } else {
    // No directory reads on this server: the entry's complete file list answers instead.
    const children = new Set<string>();
    for (const resource of held.entry.resources === "dynamic" ? [] : held.entry.resources) {
      if (!resource.uri.startsWith(`${uri}/`)) continue;
      const rest = resource.uri.slice(uri.length + 1);
      const slash = rest.indexOf("/");
      children.add(slash === -1 ? rest : `${rest.slice(0, slash)}/`);
    }
    lines = [...children].sort();
  }
  return {
    content: `${uri} (skill "${held.name}", MCP server "${origin.label}") holds:\n${lines.join("\n")}`,
    metadata: { mcpServer: origin.label, uri },
  };
}

function lastSegment(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf("/") + 1));
}
