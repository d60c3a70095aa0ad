// What every MCP server over one workspace shares: the skill source and its digest cache, the one
// SkillsExtension, the skill tools, the prompt table — and the hot-reload fan-out that turns registry
// and state changes into list_changed and resources/updated notifications.

import { createHash } from "node:crypto";
import type { CacheHint, McpServer } from "@modelcontextprotocol/server";
import { SkillsExtension, type SkillWarning } from "@modelcontextprotocol/server/ext/skills";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { Tool } from "@skillbox/core/tools/define-tool";
import { createLoadSkillTool } from "@skillbox/core/tools/load-skill";
import { createReadSkillFileTool } from "@skillbox/core/tools/read-skill-file";
import { listLoadableNames } from "@skillbox/core/tools/resolve-loadable-skill";
import { createSearchSkillsTool } from "@skillbox/core/tools/search-skills";
import type { PresentSkillLocation } from "@skillbox/core/tools/skill-location";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { ResourceSubscriptions } from "./register-resource-subscriptions.js";
import type { PromptRenderer, RegisteredSkillPrompts } from "./register-skill-prompts.js";
import type { RegisteredSkillTools } from "./register-skill-tools.js";
import { remoteAgentRegistry } from "./remote-agent-registry.js";
import { listSkillPrompts, renderSkillPrompt, type SkillPrompt } from "./skill-prompts.js";
import { createSkillboxSkillSource, type SkillboxSkillSource } from "./skillbox-skill-source.js";

/** What one batch of changes means for clients. */
export interface SkillsMcpChange {
  /** The served or listed skills, a SKILL.md's name or description, or a skill's files changed. */
  resourcesChanged: boolean;
  /** Prompts appeared, vanished or changed. */
  promptsChanged: boolean;
  /** load_skill's description or the tools' availability changed. */
  toolsChanged: boolean;
  /** Files whose content changed (SKILL.md of changed skills, and files a rebuilt entry found changed). */
  updatedUris: string[];
}

export interface SkillsMcpServiceOptions {
  /** skills/list and directory page size; default 100. */
  pageSize?: number;
  /** `ttlMs`/`cacheScope` on 2026-07-28 results; default `0`/`private` (skills change under hot reload). */
  cacheHint?: CacheHint;
  /** Skills that cannot be published, unreadable files; default: dropped. */
  onWarning?: (warning: SkillWarning) => void;
  /** Changes within this window are sent as one batch; default 50 ms. */
  debounceMs?: number;
}

/** The per-server parts the service keeps in step. */
export interface TrackedServerParts {
  tools?: RegisteredSkillTools;
  prompts?: RegisteredSkillPrompts;
  subscriptions?: ResourceSubscriptions;
}

export interface SkillsMcpService {
  readonly workspace: Workspace;
  readonly source: SkillboxSkillSource;
  /** Attach to each server before connecting it. */
  readonly extension: SkillsExtension;
  /**
   * The registry as a remote agent sees it: `paths:` skills loadable on request (the client works on
   * files this server never sees), entries located by URI. The tools and `instructions` read it.
   */
  readonly modelRegistry: SkillRegistry;
  /** A skill's base as clients see it: its `skill://…/` URI, never its folder on disk. */
  readonly presentLocation: PresentSkillLocation;
  /** load_skill, read_skill_file, search_skills over the workspace. */
  readonly tools: readonly Tool[];
  /** True when the model may load at least one skill (otherwise the tools are hidden). */
  loadable(): boolean;
  prompts(): SkillPrompt[];
  readonly renderPrompt: PromptRenderer;
  /** Keeps `mcp` in step with changes until it is garbage, closed and untracked, or the service closes. */
  track(mcp: McpServer, parts: TrackedServerParts): void;
  untrack(mcp: McpServer): void;
  /** Every batch of changes, for transports that publish on their own (stateless HTTP). */
  onChange(listener: (change: SkillsMcpChange) => void): () => void;
  /** Sends pending changes now (tests, shutdown). */
  flush(): void;
  close(): void;
}

