// The host side of MCP skills: connects the configured servers, keeps one origin per server, and
// loads skills and their files the careful way — on demand, verified, origin-tagged, bound to the
// originating server, approved per content, and with nothing run because a skill said so.

import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import { substituteSkillBody } from "@skillbox/core/skills/substitute";
import { type Tool, type ToolResult, toolError } from "@skillbox/core/tools/define-tool";
import { LOAD_SKILL_TOOL } from "@skillbox/core/tools/tool-names";
import { type McpConnection, type McpConnector, untilAborted } from "./connect-mcp-server.js";
import { describeMcpFailure } from "./describe-mcp-failure.js";
import { bodyOf, type FetchedFile, fetchVerifiedFile } from "./fetch-verified-file.js";
import { formatMcpSkill } from "./format-mcp-skill.js";
import { listMcpServerTools } from "./list-mcp-server-tools.js";
import type { McpServerConfig } from "./mcp-server-config.js";
import { createMcpSkillApprovals, type McpSkillApprovals } from "./mcp-skill-approvals.js";
import { createMcpSkillOrigin, type McpSkillEntry, type McpSkillOrigin } from "./mcp-skill-origin.js";
import { DEFAULT_MCP_TIMEOUT_MS } from "./mcp-timeout.js";
import { readMcpSkillFile } from "./read-mcp-skill-file.js";
import type { VerifiedFileCache } from "./verified-file-cache.js";

/** What the user is asked before an MCP skill is loaded (first time, and after its content changed). */
export interface McpLoadApprovalRequest {
  entry: McpSkillEntry;
  /** True when an earlier approval was revoked because the skill's files changed. */
  changed: boolean;
}

export interface McpSkillHostOptions {
  servers: readonly McpServerConfig[];
  connect: McpConnector;
  /** Verified files on disk; default none (every read goes to the server). */
  cache?: VerifiedFileCache;
  approvals?: McpSkillApprovals;
  /** Asked before a load needs consent; default: consent given (the approval is still recorded and revoked). */
  askToLoad?: (request: McpLoadApprovalRequest) => Promise<boolean>;
  /**
   * Milliseconds a server gets to connect and answer skills/list; a slower one is given up (one
   * diagnostic, its process stopped). Default DEFAULT_MCP_TIMEOUT_MS (10 s).
   */
  timeoutMs?: number;
  /** Told about each problem as it happens: servers that failed, refused entries, refused reads. */
  onDiagnostic?: (diagnostic: Diagnostic) => void;
}

/** Refusals kept for diagnostics() after start-up (the newest). */
const KEPT_REFUSALS = 50;

