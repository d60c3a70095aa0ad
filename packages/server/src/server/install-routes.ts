// Installing skills over HTTP: scan a source, install chosen skills (progress as server-sent events),
// check for updates, update, remove, list what was installed, and search the marketplace. Thin over
// src/install; every write (and the reads that go out to the network) needs the token or a session.

import { isSkillboxError } from "@skillbox/core/errors";
import {
  addScannedSkills,
  checkOutdated,
  type InstallContext,
  type InstallRoot,
  listInstalledSkills,
  removeSkill,
  resolveInstallRoot,
  type SourceScan,
  type SourceSpec,
  scanSource,
  searchMarketplace,
  selectFoundSkills,
  updateSkills,
} from "@skillbox/installer/install/index";
import type { Context, Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type {
  InstallErrorEvent,
  InstallEventName,
  InstalledListResponse,
  InstallResponse,
  InstallScanResponse,
  InstallScope,
  MarketplaceResponse,
  OutdatedResponse,
  RemoveResponse,
  UpdateResponse,
} from "./api-types.js";
import { describeErrorResponse, HttpError } from "./error-response.js";
import { describeInstalledSkill, findListedFolders } from "./installed-skills.js";
import {
  readChosenSkills,
  readFlag,
  readRemoteSource,
  readScope,
  readSkillNameParameter,
} from "./read-install-request.js";
import { readJsonBody, rejectUnknownKeys } from "./read-json-body.js";
import type { RouteContext } from "./route-context.js";

/** Reads that reach the network on the server's behalf: they need credentials like writes. */
export const PROTECTED_INSTALL_READS: readonly string[] = ["/api/outdated", "/api/marketplace"];

type Emit = (event: InstallEventName, data: unknown) => void;

/** Adds the install routes (docs/http-api.md, "Installing skills"). */
export function addInstallRoutes(app: Hono, context: RouteContext): void {
  const { workspace } = context;
  const rootsFor = (scope: InstallScope | undefined): InstallRoot[] =>
    (scope === undefined ? (["project", "user"] as const) : [scope]).map((each) =>
      resolveInstallRoot(each, workspace),
    );
  // What the installer changed on disk shows at once, also where file watching is unavailable.
  const refresh = () => workspace.registry.refresh();

  app.post("/api/install/scan", async (c) => {
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, ["source"]);
    const spec = readRemoteSource(body.source, workspace);
    const scan = await scanSource(spec, context.installContext());
    try {
      return c.json(describeScan(scan));
    } finally {
      await scan.dispose();
    }
  });

  app.post("/api/install", async (c) => {
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, ["source", "skills", "scope", "replace"]);
    const spec = readRemoteSource(body.source, workspace);
    const chosen = readChosenSkills(body.skills);
    const scope = readScope(body.scope, "project");
    const replace = readFlag(body.replace, "replace");
    const install = (emit: Emit) =>
      context.runExclusive(async () => {
        const installer = context.installContext((progress) => emit("progress", progress));
        return installChosen(spec, chosen, { scope, replace }, installer, emit);
      });
    if (!wantsEventStream(c)) return c.json(await install(() => {}));
    return streamSSE(c, async (stream) => {
      // Writes are chained so events keep their order; a client that left is not waited for.
      let writes = Promise.resolve();
      const emit: Emit = (event, data) => {
        writes = writes.then(() => stream.writeSSE({ event, data: JSON.stringify(data) })).catch(() => {});
      };
      try {
        emit("installed", await install(emit));
      } catch (error) {
        const { status, body: answer } = describeErrorResponse(toHttpError(error));
        emit("error", { status, ...answer.error } satisfies InstallErrorEvent);
      }
      await writes;
    });
  });

  app.get("/api/outdated", async (c) => {
    const scope = readScope(c.req.query("scope"), undefined);
    const skills = await checkOutdated(rootsFor(scope), context.installContext());
    return c.json({ skills } satisfies OutdatedResponse);
  });

  app.post("/api/skills/:name/update", async (c) => {
    const name = readSkillNameParameter(c.req.param("name"));
    const body = await readJsonBody(c);
    rejectUnknownKeys(body, ["yes", "scope"]);
    const yes = readFlag(body.yes, "yes");
    const roots = rootsFor(readScope(body.scope, undefined));
    const results = await context.runExclusive(async () => {
      const updated = await updateSkills(roots, context.installContext(), { names: [name], yes });
      refresh();
      return updated;
    });
    return c.json({ results } satisfies UpdateResponse);
  });

  app.delete("/api/skills/:name", async (c) => {
    const name = readSkillNameParameter(c.req.param("name"));
    const scope = readScope(c.req.query("scope"), undefined);
    const removed = await context
      .runExclusive(async () => {
        const result = await removeSkill(rootsFor(scope), name);
        refresh();
        return result;
      })
      .catch((error: unknown) => {
        if (isSkillboxError(error, "conflict") && scope === undefined) {
          throw new HttpError(
            409,
            "conflict",
            `'${name}' is installed for the project and for the user; add ?scope=project or ?scope=user.`,
          );
        }
        throw error;
      });
    return c.json({ removed } satisfies RemoveResponse);
  });

  app.get("/api/installed", async (c) => {
    const scope = readScope(c.req.query("scope"), undefined);
    const skills = [];
    for (const root of rootsFor(scope)) skills.push(...(await listInstalledSkills(root)));
    return c.json({ skills: skills.map(describeInstalledSkill) } satisfies InstalledListResponse);
  });

  app.get("/api/marketplace", async (c) => {
    const query = c.req.query("q") ?? "";
    if (query.length > 200)
      throw new HttpError(400, "invalid-argument", "Search for at most 200 characters.");
    const installed = [];
    for (const root of rootsFor(undefined)) installed.push(...(await listInstalledSkills(root)));
    const found = await searchMarketplace(query, context.installContext(), { installed, limit: 30 });
    return c.json({
      rows: found.rows,
      ...(found.remoteError === undefined ? {} : { remoteError: found.remoteError }),
    } satisfies MarketplaceResponse);
  });

  /** Scans, picks the chosen skills, installs them, and says which ones the server now lists. */
  async function installChosen(
    spec: SourceSpec,
    selectors: readonly string[],
    options: { scope: InstallScope; replace: boolean },
    installer: InstallContext,
    emit: Emit,
  ): Promise<InstallResponse> {
    const scan = await scanSource(spec, installer);
    try {
      emit("scanned", describeScan(scan));
      const { chosen } = selectFoundSkills(scan.skills, selectors);
      const result = await addScannedSkills(scan, chosen, options, installer).catch((error: unknown) => {
        throw toHttpError(error);
      });
      refresh();
      const listed = findListedFolders(
        workspace.registry,
        result.added.map((skill) => ({ name: skill.name, folder: skill.folder })),
      );
      return {
        scope: result.root.scope,
        skillsDirectory: result.root.skillsDirectory,
        installed: result.added.map((skill) => ({ ...skill, listed: listed.has(skill.folder) })),
      };
    } finally {
      await scan.dispose();
    }
  }
}

/** The scan as the API shows it: each skill without its bytes. */
function describeScan(scan: SourceScan): InstallScanResponse {
  const { type, label, commit } = scan.snapshot;
  return {
    source: { type, label, ...(commit === undefined ? {} : { commit }) },
    skills: scan.skills.map(({ files: _files, ...skill }) => skill),
    diagnostics: scan.diagnostics,
  };
}

/** Events unless the client asks for JSON only (`Accept: application/json`). */
function wantsEventStream(c: Context): boolean {
  const accept = c.req.header("accept") ?? "";
  return accept.includes("text/event-stream") || !accept.includes("application/json");
}

/** The installer words a name clash for the CLI (`--yes`); over HTTP the answer is `replace: true`. */
function toHttpError(error: unknown): unknown {
  if (!isSkillboxError(error, "conflict") || typeof error.data.installedFrom !== "string") return error;
  const name = typeof error.data.name === "string" ? error.data.name : "the skill";
  return new HttpError(
    409,
    "conflict",
    `'${name}' is already installed from ${error.data.installedFrom}; send "replace": true to replace it.`,
  );
}
