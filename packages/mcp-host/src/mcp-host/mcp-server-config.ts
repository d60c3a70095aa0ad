// `mcpServers` in the config, in the shape Claude Code and others use: `command`/`args`/`env` for a
// stdio server, `url`/`headers` for an HTTP one, keyed by a host-assigned label.

import type { Diagnostic } from "@skillbox/core/skills/diagnostic";

/** One MCP server the host connects to; `label` is Skillbox's name for it, never the server's own. */
export type McpServerConfig =
  | {
      label: string;
      transport: "stdio";
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      /** The largest message the server may send; default the SDK's 10 MiB. */
      maxMessageBytes?: number;
    }
  | { label: string; transport: "http" | "sse"; url: string; headers: Record<string, string> };

/** Below this, even an initialize result would not fit. */
const MIN_MESSAGE_BYTES = 65_536;

/** Labels name tools (`mcp__<label>__<tool>`) and skills (`<label>:<name>`), so they stay plain. */
export const MCP_LABEL_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface ParseMcpServersOptions {
  /** Labels that would collide with other origins' names (the skill roots' labels). */
  reservedLabels?: readonly string[];
  /** Where the value came from, for diagnostics; default `mcpServers`. */
  source?: string;
}

/**
 * Reads the `mcpServers` object. A bad entry becomes a diagnostic and is skipped; the others are
 * kept. Labels must match MCP_LABEL_PATTERN and must not equal a reserved label (an MCP skill
 * `user:x` would otherwise be indistinguishable from the `user` root's `x`).
 */
export function parseMcpServersConfig(
  value: unknown,
  options: ParseMcpServersOptions = {},
): { servers: McpServerConfig[]; diagnostics: Diagnostic[] } {
  const source = options.source ?? "mcpServers";
  const servers: McpServerConfig[] = [];
  const diagnostics: Diagnostic[] = [];
  const problem = (label: string, message: string) =>
    diagnostics.push({
      severity: "warning",
      code: "mcp-server-invalid",
      message: `${label}: ${message}`,
      path: source,
    });
  if (value === undefined) return { servers, diagnostics };
  if (!isRecord(value)) {
    problem("mcpServers", "must be an object of label -> server; ignored");
    return { servers, diagnostics };
  }
  const reserved = new Set((options.reservedLabels ?? []).map((label) => label.toLowerCase()));
  for (const [label, raw] of Object.entries(value)) {
    if (!MCP_LABEL_PATTERN.test(label)) {
      problem(label, "labels are 1-32 letters, digits, _ or -; server ignored");
      continue;
    }
    if (reserved.has(label.toLowerCase())) {
      problem(
        label,
        "this label is a skill root's label, so its skills' names would collide; server ignored",
      );
      continue;
    }
    if (!isRecord(raw)) {
      problem(label, "must be an object with `command` or `url`; server ignored");
      continue;
    }
    const type = raw.type;
    if (
      typeof raw.url === "string" &&
      (type === undefined || type === "http" || type === "sse" || type === "streamable-http")
    ) {
      if (!/^https?:\/\//i.test(raw.url)) {
        problem(label, "`url` must be an http(s) URL; server ignored");
        continue;
      }
      servers.push({
        label,
        transport: type === "sse" ? "sse" : "http",
        url: raw.url,
        headers: stringRecord(raw.headers),
      });
      continue;
    }
    if (
      typeof raw.command === "string" &&
      raw.command.trim() !== "" &&
      (type === undefined || type === "stdio")
    ) {
      const maxMessageBytes = raw.maxMessageBytes;
      const limitOk =
        maxMessageBytes === undefined ||
        (typeof maxMessageBytes === "number" &&
          Number.isInteger(maxMessageBytes) &&
          maxMessageBytes >= MIN_MESSAGE_BYTES);
      if (!limitOk) {
        problem(
          label,
          `\`maxMessageBytes\` must be a whole number of bytes, at least ${MIN_MESSAGE_BYTES}; the default (10 MiB) is used`,
        );
      }
      const args = Array.isArray(raw.args)
        ? raw.args.filter((item): item is string => typeof item === "string")
        : [];
      servers.push({
        label,
        transport: "stdio",
        command: raw.command,
        args,
        env: stringRecord(raw.env),
        ...(typeof raw.cwd === "string" ? { cwd: raw.cwd } : {}),
        ...(limitOk && typeof maxMessageBytes === "number" ? { maxMessageBytes } : {}),
      });
      continue;
    }
    problem(label, "needs `command` (stdio) or `url` (http); server ignored");
  }
  return { servers, diagnostics };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (typeof item === "string") result[key] = item;
  return result;
}
