// Routes about the workspace as a whole: refresh, the skills folder, settings, usage, metrics and audit.

import type { SkillSettings } from "@skillbox/core/store/skill-settings";
import { computeUsageScore } from "@skillbox/core/store/usage-store";
import type { Hono } from "hono";
import type { OpenDirectoryResponse, RefreshResponse } from "./api-types.js";
import { parseSettingsUpdate, toPublicSettings, WRITABLE_SETTINGS } from "./parse-settings-update.js";
import { readJsonBody, rejectUnknownKeys } from "./read-json-body.js";
import type { RouteContext } from "./route-context.js";

/** Adds refresh, directory, settings, usage, metrics and session audit routes. */
export function addWorkspaceRoutes(app: Hono, context: RouteContext): void {
  const { workspace } = context;

  app.post("/api/refresh", (c) => {
    const summary = workspace.registry.refresh();
    return c.json({
      added: summary.added,
      changed: summary.changed,
      removed: summary.removed,
    } satisfies RefreshResponse);
  });

  app.get("/api/directory", (c) => c.json({ path: workspace.userSkillsDirectory }));

  app.post("/api/directory/open", async (c) => {
    const path = workspace.userSkillsDirectory;
    const opened = context.openDirectory === undefined ? false : await context.openDirectory(path);
    return c.json({ opened, path } satisfies OpenDirectoryResponse);
  });

  app.get("/api/settings", (c) => {
    const { settings, diagnostics } = workspace.settings.readSkillSettings();
    return c.json({ settings: toPublicSettings(settings), diagnostics });
  });

  app.put("/api/settings", async (c) => {
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, WRITABLE_SETTINGS);
    const update = parseSettingsUpdate(body);
    const before = workspace.settings.readSkillSettings().settings;
    const settings = workspace.settings.updateSkillSettings((current) => mergeSettings(current, update));
    if (!sameList(before.enabledSkillNames, settings.enabledSkillNames)) {
      // Built-in skills' default states follow enabledSkillNames, so any state may have moved.
      context.events.publish({ name: "state-changed", names: [] });
    }
    return c.json({ settings: toPublicSettings(settings) });
  });

  app.get("/api/usage", (c) => {
    const now = context.clock();
    const usage = [...workspace.usage.all()].map(([name, stat]) => ({
      name,
      count: stat.count,
      lastUsedAt: stat.lastUsedAt,
      score: computeUsageScore(stat, now),
    }));
    usage.sort((left, right) => right.score - left.score || (left.name < right.name ? -1 : 1));
    return c.json({ usage });
  });

  // Errors, denied calls (a rule or the person said no) and blocked ones (a hook stopped them) are
  // counted apart: a run full of refusals is not a broken run.
  app.get("/api/metrics", async (c) => {
    // PostgreSQL answers for the whole fleet; a log without metrics shows zeros.
    const metrics = await workspace.audit.readMetrics?.();
    return c.json({
      tools: (metrics?.byTool ?? []).map((tool) => ({
        tool: tool.tool,
        calls: tool.calls,
        errors: tool.errors,
        denied: tool.denied,
        blocked: tool.blocked,
        meanMs: tool.meanDurationMs,
        p95Ms: tool.p95DurationMs,
      })),
      sessions: metrics?.sessions ?? 0,
      recentSessions: (metrics?.bySession ?? []).map((session) => ({
        sessionId: session.sessionId,
        calls: session.calls,
        errors: session.errors,
        denied: session.denied,
        blocked: session.blocked,
        firstAt: session.firstAt,
        lastAt: session.lastAt,
      })),
      skills: workspace.registry.list({ includeShadowed: false }).length,
      calls: metrics?.calls ?? 0,
      errors: metrics?.errors ?? 0,
      denied: metrics?.byStatus.denied ?? 0,
      blocked: metrics?.byStatus.blocked ?? 0,
    });
  });

  app.get("/api/sessions/:id/audit", (c) => c.json({ entries: workspace.audit.list(c.req.param("id")) }));
}

/** The current settings with the update's fields applied; `targetLanguage: null` clears the language. */
function mergeSettings(current: SkillSettings, body: Record<string, unknown>): SkillSettings {
  const next: Record<string, unknown> = { ...current };
  for (const key of WRITABLE_SETTINGS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (key === "targetLanguage" && (value === null || value === "")) delete next.targetLanguage;
    else next[key] = value;
  }
  // The store validates the whole object and throws `invalid-argument` (400) for a bad field.
  return next as SkillSettings;
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((item, index) => item === right[index]);
}
