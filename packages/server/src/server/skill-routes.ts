// Routes about skills: the list, one skill in full, its state, and running one of its scripts. Skills of
// the config's MCP servers (`<label>:<name>`) are listed after the local ones, with their origin; their
// SKILL.md is fetched (verified) only for the detail view, and their scripts never run here.
import { existsSync } from "node:fs";
import { translateIfEnabled } from "@skillbox/agent/translate/translate-if-enabled";
import { SkillboxError } from "@skillbox/core/errors";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import { hybridSearch } from "@skillbox/core/registry/semantic/hybrid-search";
import {
  DEFAULT_SCRIPT_MAX_OUTPUT_BYTES,
  runSkillScript,
} from "@skillbox/core/script-runner/run-skill-script";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import { isSkillState, type SkillStateScope } from "@skillbox/core/store/skill-state";
import type { McpSkillEntry } from "@skillbox/workspace/workspace/mcp-skills";
import type { Hono } from "hono";
import type { SkillDetail, SkillListResponse, SkillSearchResponse, SkillSummary } from "./api-types.js";
import { HttpError } from "./error-response.js";
import { listSkillFileTree } from "./list-skill-file-tree.js";
import { readJsonBody, rejectUnknownKeys } from "./read-json-body.js";
import type { RouteContext } from "./route-context.js";
import { toMcpSkillSummary, toSkillSummary } from "./skill-summary.js";

const SCOPES: readonly SkillStateScope[] = ["user", "project", "project-local"];
const MAX_SCRIPT_ARGS = 100;
const MAX_SEARCH_RESULTS = 50;

