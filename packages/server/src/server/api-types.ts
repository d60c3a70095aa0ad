// The HTTP API's wire shapes (docs/http-api.md), types only: the routes build their answers with them
// and the settings page (web/) imports them. Only import leaf type modules here (no Node, no values),
// so web/'s type check never reaches server code; api-types.test.ts checks the mirrored unions.
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { SkillContext, SkillMetadata } from "@skillbox/core/skills/skill-metadata";

export type { Diagnostic, SkillContext, SkillMetadata };

/** How visible a skill is: listed with description, by name only, only for the person, or off. */
export type SkillState = "on" | "name-only" | "user-only" | "off";

/**
 * What the model gets of a skill: `listed` (in Layer 1, and the load tool takes it), or why it is
 * hidden: its `state`, `shadowed`, `disable-model-invocation`, or `waiting-for-paths`.
 */
export type ModelVisibility =
  | "listed"
  | "state"
  | "shadowed"
  | "disable-model-invocation"
  | "waiting-for-paths";

/** A root folder skills are discovered in. */
export interface SkillRootSummary {
  label: string;
  path: string;
  scope: string;
}

/** Where an MCP skill comes from: the server's label in mcpServers, and the skill's URIs there. */
export interface McpSkillOriginSummary {
  server: string;
  /** The skill's own name (frontmatter), without the label. */
  skillName: string;
  /** Its SKILL.md URI. */
  uri: string;
  /** The skill root its relative paths resolve against. */
  baseUri: string;
}

/**
 * A skill as `GET /api/skills` lists it. An MCP skill is named `<label>:<name>`; its root is
 * `{ label: "mcp:<label>", path: <base URI>, scope: "mcp" }`, `path` and `directory` are its SKILL.md
 * and base URIs, and `mcp` says where it comes from.
 */
export interface SkillSummary {
  name: string;
  qualifiedName: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  root: SkillRootSummary;
  path: string;
  directory: string;
  /** Effective state after scopes and session overrides. */
  state: SkillState;
  /** True when a higher root has a skill of the same name. */
  shadowed: boolean;
  /** Listed in Layer 1 (and loadable by the model): `modelVisibility` is `listed`. */
  modelInvocable: boolean;
  /** What the model gets of it, and if nothing, why. */
  modelVisibility: ModelVisibility;
  userInvocable: boolean;
  context: SkillContext;
  usage: { count: number; lastUsedAt: number | null; score: number };
  diagnostics: Diagnostic[];
  /** Set for a skill served by an MCP server (absent for local skills). */
  mcp?: McpSkillOriginSummary;
}

/** One file of a skill folder: POSIX path relative to the folder, and its size. */
export interface SkillFileSummary {
  path: string;
  size: number;
}

/** A skill with its frontmatter, body and files, from `GET /api/skills/:name`. */
export interface SkillDetail extends SkillSummary {
  metadata: SkillMetadata;
  body: string;
  files: SkillFileSummary[];
}

/** `GET /api/skills`. */
export interface SkillListResponse {
  skills: SkillSummary[];
  roots: (SkillRootSummary & { exists: boolean })[];
  /** Findings about roots and the config, and MCP servers that failed, refused entries and reads. */
  diagnostics: Diagnostic[];
  /** The MCP servers of the config's mcpServers, while the server connects to them (absent without any). */
  mcpServers?: McpServerSummary[];
}

/** `GET /api/search?q=&limit=`: the registry's ranked search, best first. */
export interface SkillSearchResponse {
  query: string;
  /** `score` ranks within this query; `confidence` in [0, 1] is comparable across queries and libraries. */
  results: (SkillSummary & { score: number; confidence: number })[];
}

/** One configured MCP server as the API reports it. */
export interface McpServerSummary {
  label: string;
  /** `connecting` until it answered skills/list or was given up (`unavailable`: see the diagnostics). */
  status: "connecting" | "connected" | "unavailable";
  /** Skills it lists (0 unless connected). */
  skills: number;
}

/** Formats `GET /api/prompt` renders Layer 1 in. */
export type PromptFormat = "xml" | "markdown" | "plain" | "available-skills";

/** `GET /api/prompt`: the Layer 1 text, its tokens, and what the budget did. */
export interface PromptResponse {
  text: string;
  tokens: number;
  format: PromptFormat;
  stats: {
    /** Skills with a line of their own (with a description or by name only). */
    included: number;
    /** Listed descriptions that were cut short to fit. */
    shortened: number;
    /** Skills listed by name only (a `name-only` state or an empty description). */
    namesOnly: number;
    /** Skills without a line of their own: shown only by area in the map, or not at all when it has no room. */
    omitted: number;
    /** Of `omitted`, the skills the map's areas count. */
    grouped: number;
    /** Each listed skill in listing order: the tokens of its own text and how its line shows it. */
    perEntry: { name: string; tokens: number; placement: "whole" | "shortened" | "name" }[];
  };
}

/** `POST /api/refresh`. */
export interface RefreshResponse {
  added: string[];
  changed: string[];
  removed: string[];
}

/** `POST /api/directory/open`. */
export interface OpenDirectoryResponse {
  opened: boolean;
  path: string;
}

/** Server-sent event names on `/api/events`. */
export type ServerEventName =
  | "skill-added"
  | "skill-changed"
  | "skill-removed"
  | "skills-activated"
  | "state-changed";

/** Every error answer: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: string; message: string };
}

// ---- Installing skills (POST /api/install/scan, POST /api/install, updates, removal, the marketplace)

/** Where installs go: the project's `.agents/skills` (recorded in skills-lock.json) or `~/.agents/skills`. */
export type InstallScope = "project" | "user";

