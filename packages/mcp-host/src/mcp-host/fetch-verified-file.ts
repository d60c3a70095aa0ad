// One file of an MCP skill, verified against the entry the host holds: from the disk cache when the
// cached bytes still hash to the entry's digest, otherwise through SkillsClient.read (size, digest and,
// for SKILL.md, frontmatter field by field) on the skill's own server. Never from anywhere else.

import {
  SkillVerificationError,
  type SkillVerificationReason,
} from "@modelcontextprotocol/client/ext/skills";
import { splitFrontmatter } from "@skillbox/core/skills/split-frontmatter";
import { parse as parseYaml } from "yaml";
import { describeTooLarge, mcpFileLimit } from "./mcp-file-limits.js";
import type { McpSkillEntry, McpSkillOrigin } from "./mcp-skill-origin.js";
import type { VerifiedFileCache } from "./verified-file-cache.js";

/** A verified file, or why none could be had. */
export type FetchedFile =
  | {
      ok: true;
      uri: string;
      bytes: Uint8Array;
      text: string | undefined;
      mimeType?: string;
      fromCache: boolean;
    }
  | {
      ok: false;
      uri: string;
      reason: SkillVerificationReason | "unavailable" | "too-large";
      message: string;
    };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Fetches `uri` of `held` from `origin` (the server that listed it). A URI the entry does not list
 * is refused before any request (an unlisted file is a change to the skill), and so is one the entry
 * lists over the local limit (mcpFileLimit; the SDK then holds the size to the listing). A cached
 * SKILL.md is used only when its frontmatter also still equals the entry's; otherwise the SDK's
 * check decides.
 */
export async function fetchVerifiedFile(
  origin: McpSkillOrigin,
  held: McpSkillEntry,
  uri: string,
  cache: VerifiedFileCache | undefined,
): Promise<FetchedFile> {
  const listed =
    held.entry.resources === "dynamic" ? undefined : held.entry.resources.find((item) => item.uri === uri);
  if (listed === undefined) {
    return { ok: false, uri, reason: "unlisted", message: `${uri} is not a file of the skill ${held.uri}` };
  }
  const maxBytes = mcpFileLimit(held, uri);
  if (listed.size > maxBytes) {
    return {
      ok: false,
      uri,
      reason: "too-large",
      message: describeTooLarge(held, uri, listed.size, maxBytes),
    };
  }
  const cached = cache?.get(held.label, uri, listed.digest);
  if (cached !== undefined) {
    const text = decode(cached);
    if (uri !== held.uri || (text !== undefined && sameFrontmatter(text, held.entry.frontmatter))) {
      return { ok: true, uri, bytes: cached, text, fromCache: true };
    }
  }
  try {
    const file = await origin.skills.read(held.entry, uri);
    cache?.put(held.label, uri, file.bytes);
    return {
      ok: true,
      uri,
      bytes: file.bytes,
      text: file.text ?? decode(file.bytes),
      ...(file.mimeType === undefined ? {} : { mimeType: file.mimeType }),
      fromCache: false,
    };
  } catch (error) {
    if (error instanceof SkillVerificationError) {
      return { ok: false, uri, reason: error.reason, message: error.message };
    }
    // A message over the transport's limit closed the connection: say that, not "Connection closed".
    const known = origin.connection.closedBecause?.();
    const cause = known ?? error;
    return {
      ok: false,
      uri,
      reason: "unavailable",
      message: cause instanceof Error ? cause.message : String(cause),
    };
  }
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Whether a cached SKILL.md's frontmatter still equals the entry's (any doubt is a miss, never a pass). */
function sameFrontmatter(text: string, expected: Record<string, unknown>): boolean {
  const split = splitFrontmatter(text);
  if (split.kind !== "closed") return false;
  try {
    return canonicalJson(parseYaml(split.yaml)) === canonicalJson(expected);
  } catch {
    return false;
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The markdown after a SKILL.md's frontmatter. */
export function bodyOf(text: string): string {
  return splitFrontmatter(text).body;
}
