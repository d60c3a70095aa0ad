// What every group of routes is given: the workspace and the server's own services.

import type { Translator } from "@skillbox/agent/translate/create-translator";
import type { InstallContext, ProgressListener } from "@skillbox/installer/install/index";
import type { McpSkills } from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { OpenDirectory } from "./open-directory.js";
import type { ServerEvents } from "./server-events.js";

/** Shared by the route modules; built once by createApp. */
export interface RouteContext {
  workspace: Workspace;
  events: ServerEvents;
  translator: Translator | undefined;
  openDirectory: OpenDirectory | undefined;
  /** The environment scripts copy PATH, HOME, LANG and TERM from. */
  env: Readonly<Record<string, string | undefined>>;
  /** Epoch milliseconds. */
  clock: () => number;
  /**
   * Re-reads changed skill files before a read answers: a stat of every folder and SKILL.md, so
   * at most once per `freshnessMs` (200 requests a second must not cost 200 passes over 10,000 skills).
   */
  ensureFresh(): void;
  /**
   * A count that moves whenever what the reads show may have changed in this process: a skill, its
   * state (also one another instance wrote), or any request that is not a read. Answers cached under
   * it are also dropped after `freshnessMs`, for what moves without telling (usage, time).
   */
  changeCount(): number;
  /** How long a read may be answered from a cached body. */
  freshnessMs: number;
  /** Milliseconds between heartbeat comments on event streams. */
  heartbeatMs: number;
  /** Event streams open at once; the next one gets 503. */
  maxEventClients: number;
  /** A stream whose client has not taken a write for this long is closed. */
  eventIdleTimeoutMs: number;
  /** The installer's context for one request, its progress going to `onProgress`. */
  installContext(onProgress?: ProgressListener): InstallContext;
  /** Runs installs, updates and removals one at a time, so two never write one root at once. */
  runExclusive<T>(task: () => Promise<T>): Promise<T>;
  /** The config's MCP servers' skills (listed beside the local ones), when connected. */
  mcpSkills: McpSkills | undefined;
}