/** Adds `/api/skills`, `/api/search`, `/api/skills/:name`, `/api/skills/:name/state` and `/api/skills/:name/scripts/:script`. */
export function addSkillRoutes(app: Hono, context: RouteContext): void {
  const { workspace, mcpSkills } = context;
  const { registry } = workspace;
  const notFound = (name: string) => {
    const label = mcpSkills?.owns(name) === true ? name.slice(0, name.indexOf(":")) : undefined;
    return new SkillboxError(
      "skill-not-found",
      label === undefined
        ? `No skill named ${JSON.stringify(name)}. Refresh the list; it may have been renamed or removed.`
        : `The MCP server "${label}" lists no skill ${JSON.stringify(name)} (or is not connected; see the list's diagnostics). Refresh the list.`,
    );
  };
  const findSkill = (name: string): SkillRecord => {
    const record = registry.get(name);
    if (record !== undefined) return record;
    throw notFound(name);
  };
  /** The MCP skill `name`, when no local skill answers to it (local names never hold a colon). */
  const findMcpSkill = (name: string): McpSkillEntry | undefined =>
    registry.get(name) === undefined ? mcpSkills?.get(name) : undefined;

  // The list's encoded body, answered again while nothing it shows has changed (within freshnessMs):
  // 1,000 skills are 1.1 MB of JSON, and building, serialising and encoding it each time capped
  // the endpoint at about 28 requests a second.
  let cachedList: { key: string; at: number; body: Uint8Array<ArrayBuffer> } | undefined;
  app.get("/api/skills", async (c) => {
    // A stat pass at most once a second, so the list is right even where file watching is unavailable.
    context.ensureFresh();
    const mcpEntries = [...(mcpSkills?.entries() ?? [])].sort((left, right) =>
      left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
    );
    const mcpServers = mcpSkills?.servers();
    const roots = workspace.roots.map((root) => ({
      label: root.label,
      path: root.path,
      scope: root.scope,
      exists: existsSync(root.path),
    }));
    const now = context.clock();
    const changes = context.changeCount();
    const key = JSON.stringify([
      changes,
      roots,
      mcpServers ?? null,
      mcpEntries.map((entry) => [entry.name, entry.fingerprint, entry.description]),
    ]);
    if (
      cachedList !== undefined &&
      cachedList.key === key &&
      now >= cachedList.at &&
      now - cachedList.at < context.freshnessMs
    ) {
      return c.body(cachedList.body, 200, { "Content-Type": "application/json" });
    }
    const records = registry.list({ includeShadowed: true });
    const descriptions = await translateIfEnabled(context.translator, workspace.settings, [
      ...records.map((record) => ({ name: record.name, description: record.metadata.description })),
      ...mcpEntries.map((entry) => ({ name: entry.name, description: entry.description })),
    ]);
    const response = {
      skills: [
        ...records.map((record, index) => toSkillSummary(workspace, record, now, descriptions[index])),
        ...mcpEntries.map((entry, index) =>
          toMcpSkillSummary(workspace, entry, descriptions[records.length + index]),
        ),
      ],
      roots,
      diagnostics: [
        ...workspace.diagnostics,
        ...registry.diagnostics({ includeSkills: false }),
        ...(mcpSkills?.diagnostics() ?? []),
      ],
      ...(mcpServers === undefined ? {} : { mcpServers }),
    } satisfies SkillListResponse;
    const body = new TextEncoder().encode(JSON.stringify(response));
    // Kept only when nothing changed while it was built (the translation step awaits).
    if (context.changeCount() === changes) cachedList = { key, at: now, body };
    return c.body(body, 200, { "Content-Type": "application/json" });
  });

  // The registry's ranked search (the one behind search_skills, `list --query` and MCP's search
  // tool), for clients that route requests to skills; the page filters its own list instead.
  app.get("/api/search", async (c) => {
    context.ensureFresh();
    const query = (c.req.query("q") ?? "").trim();
    if (query === "")
      throw new HttpError(400, "invalid-query", "Give the request or keywords to search for as ?q=.");
    const limitText = c.req.query("limit") ?? "10";
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS)
      throw new HttpError(
        400,
        "invalid-limit",
        `limit must be a whole number from 1 to ${MAX_SEARCH_RESULTS}, not '${limitText}'.`,
      );
    const now = context.clock();
    const results = (await hybridSearch(registry, query, limit)).map(({ record, score, confidence }) => ({
      ...toSkillSummary(workspace, record, now),
      score,
      confidence,
    }));
    return c.json({ query, results } satisfies SkillSearchResponse);
  });

  app.get("/api/skills/:name", async (c) => {
    const name = c.req.param("name");
    const entry = findMcpSkill(name);
    if (entry !== undefined && mcpSkills !== undefined) {
      return c.json({ skill: await mcpSkillDetailOf(workspace, mcpSkills, entry) });
    }
    const content = registry.loadSkill(findSkill(name).qualifiedName);
    const { record } = content;
    const skill: SkillDetail = {
      ...toSkillSummary(workspace, record, context.clock()),
      metadata: record.metadata,
      body: content.body,
      files: await listSkillFileTree(record.directory),
    };
    return c.json({ skill });
  });

  app.put("/api/skills/:name/state", async (c) => {
    const mcpEntry = findMcpSkill(c.req.param("name"));
    const record = mcpEntry === undefined ? findSkill(c.req.param("name")) : undefined;
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, ["state", "scope"]);
    if (!isSkillState(body.state)) {
      throw new HttpError(
        400,
        "invalid-state",
        `State ${JSON.stringify(body.state)} is unknown; use one of on, name-only, user-only, off.`,
      );
    }
    const scope = body.scope ?? "user";
    if (!SCOPES.includes(scope as SkillStateScope)) {
      throw new HttpError(
        400,
        "invalid-argument",
        `Scope ${JSON.stringify(scope)} is unknown; use ${SCOPES.join(", ")}.`,
      );
    }
    if (mcpEntry !== undefined) {
      workspace.setState(mcpEntry.name, body.state, scope as SkillStateScope);
      if (workspace.onStateChanged === undefined) {
        context.events.publish({ name: "state-changed", names: [mcpEntry.name] });
      }
      return c.json({ skill: toMcpSkillSummary(workspace, mcpEntry) });
    }
    if (record === undefined) throw notFound(c.req.param("name"));
    if (record.shadowed) {
      throw new HttpError(
        409,
        "skill-shadowed",
        `${record.qualifiedName} is shadowed by ${record.shadowedBy ?? "another skill"}; states apply by name, so change the state of the winning skill.`,
      );
    }
    workspace.setState(record.name, body.state, scope as SkillStateScope);
    const updated = registry.get(record.qualifiedName) ?? record;
    // A workspace that reports its own state changes has already reached the event streams.
    if (workspace.onStateChanged === undefined) {
      context.events.publish({ name: "state-changed", names: namesOf(updated) });
    }
    const skill: SkillSummary = toSkillSummary(workspace, updated, context.clock());
    return c.json({ skill });
  });

  app.post("/api/skills/:name/scripts/:script", async (c) => {
    const mcpEntry = findMcpSkill(c.req.param("name"));
    if (mcpEntry !== undefined) {
      throw new HttpError(
        403,
        "scripts-not-allowed",
        `${mcpEntry.name} comes from the MCP server "${mcpEntry.label}": Skillbox never runs an MCP skill's scripts.`,
      );
    }
    const record = findSkill(c.req.param("name"));
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, ["args"]);
    const args = body.args ?? [];
    if (
      !Array.isArray(args) ||
      args.length > MAX_SCRIPT_ARGS ||
      !args.every((arg): arg is string => typeof arg === "string")
    ) {
      throw new HttpError(
        400,
        "invalid-argument",
        `"args" must be an array of at most ${MAX_SCRIPT_ARGS} strings.`,
      );
    }
    const key = record.name;
    if (!workspace.scriptsAllowed(key)) {
      throw new HttpError(
        403,
        "scripts-not-allowed",
        `Scripts of ${key} are not allowed. Add ${JSON.stringify(key)} to allowScripts in the settings first.`,
      );
    }
    const result = await runSkillScript({
      skillDirectory: record.directory,
      skillName: key,
      script: c.req.param("script"),
      args,
      allowed: true,
      env: context.env,
      // The same cap as `skillbox exec`.
      maxOutputBytes: DEFAULT_SCRIPT_MAX_OUTPUT_BYTES,
      audit: workspace.audit,
      agentName: "skillbox-server",
      sessionId: "http",
    });
    return c.json({
      exitCode: result.exitCode,
      stdout: result.stdout,
      stderr: result.stderr,
      timedOut: result.timedOut,
      truncated: result.truncated,
      durationMs: result.durationMs,
    });
  });
}

