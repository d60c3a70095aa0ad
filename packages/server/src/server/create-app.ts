// The Skillbox HTTP API and settings page as a Hono app (docs/http-api.md); no socket, see startServer for one.

import type { Translator } from "@skillbox/agent/translate/create-translator";
import { type CreateInstallContextOptions, createInstallContext } from "@skillbox/installer/install/index";
import type { McpSkills } from "@skillbox/workspace/workspace/mcp-skills";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { secureHeaders } from "hono/secure-headers";
import { HttpError, respondWithError } from "./error-response.js";
import { addEventsRoute } from "./events-route.js";
import { createRequestGuard } from "./guard-request.js";
import { addInstallRoutes, PROTECTED_INSTALL_READS } from "./install-routes.js";
import type { OpenDirectory } from "./open-directory.js";
import { addPromptRoute } from "./prompt-route.js";
import { requireJsonWrites } from "./read-json-body.js";
import type { RouteContext } from "./route-context.js";
import { createServerEvents, type ServerEvents } from "./server-events.js";
import { createSignIn } from "./sign-in-routes.js";
import { createSignInSessions, type SignInSessions } from "./sign-in-sessions.js";
import { addSkillRoutes } from "./skill-routes.js";
import { createWebPageHandler, type ReadWebFile } from "./web-page.js";
import { addWorkspaceRoutes } from "./workspace-routes.js";

/** Default largest request body (64 KiB); bigger ones get 413. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** Default number of `/api/events` streams open at once; the next one gets 503. */
export const DEFAULT_MAX_EVENT_CLIENTS = 64;
/** Default time an event stream may leave a write untaken before it is closed (three heartbeats). */
export const DEFAULT_EVENT_IDLE_TIMEOUT_MS = 45_000;
const MAX_SIGN_IN_BODY_BYTES = 4 * 1024;

/** The page's Content-Security-Policy directives: everything from this server only, no framing. */
const CONTENT_SECURITY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The page's Content-Security-Policy header, as sent. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export interface CreateAppOptions {
  workspace: Workspace;
  /** The token: writes carry it as `Authorization: Bearer`, or the sign-in form exchanges it for a session. */
  token: string;
  /** Login codes and sessions; default signed with `token`, codes spent in the workspace's cache. */
  sessions?: SignInSessions;
  /** The listening port, or a function giving it once known; loopback Host headers must carry it. */
  port?: number | (() => number | undefined);
  /** Extra accepted Host values (`name` or `name:port`), e.g. when bound to a LAN address. */
  allowedHosts?: readonly string[];
  /** Opens a folder on the desktop; without it `POST /api/directory/open` answers `opened: false`. */
  openDirectory?: OpenDirectory;
  /** Reads files of the built page (`dist/web`); without it only the API is served. */
  readWebFile?: ReadWebFile;
  /** Translates descriptions when the settings ask for it; without it texts stay untranslated. */
  translator?: Translator;
  /** The fan-out behind `/api/events`; pass one to close its streams on shutdown. */
  events?: ServerEvents;
  /** The environment skill scripts copy PATH, HOME, LANG and TERM from; default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Largest request body in bytes; default 64 KiB. */
  maxBodyBytes?: number;
  /** Milliseconds between heartbeat comments on event streams; default 15,000. */
  heartbeatMs?: number;
  /** Event streams open at once; default 64. */
  maxEventClients?: number;
  /** A stream whose client has not taken a write for this long is closed; default 45,000 ms. */
  eventIdleTimeoutMs?: number;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
  /**
   * Reads check the skill folders for changes (a stat pass) at most this often, so a change made
   * where no watcher sees it shows within this many milliseconds; default 1,000.
   */
  freshnessMs?: number;
  /**
   * Overrides for the installer behind `/api/install` and friends (GitHub and skills.sh base URLs,
   * fetch, git, limits). By default it works in the workspace's folders with `env` (GITHUB_TOKEN,
   * SKILLBOX_GITHUB_API_URL, SKILLBOX_SKILLS_SH_URL, and git's PATH).
   */
  installer?: Partial<Omit<CreateInstallContextOptions, "onProgress">>;
  /** The config's MCP servers' skills (see workspace/openMcpSkills); the caller closes them. */
  mcpSkills?: McpSkills;
}

const DEFAULT_FRESHNESS_MS = 1_000;

