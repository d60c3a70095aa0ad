// Turns the model's `path` for an MCP skill's file into a URI under that skill's root, and nothing
// else: no `..` out of it, no absolute URI of another skill or another scheme.

import type { McpSkillEntry } from "./mcp-skill-origin.js";

/** The resolved target, or why the path was refused. */
export type ResolvedSkillFile =
  | { ok: true; uri: string; kind: "file" | "directory" }
  | { ok: false; message: string };

/**
 * Resolves `requested` against `entry.rootUri` as a file system path would resolve against the skill
 * folder. A folder is a directory when the entry lists a file below it; the root is one too.
 */
export function resolveSkillFileUri(entry: McpSkillEntry, requested: string): ResolvedSkillFile {
  const trimmed = requested.trim();
  if (trimmed === "" || trimmed.includes("\0")) {
    return {
      ok: false,
      message: "path must be a file path relative to the skill's base, e.g. references/GUIDE.md.",
    };
  }
  // `..` and rooted paths would leave the skill folder on a file system; they leave it here too.
  if (trimmed.startsWith("/") || trimmed.startsWith("\\") || trimmed.split(/[/\\]/).includes("..")) {
    return { ok: false, message: outside(entry, requested) };
  }
  let uri: string;
  try {
    // An absolute URI stays absolute (and is checked below); anything else resolves against the root.
    uri = new URL(trimmed, `${entry.rootUri}/`).href.replace(/\/+$/, "");
  } catch {
    return { ok: false, message: `"${requested}" is not a path inside the skill.` };
  }
  if (uri !== entry.rootUri && !uri.startsWith(`${entry.rootUri}/`)) {
    return { ok: false, message: outside(entry, requested) };
  }
  const resources = entry.entry.resources === "dynamic" ? [] : entry.entry.resources;
  if (uri === entry.rootUri || resources.some((resource) => resource.uri.startsWith(`${uri}/`))) {
    return { ok: true, uri, kind: "directory" };
  }
  return { ok: true, uri, kind: "file" };
}

function outside(entry: McpSkillEntry, requested: string): string {
  return `"${requested}" is outside the skill "${entry.name}" (its files are under ${entry.rootUri}); an MCP skill can only read its own files, on its own server.`;
}