/** One skill found in a source, as `POST /api/install/scan` shows it before anything is installed. */
export interface FoundSkillSummary {
  /** The name it installs under. */
  name: string;
  /** False when an error diagnostic blocks it. */
  installable: boolean;
  /** The folder inside the source (`""` = its root). */
  skillPath: string;
  description: string;
  plugin?: string;
  diagnostics: Diagnostic[];
  bytes: number;
  fileCount: number;
  /** Files under `scripts/` or with the executable bit. */
  scripts: string[];
  allowedTools: string[];
  /** Hook event names the skill registers. */
  hooks: string[];
  context: SkillContext;
  treeSha?: string;
  contentHash?: string;
}

/** The source a scan read. */
export interface ScannedSource {
  type: "github" | "git" | "local" | "archive";
  /** `owner/repo@ref`, a URL: how messages name it. */
  label: string;
  commit?: string;
}

/** `POST /api/install/scan` `{ source }`: what the source holds. Nothing is written. */
export interface InstallScanResponse {
  source: ScannedSource;
  skills: FoundSkillSummary[];
  /** Findings about the source itself (manifests, skipped skills). */
  diagnostics: Diagnostic[];
}

/** The body of `POST /api/install`. */
export interface InstallRequest {
  source: string;
  /** Names (or folders in the source) of the skills to install; at least one. */
  skills: string[];
  /** Default `project`. */
  scope?: InstallScope;
  /** Replace skills of the same name installed from another source. */
  replace?: boolean;
}

/** One progress step of an install (the `progress` event). */
export type InstallProgressEvent =
  | { phase: "download"; label: string; bytes: number; totalBytes?: number; done?: boolean }
  | { phase: "extract"; label: string; entries: number; bytes: number; done?: boolean }
  | { phase: "write"; label: string; files: number; totalFiles: number; done?: boolean };

/** A link made into another agent's skills folder. */
export interface AgentLinkResult {
  agent: string;
  path: string;
  method: "symlink" | "copy" | "skipped";
  reason?: string;
}

/** One installed skill. */
export interface InstalledSkillResult {
  name: string;
  folder: string;
  skillPath: string;
  /** The source of the skill it replaced, when it replaced one. */
  replaced?: string;
  links: AgentLinkResult[];
  /** True when one of the server's skill roots lists it (false for a server started with --dir). */
  listed: boolean;
}

/** What `POST /api/install` ends with (the `installed` event, or the JSON answer). */
export interface InstallResponse {
  scope: InstallScope;
  skillsDirectory: string;
  installed: InstalledSkillResult[];
}

/** Server-sent events of `POST /api/install`, in order: progress…, scanned, progress…, installed or error. */
export type InstallEventName = "progress" | "scanned" | "installed" | "error";

/** The `error` event: what an error answer would have said, with its status. */
export interface InstallErrorEvent {
  status: number;
  code: string;
  message: string;
}

/** One installed skill against its source (`GET /api/outdated`). */
export interface OutdatedSkill {
  name: string;
  scope: InstallScope;
  /** `owner/repo@ref (folder)`. */
  source: string;
  status: "up-to-date" | "outdated" | "missing-at-source" | "error";
  /** What was compared: the skill folder's git tree id, or the content hash. */
  compared?: "tree" | "content";
  current?: string;
  latest?: string;
  latestCommit?: string;
  reason?: string;
}

/** `GET /api/outdated`. */
export interface OutdatedResponse {
  skills: OutdatedSkill[];
}

/** A change an update brings that needs consent. */
export interface SensitiveChangeSummary {
  kind: "allowed-tools" | "hooks" | "scripts" | "context";
  before: string;
  after: string;
}

/** One skill's update. */
export interface SkillUpdateResult {
  name: string;
  scope: InstallScope;
  status: "updated" | "up-to-date" | "needs-consent" | "missing-at-source" | "failed";
  changes: SensitiveChangeSummary[];
  reason?: string;
}

/** `POST /api/skills/:name/update` `{ yes?, scope? }`. */
export interface UpdateResponse {
  results: SkillUpdateResult[];
}

/** `DELETE /api/skills/:name?scope=project|user`. */
export interface RemoveResponse {
  removed: { name: string; scope: InstallScope; folder: string };
}

/** One folder of an install root (`GET /api/installed`); `source` is absent for hand-made skills. */
export interface InstalledSkillSummary {
  name: string;
  scope: InstallScope;
  folder: string;
  source?: {
    type: "github" | "git" | "local" | "archive";
    repo: string;
    ref?: string;
    skillPath: string;
    commit?: string;
  };
  installedAt?: string;
  updatedAt?: string;
  /** Why Skillbox does not manage it (no or a broken source.json). */
  problem?: string;
}

/** `GET /api/installed`. */
export interface InstalledListResponse {
  skills: InstalledSkillSummary[];
}

/** One marketplace result (`GET /api/marketplace?q=`). */
export interface MarketplaceRowSummary {
  name: string;
  /** `owner/repo` on GitHub. */
  source: string;
  description?: string;
  installs?: number;
  from: "skills.sh" | "curated" | "both";
  installed: boolean;
  /** Set when an installed skill has this name but comes from elsewhere. */
  conflict?: string;
  /** The CLI command that installs it. */
  install: string;
}

/** `GET /api/marketplace?q=`. */
export interface MarketplaceResponse {
  rows: MarketplaceRowSummary[];
  /** Why skills.sh was not asked (offline, an error): the rows are the bundled list's only. */
  remoteError?: string;
}
