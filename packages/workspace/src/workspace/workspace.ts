// CONTRACT: the composition root shared by the front ends (CLI, server, MCP, agent commands).
// `openWorkspace` (src/workspace/open-workspace.ts) wires roots, the registry, the SQLite store,
// settings and per-skill states together; front ends only adapt it to their medium.

import type { SkillboxError } from "@skillbox/core/errors";
import type { SkillRoot } from "@skillbox/core/registry/discovery/skill-roots";
import type { EmbeddingsConfig } from "@skillbox/core/registry/semantic/embeddings-config";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { AuditLog } from "@skillbox/core/store/audit-log";
import type { CacheStore } from "@skillbox/core/store/cache-store";
import type { EmbeddingStore } from "@skillbox/core/store/embedding-store";
import type { SettingsStore } from "@skillbox/core/store/settings-store";
import type { SkillState, SkillStateScope } from "@skillbox/core/store/skill-state";
import type { UsageStore } from "@skillbox/core/store/usage-store";
import type { SkillboxStore } from "@skillbox/store-sqlite/store/open-store";

/** The environment variable naming a PostgreSQL database for the stores (`postgres://…`). */
export const DATABASE_URL_VARIABLE = "SKILLBOX_DATABASE_URL";

/** The merged config file(s): user `~/.skillbox/config.json`, then project `.skillbox/config.json`. */
export interface SkillboxConfig {
  /** Skill roots replacing the defaults (like `--dir`), highest first. */
  roots?: string[];
  /** Extra roots added below the project roots and above the user roots. */
  extraRoots?: string[];
  provider?: "openai" | "anthropic";
  model?: string;
  baseUrl?: string;
  /** Model ids for the `model:` aliases of skills. */
  models?: { haiku?: string; sonnet?: string; opus?: string };
  /**
   * Layer 1 defaults. Without `budgetTokens`, Layer 1 gets 2% of the model's context window (4,000
   * tokens when unknown); `"none"` lists every skill, however long the list.
   */
  prompt?: { format?: "xml" | "markdown" | "plain" | "available-skills"; budgetTokens?: number | "none" };
  /** Permission rules in Claude Code syntax. */
  permissions?: { allow?: string[]; ask?: string[]; deny?: string[] };
  /** Command hooks keyed by event name. */
  hooks?: Record<string, { matcher?: string; command: string; timeoutSeconds?: number }[]>;
  server?: { port?: number; host?: string };
  /** Folders linked skill folders may lead into besides the roots; honoured from the user config only. */
  trustedSymlinkTargets?: string[];
  /**
   * Projects whose own config may run code or redirect credentials (`mcpServers`, `hooks`,
   * `baseUrl`, `permissions.allow`); honoured from the user config only.
   */
  trustedProjects?: string[];
  /** Folder levels below a root that discovery scans (default 8). */
  maxDepth?: number;
  /** Folders discovery scans per root at most (default 100,000). */
  maxDirectories?: number;
  /**
   * MCP servers whose skills the agent may load (`<label>:<name>`), keyed by label: `command`/`args`/`env`
   * for stdio, `url`/`headers` for HTTP (see mcp-host/parseMcpServersConfig).
   */
  mcpServers?: Record<string, unknown>;
  /**
   * The PostgreSQL database holding usage, states, settings, the audit log and caches (fleet mode);
   * honoured from the user config only. `--store` and SKILLBOX_DATABASE_URL win over it.
   */
  store?: { url: string; schema?: string };
  /**
   * Skill suggestions in each user turn of `run`, `chat` and createSkillAgent: `auto` (default) while
   * Layer 1 leaves some skill without its own described line, `on` always, `off` never.
   */
  suggestions?: "auto" | "on" | "off";
  /**
   * Semantic retrieval (optional, off by default): an OpenAI-compatible embeddings endpoint whose
   * ranking search fuses with the lexical one (docs/routing.md). A project's config may set it only
   * for a trusted project (requests and the key go to its baseUrl).
   */
  embeddings?: EmbeddingsConfig;
}