export interface McpSkillHost {
  origins(): readonly McpSkillOrigin[];
  /** Every server's skills, for the registry (names `<label>:<name>`). */
  entries(): McpSkillEntry[];
  /** Servers that failed to connect or list, entries that were refused, and the latest refused reads. */
  diagnostics(): Diagnostic[];
  /** True when `name` is an MCP skill's name (its label is a connected server's). */
  owns(name: string): boolean;
  /** load_skill for an MCP skill: fetched (or from the verified cache), verified, origin-tagged. */
  loadSkill(name: string, options?: { sessionId?: string; args?: string }): Promise<ToolResult>;
  /** read_skill_file for an MCP skill loaded in this session: its server only, listed files only. */
  readSkillFile(name: string, path: string, options?: { sessionId?: string }): Promise<ToolResult>;
  /** The MCP skills loaded in a session (the host is acting on them). */
  activeSkills(sessionId?: string): McpSkillEntry[];
  /** Ends the acting-on window of a session (its SKILL.md bodies left the context). */
  endSession(sessionId?: string): void;
  /** Every server's own tools, as `mcp__<label>__<tool>`. */
  serverTools(): Promise<Tool[]>;
  /** Lists every server's skills again. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_SESSION = "default";

/** Connects every server (failures become diagnostics) and lists each one's skills once. */
export async function createMcpSkillHost(options: McpSkillHostOptions): Promise<McpSkillHost> {
  const approvals = options.approvals ?? createMcpSkillApprovals();
  const problems: Diagnostic[] = [];
  const refusals: Diagnostic[] = [];
  const connections: McpConnection[] = [];
  const origins = new Map<string, McpSkillOrigin>();
  const timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const report = (diagnostic: Diagnostic) => options.onDiagnostic?.(diagnostic);
  const reportFindings = (origin: McpSkillOrigin) => {
    for (const finding of origin.diagnostics()) report(finding);
  };
  // A server whose connection closed (a message over the size limit, a crash) is connected again on
  // its next use, so one oversized file costs that file, not the server's other skills.
  const closed = new Set<string>();
  const configs = new Map(options.servers.map((config) => [config.label, config]));

  /** Connects `config` and lists its skills within the timeout; a failure is a diagnostic. */
  async function attach(config: McpServerConfig): Promise<boolean> {
    const attempt = new AbortController();
    const timer = setTimeout(() => attempt.abort(), timeoutMs);
    let connection: McpConnection | undefined;
    // Giving up closes the connection, which fails whatever request is pending on it.
    const giveUp = () => void connection?.close().catch(() => undefined);
    attempt.signal.addEventListener("abort", giveUp, { once: true });
    try {
      const connecting = options.connect(config, { signal: attempt.signal });
      // A connection that arrives after the timeout is closed at once.
      connecting
        .then((late) => attempt.signal.aborted && void late.close().catch(() => undefined))
        .catch(() => undefined);
      connection = await untilAborted(connecting, attempt.signal);
      const origin = await untilAborted(createMcpSkillOrigin(connection), attempt.signal);
      const previous = connections.findIndex((item) => item.label === config.label);
      if (previous === -1) connections.push(connection);
      else connections[previous] = connection;
      origins.set(config.label, origin);
      closed.delete(config.label);
      const current = connection;
      current.client.onclose = () => {
        if (connections.includes(current)) closed.add(config.label);
      };
      reportFindings(origin);
      connection.client.setNotificationHandler("notifications/resources/list_changed", async () => {
        await origin.refresh().catch(() => undefined);
        reportFindings(origin);
      });
      return true;
    } catch (error) {
      giveUp();
      const failure = describeMcpFailure(config.label, error, connection);
      const problem: Diagnostic = {
        severity: "warning",
        code: failure.code,
        message: attempt.signal.aborted
          ? `MCP server "${config.label}" did not connect and list its skills within ${formatSeconds(timeoutMs)}; skipped (check its command or URL, or that it starts; a slow one needs a longer --mcp-timeout)`
          : failure.message,
        path: `mcp:${config.label}`,
      };
      problems.push(problem);
      report(problem);
      return false;
    } finally {
      clearTimeout(timer);
      attempt.signal.removeEventListener("abort", giveUp);
    }
  }
  await Promise.all(options.servers.map(attach));

  const originOf = (name: string) => origins.get(name.slice(0, Math.max(0, name.indexOf(":"))));

  /** The origin serving `name`, connected again first when its connection closed since. */
  async function liveOriginOf(name: string): Promise<McpSkillOrigin | undefined> {
    const origin = originOf(name);
    const config = origin === undefined ? undefined : configs.get(origin.label);
    if (origin === undefined || config === undefined || !closed.has(origin.label)) return origin;
    closed.delete(origin.label);
    await origin.connection.close().catch(() => undefined);
    if (await attach(config)) return originOf(name);
    closed.add(origin.label);
    return origin;
  }
  // The entry a session loaded is the one its file reads verify against, until the session ends.
  const active = new Map<string, Map<string, McpSkillEntry>>();

  async function refuseAndRefresh(
    origin: McpSkillOrigin,
    held: McpSkillEntry,
    failure: FetchedFile & { ok: false },
  ) {
    // Stale, tampered or just changed: use nothing fetched, take the server's current entry instead.
    // Too large or unreachable says nothing about the entry: it stays as listed.
    const unchanged = failure.reason === "unavailable" || failure.reason === "too-large";
    const fresh = unchanged ? held : await origin.refreshEntry(held.uri);
    const revoked = fresh !== undefined && approvals.revokeIfChanged(fresh);
    if (fresh === undefined) approvals.revoke(held.label, held.uri);
    const refusal: Diagnostic = {
      severity: failure.reason === "too-large" ? "error" : "warning",
      code: refusalCode(failure, origin),
      message: `Refused ${failure.uri} of "${held.name}": ${describeFailure(failure)}`,
      path: `mcp:${origin.label}`,
    };
    refusals.push(refusal);
    if (refusals.length > KEPT_REFUSALS) refusals.shift();
    report(refusal);
    return toolError(
      `Refused ${failure.uri} from the MCP server "${origin.label}": ${describeFailure(failure)}. ` +
        (failure.reason === "too-large"
          ? "Continue without it."
          : failure.reason === "unavailable"
            ? "Try again later or continue without it."
            : fresh === undefined
              ? `The server no longer serves "${held.name}".`
              : `The entry was refreshed from the server${revoked ? " and the earlier approval revoked" : ""}; load "${fresh.name}" again to use the current content.`),
      { mcpServer: origin.label, uri: failure.uri, reason: failure.reason },
    );
  }

  return {
    origins: () => [...origins.values()],
    entries: () => [...origins.values()].flatMap((origin) => origin.entries()),
    diagnostics: () => [
      ...problems,
      ...[...origins.values()].flatMap((origin) => origin.diagnostics()),
      ...refusals,
    ],
    owns: (name) => originOf(name) !== undefined,
    async loadSkill(name, loadOptions = {}) {
      const origin = await liveOriginOf(name);
      const held = origin?.get(name);
      if (origin === undefined || held === undefined) return unknownSkill(name, origins);
      if (!approvals.isApproved(held)) {
        const changed = approvals.revokeIfChanged(held) || approvals.wasRevoked(held);
        const consent = (await options.askToLoad?.({ entry: held, changed })) ?? true;
        if (!consent) {
          return toolError(`The user did not approve loading the MCP skill "${name}"; continue without it.`);
        }
        approvals.approve(held);
      }
      const fetched = await fetchVerifiedFile(origin, held, held.uri, options.cache);
      if (!fetched.ok) return refuseAndRefresh(origin, held, fetched);
      const text = fetched.text ?? "";
      const body = substituteSkillBody(bodyOf(text), {
        skillDir: held.rootUri,
        ...(loadOptions.sessionId === undefined ? {} : { sessionId: loadOptions.sessionId }),
        ...(loadOptions.args === undefined ? {} : { arguments: loadOptions.args }),
        argumentNames: argumentNamesOf(held.entry.frontmatter.arguments),
      });
      const session = loadOptions.sessionId ?? DEFAULT_SESSION;
      const loaded = active.get(session) ?? new Map<string, McpSkillEntry>();
      loaded.set(held.name, held);
      active.set(session, loaded);
      return {
        content: formatMcpSkill(held, body),
        metadata: {
          skill: held.name,
          mcpServer: held.label,
          baseUri: held.rootUri,
          fromCache: fetched.fromCache,
        },
        // What the agent activates and compaction re-attaches; a server's skill pre-approves no tools.
        data: {
          kind: "skill-loaded",
          name: held.name,
          skillDir: held.rootUri,
          body,
          allowedTools: [],
          disallowedTools: [],
        },
      };
    },
    async readSkillFile(name, path, readOptions = {}) {
      const origin = await liveOriginOf(name);
      if (origin === undefined) return unknownSkill(name, origins);
      const held = active.get(readOptions.sessionId ?? DEFAULT_SESSION)?.get(name);
      if (held === undefined) {
        return toolError(
          `Load "${name}" with ${LOAD_SKILL_TOOL} first: an MCP skill's files are read against the entry it was loaded from.`,
        );
      }
      return readMcpSkillFile(origin, held, path, options.cache, (failure) =>
        refuseAndRefresh(origin, held, failure),
      );
    },
    activeSkills: (sessionId) => [...(active.get(sessionId ?? DEFAULT_SESSION)?.values() ?? [])],
    endSession: (sessionId) => void active.delete(sessionId ?? DEFAULT_SESSION),
    async serverTools() {
      const lists = await Promise.all(
        connections.map((connection) => listMcpServerTools(connection).catch(() => [])),
      );
      return lists.flat();
    },
    async refresh() {
      await Promise.all(
        [...origins.values()].map((origin) =>
          origin.refresh().then(
            () => reportFindings(origin),
            () => undefined,
          ),
        ),
      );
      // A loaded entry whose server now publishes other content keeps its window; reads will fail verification.
      for (const loaded of active.values()) {
        for (const [name, entry] of loaded) {
          const current = originOf(name)?.get(name);
          if (current !== undefined && current.fingerprint !== entry.fingerprint) {
            approvals.revokeIfChanged(current);
          }
        }
      }
    },
    async close() {
      await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
    },
  };
}

function refusalCode(failure: FetchedFile & { ok: false }, origin: McpSkillOrigin): string {
  if (failure.reason === "too-large") return "file-too-large";
  if (failure.reason !== "unavailable") return "mcp-verification-failed";
  return origin.connection.closedBecause?.() === undefined ? "mcp-read-failed" : "mcp-message-too-large";
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}

/** The frontmatter's `arguments:` (space-separated or a list), for `$name` substitution as in local skills. */
function argumentNamesOf(value: unknown): string[] {
  if (typeof value === "string") return value.split(/\s+/).filter((name) => name !== "");
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : [];
}

function describeFailure(failure: FetchedFile & { ok: false }): string {
  switch (failure.reason) {
    case "unlisted":
      return "the skill's entry does not list that file, so it counts as a change to the skill";
    case "size":
    case "digest":
      return "its content does not match the digest the server listed (changed, stale or tampered with)";
    case "frontmatter":
      return "its frontmatter differs from the entry the server listed";
    case "too-large":
      return failure.message;
    default:
      return `it could not be read (${failure.message})`;
  }
}

function unknownSkill(name: string, origins: ReadonlyMap<string, McpSkillOrigin>): ToolResult {
  const names = [...origins.values()].flatMap((origin) => origin.entries().map((entry) => entry.name));
  return toolError(
    `Unknown MCP skill "${name}". ${names.length === 0 ? "No MCP server serves skills right now." : `MCP skills: ${names.slice(0, 20).join(", ")}.`}`,
  );
}