/** Builds the app: security checks first, then the API routes, then the page; every error is JSON. */
export function createApp(options: CreateAppOptions): Hono {
  const port = typeof options.port === "function" ? options.port : () => options.port as number | undefined;
  const clock = options.clock ?? Date.now;
  const freshnessMs = options.freshnessMs ?? DEFAULT_FRESHNESS_MS;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let changes = 0;
  const changed = () => {
    changes++;
  };
  for (const name of [
    "skill-added",
    "skill-changed",
    "skill-removed",
    "skills-activated",
    "diagnostics-changed",
  ] as const) {
    options.workspace.registry.on(name, changed);
  }
  options.workspace.onStateChanged?.(changed);
  const context: RouteContext = {
    workspace: options.workspace,
    events: options.events ?? createServerEvents(options.workspace),
    translator: options.translator,
    openDirectory: options.openDirectory,
    env: options.env ?? {},
    clock,
    ensureFresh() {
      const now = clock();
      // A clock that went backwards (a test's, or NTP) must not stop the checks for good.
      if (now >= checkedAt && now - checkedAt < freshnessMs) return;
      checkedAt = now;
      const { registry } = options.workspace;
      if (registry.needsRefresh()) registry.refresh();
    },
    changeCount: () => changes,
    freshnessMs,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    maxEventClients: options.maxEventClients ?? DEFAULT_MAX_EVENT_CLIENTS,
    eventIdleTimeoutMs: options.eventIdleTimeoutMs ?? DEFAULT_EVENT_IDLE_TIMEOUT_MS,
    installContext: (onProgress) =>
      createInstallContext({
        cwd: options.workspace.cwd,
        home: options.workspace.home,
        env: options.env ?? {},
        ...options.installer,
        ...(onProgress === undefined ? {} : { onProgress }),
      }),
    runExclusive: createExclusiveRunner(),
    mcpSkills: options.mcpSkills,
  };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const app = new Hono();

  app.onError((error, c) => respondWithError(error, c));
  app.notFound((c) => {
    const page = c.req.path === "/" || c.req.path === "/index.html";
    const message = page
      ? "The settings page is not built; run npm run build (the API under /api works without it)."
      : `Nothing at ${c.req.method} ${c.req.path}.`;
    return respondWithError(new HttpError(404, "not-found", message), c);
  });

  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_DIRECTIVES,
      referrerPolicy: "no-referrer",
      xFrameOptions: "DENY",
      crossOriginResourcePolicy: "same-origin",
      // Plain HTTP on loopback: HSTS would be ignored here, and would pin a proxy's name to HTTPS.
      strictTransportSecurity: false,
      // The sign-in form sets its own Referrer-Policy (same-origin), which must stay.
      overwrite: false,
    }),
  );
  app.use("/api/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const read = c.req.method === "GET" || c.req.method === "HEAD";
    // Before and after: a read racing the write never keeps what the write replaced.
    if (!read) changed();
    try {
      await next();
    } finally {
      if (!read) changed();
    }
  });
  const signIn = createSignIn({
    // Signed with the token and spent in the shared cache: instances on one store accept each other's.
    sessions:
      options.sessions ??
      createSignInSessions({ secret: options.token, spentCodes: options.workspace.cache }),
    token: options.token,
    port,
  });
  const guard = createRequestGuard({
    token: options.token,
    port,
    ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    hasSession: (c) => signIn.hasSession(c),
    protectedReads: PROTECTED_INSTALL_READS,
  });
  app.use(guard);
  app.use("/api/*", limitBody(maxBodyBytes), requireJsonWrites());
  app.use("/login", limitBody(MAX_SIGN_IN_BODY_BYTES));

  signIn.addRoutes(app);
  addSkillRoutes(app, context);
  addPromptRoute(app, context);
  addWorkspaceRoutes(app, context);
  addEventsRoute(app, context);
  addInstallRoutes(app, context);

  if (options.readWebFile !== undefined) {
    const page = createWebPageHandler(options.readWebFile);
    app.get("*", async (c, next) => {
      if (c.req.path.startsWith("/api/")) return next();
      // The page's HTML only for a signed-in browser; its scripts and styles hold nothing secret.
      const html = c.req.path === "/" || c.req.path.endsWith(".html");
      if (html && !signIn.hasSession(c)) return signIn.respondWithForm(c, "no-session");
      return page(c, next);
    });
  }
  return app;
}

/** Runs tasks one after another, whether the one before succeeded or failed. */
function createExclusiveRunner(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = last.then(task, task);
    last = next.catch(() => undefined);
    return next;
  };
}

function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, "payload-too-large", `Request bodies are limited to ${maxSize} bytes.`);
    },
  });
}