/**
 * An MCP skill in full: SKILL.md fetched from its server and verified against the listed digest (or
 * from the verified cache), its files from the listing. A refused or failed fetch leaves the body
 * empty and says why in `diagnostics`.
 */
async function mcpSkillDetailOf(
  workspace: RouteContext["workspace"],
  mcpSkills: NonNullable<RouteContext["mcpSkills"]>,
  entry: McpSkillEntry,
): Promise<SkillDetail> {
  const summary = toMcpSkillSummary(workspace, entry);
  const files =
    entry.entry.resources === "dynamic"
      ? []
      : entry.entry.resources
          .filter((resource) => resource.uri.startsWith(`${entry.rootUri}/`))
          .map((resource) => ({
            path: resource.uri.slice(entry.rootUri.length + 1),
            size: resource.size ?? 0,
          }))
          .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  const document = await mcpSkills.readSkill(entry.name);
  if (!document.ok) {
    const loaded = loadSkillText(
      `---\nname: ${JSON.stringify(entry.skillName)}\ndescription: ${JSON.stringify(entry.description)}\n---\n`,
      { path: entry.uri, directoryName: entry.skillName },
    );
    return {
      ...summary,
      metadata: loaded.metadata,
      body: "",
      files,
      diagnostics: [
        { severity: "warning", code: "mcp-verification-failed", message: document.message, path: entry.uri },
      ],
    };
  }
  const loaded = loadSkillText(document.text, { path: entry.uri, directoryName: entry.skillName });
  return {
    ...summary,
    metadata: loaded.metadata,
    body: document.body,
    files,
    diagnostics: loaded.diagnostics,
  };
}

/** The names an event about `record` carries: its name and, when different, its qualified name. */
export function namesOf(record: SkillRecord): string[] {
  return record.name === record.qualifiedName ? [record.name] : [record.name, record.qualifiedName];
}