/** Creates the shared state for MCP servers over `workspace`; listens to its registry until `close`. */
export function createSkillsMcpService(
  workspace: Workspace,
  options: SkillsMcpServiceOptions = {},
): SkillsMcpService {
  const registry = workspace.registry;
  const stateOf = (name: string) => workspace.stateOf(name);
  const source = createSkillboxSkillSource(workspace, {
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  const extension = new SkillsExtension({
    source,
    ...(options.cacheHint === undefined ? {} : { cacheHint: options.cacheHint }),
    onWarning: options.onWarning ?? (() => undefined),
  });
  const presentLocation: PresentSkillLocation = (record) => source.baseOf(record) ?? UNSERVED_BASE;
  // The workspace's registry has the skill states built in, so the view (and the tools) ask it alone.
  const modelRegistry = remoteAgentRegistry(registry, {
    stateOf,
    locate: (record) => `${source.baseOf(record) ?? ""}SKILL.md`,
  });
  const tools: Tool[] = [
    // The client is the agent: a fork skill comes inline with a note; it may run it in a sub-agent.
    createLoadSkillTool({ registry: modelRegistry, forkWithoutRunner: "inline", presentLocation }),
    createReadSkillFileTool({ registry: modelRegistry, presentLocation }),
    createSearchSkillsTool({ registry: modelRegistry }),
  ];
  const servers = new Map<WeakRef<McpServer>, TrackedServerParts>();
  const listeners = new Set<(change: SkillsMcpChange) => void>();
  const loadable = () => listLoadableNames(modelRegistry).length > 0;
  const prompts = () => listSkillPrompts(registry, stateOf);

  let snapshot = takeSnapshot();
  const pendingUris = new Set<string>();
  // A skill's files changed: its skills/list entry (digests, file list) is not what clients hold.
  let entriesChanged = false;
  let pendingRecords: SkillRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function takeSnapshot() {
    const served = source
      .servedSkills()
      .map((skill) => [skill.uri, skill.listed, skill.record.name, skill.record.metadata.description]);
    // Digests, not the JSON itself: at 10,000 skills the two listings are megabytes of text to keep.
    return {
      resources: digestOf(JSON.stringify(served)),
      prompts: digestOf(
        JSON.stringify(prompts().map((prompt) => [prompt.name, prompt.description, prompt.arguments])),
      ),
      tools: digestOf(JSON.stringify([loadable(), tools[0]?.description])),
    };
  }

  function schedule(): void {
    if (closed || timer !== undefined) return;
    timer = setTimeout(flush, options.debounceMs ?? 50);
    timer.unref?.();
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    source.invalidate();
    const next = takeSnapshot();
    const byFile = new Map(source.servedSkills().map((skill) => [skill.record.file, skill.uri]));
    for (const record of pendingRecords) {
      const uri = byFile.get(record.file);
      if (uri !== undefined) pendingUris.add(uri);
    }
    pendingRecords = [];
    const change: SkillsMcpChange = {
      resourcesChanged: next.resources !== snapshot.resources || entriesChanged,
      promptsChanged: next.prompts !== snapshot.prompts,
      toolsChanged: next.tools !== snapshot.tools,
      updatedUris: [...pendingUris],
    };
    pendingUris.clear();
    entriesChanged = false;
    snapshot = next;
    if (
      !change.resourcesChanged &&
      !change.promptsChanged &&
      !change.toolsChanged &&
      change.updatedUris.length === 0
    ) {
      return;
    }
    const currentPrompts = change.promptsChanged ? prompts() : [];
    const nowLoadable = loadable();
    for (const [reference, parts] of [...servers]) {
      const mcp = reference.deref();
      if (mcp === undefined) {
        servers.delete(reference);
        continue;
      }
      notifyServer(mcp, parts, change, currentPrompts, nowLoadable);
    }
    for (const listener of [...listeners]) listener(change);
  }

  const stops = [
    registry.on("skill-added", () => schedule()),
    registry.on("skill-removed", () => schedule()),
    registry.on("skills-activated", () => schedule()),
    registry.on("skill-changed", ({ record, previous }) => {
      pendingRecords.push(record, previous);
      schedule();
    }),
    workspace.onStateChanged?.(() => schedule()) ?? (() => undefined),
    source.onEntryChanged(({ changedFiles }) => {
      for (const uri of changedFiles) pendingUris.add(uri);
      entriesChanged = true;
      schedule();
    }),
  ];

  return {
    workspace,
    source,
    extension,
    modelRegistry,
    presentLocation,
    tools,
    loadable,
    prompts,
    renderPrompt: (prompt, values, sessionId) =>
      renderSkillPrompt(prompt, values, {
        registry,
        allowShellCommands: workspace.settings.readSkillSettings().settings.allowShellInjection,
        presentLocation,
        ...(sessionId === undefined ? {} : { sessionId }),
      }),
    track(mcp, parts) {
      servers.set(new WeakRef(mcp), parts);
    },
    untrack(mcp) {
      for (const reference of servers.keys()) if (reference.deref() === mcp) servers.delete(reference);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    close() {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const stop of stops) stop();
      source.close();
      servers.clear();
      listeners.clear();
    },
  };
}

/**
 * What names the base of a skill the extension does not serve (its name is not an Agent Skills
 * name, or its state serves only the prompt): never its folder on disk.
 */
const UNSERVED_BASE =
  "the skill's folder on the server, not published as skill:// resources; read its files with read_skill_file";

function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

function notifyServer(
  mcp: McpServer,
  parts: TrackedServerParts,
  change: SkillsMcpChange,
  prompts: readonly SkillPrompt[],
  loadable: boolean,
): void {
  // Prompt and tool handles are synced even while disconnected, so a reconnecting client sees today's set.
  if (change.promptsChanged) parts.prompts?.sync(prompts);
  if (change.toolsChanged) parts.tools?.refresh(loadable);
  if (!mcp.isConnected()) return;
  if (change.resourcesChanged) mcp.sendResourceListChanged();
  // 2026-07-28 connections filter on their subscriptions/listen streams; 2025 ones only get what they subscribed to.
  const modern = (mcp.server.getNegotiatedProtocolVersion() ?? "") >= "2026-07-28";
  for (const uri of change.updatedUris) {
    if (!modern && parts.subscriptions?.has(uri) !== true) continue;
    mcp.server.sendResourceUpdated({ uri }).catch(() => {
      // The connection closed meanwhile: nothing left to tell.
    });
  }
}