export interface OpenWorkspaceOptions {
  /** Working directory (project roots are found from here up to the git root). */
  cwd: string;
  /** The user's home directory. */
  home: string;
  /** Environment variables (never read from process.env inside the core). */
  env: Readonly<Record<string, string | undefined>>;
  /** `--dir` folders: replace the default roots when non-empty. */
  dirs?: readonly string[];
  /**
   * The bundled skills folder (the CLI passes the skillbox package's `skills/`). Without one there is
   * no bundled root and no bundled skill is switched on by default: a library user's program ships
   * its own skills.
   */
  bundledDirectory?: string;
  /** SQLite file; default `<home>/.skillbox/skillbox.db` (or `SKILLBOX_DB`); `":memory:"` for tests. */
  storePath?: string;
  /** Session whose overrides apply to states. */
  sessionId?: string;
  /**
   * Persist the registry index beside the store (`<store folder>/cache/index-<hash>.bin`, one file
   * per set of roots and discovery options, `--dir` folders included); default true.
   */
  persistIndex?: boolean;
  /** Discovery depth bound (`--max-depth`); wins over the config's `maxDepth`. */
  maxDepth?: number;
  /** Discovery folder bound (`--max-directories`); wins over the config's `maxDirectories`. */
  maxDirectories?: number;
  /**
   * Stores opened elsewhere (PostgreSQL) to use instead of the SQLite file; the caller closes them.
   * `openWorkspaceWithStore` opens them from `storeUrl` or SKILLBOX_DATABASE_URL.
   */
  stores?: WorkspaceStores;
  /** The fetch semantic retrieval calls its embeddings endpoint with; default the global fetch. */
  fetch?: typeof fetch;
  /**
   * Called once when better-sqlite3 cannot load (a `store-unavailable` error): the stores then live
   * in memory for this workspace. Omitted: that error reaches whoever first uses a store.
   */
  onStoreUnavailable?: (error: SkillboxError) => void;
}

/** The four stores plus how the workspace learns that another instance changed states or settings. */
export interface WorkspaceStores {
  settings: SettingsStore;
  usage: UsageStore;
  audit: AuditLog;
  cache: CacheStore;
  /** Embedding vectors for semantic retrieval; default the SQLite file's table. */
  embeddings?: EmbeddingStore;
  /** A value that changes whenever states or settings changed (checked at most once per synchronous run). */
  changeStamp(): unknown;
  /** Calls `listener` for each skill state changed by any instance at user scope or in `projectPath`. */
  onStateChange(listener: (change: SkillStateChange) => void, projectPath: string): () => void;
}

export interface Workspace {
  readonly cwd: string;
  readonly home: string;
  readonly config: SkillboxConfig;
  readonly roots: readonly SkillRoot[];
  readonly registry: SkillRegistry;
  readonly store: SkillboxStore;
  readonly settings: SettingsStore;
  readonly usage: UsageStore;
  readonly audit: AuditLog;
  readonly cache: CacheStore;
  /** The user's own skills folder (`~/.skillbox/skills`), created when missing. */
  readonly userSkillsDirectory: string;
  /** Findings from config files and roots. */
  readonly diagnostics: readonly Diagnostic[];
  /** Effective state of a skill (project-local > project > user > default; session overrides win). */
  stateOf(name: string): SkillState;
  /** Sets a state at a scope (default `user`) and notifies the registry's listeners. */
  setState(name: string, state: SkillState, scope?: SkillStateScope): void;
  /** Whether this skill's scripts may run (settings `allowScripts`). */
  scriptsAllowed(name: string): boolean;
  /** Removes a state set at a scope (default `user`), so the next level decides again. */
  clearState?(name: string, scope?: SkillStateScope): void;
  /**
   * Called after `setState`/`clearState` in this process. (The registry has no way to emit for
   * others yet; states written by other processes are picked up on the next `stateOf`.)
   */
  onStateChanged?(listener: (change: SkillStateChange) => void): () => void;
  /** The folder project-scope states belong to: the git root above `cwd`, or `cwd`. */
  readonly projectPath?: string;
  /** The SQLite file in use (or `:memory:`). */
  readonly storePath?: string;
  close(): void;
}

/** One state change made through a workspace; `state` is undefined when it was cleared. */
export interface SkillStateChange {
  name: string;
  state: SkillState | undefined;
  scope: SkillStateScope;
}
