// Puts the app on a real port with @hono/node-server; closes event streams and connections on shutdown.
// The one entry the CLI starts the server through (`skillbox serve`).
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { SkillboxError } from "@skillbox/core/errors";
import { isLoopbackHost } from "@skillbox/core/text/is-loopback-host";
import { tokenFilePath } from "@skillbox/workspace/workspace/load-token";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { Hono } from "hono";
import { type CreateAppOptions, createApp } from "./create-app.js";
import { createServerEvents, type ServerEvents } from "./server-events.js";
import { createSignInSessions } from "./sign-in-sessions.js";
import { createDirectoryReader } from "./web-page.js";
import { type SignInRedirect, writeSignInRedirect } from "./write-sign-in-redirect.js";

/** Default address: loopback only. */
export const DEFAULT_HOST = "127.0.0.1";
/** Default port of `skillbox serve`. */
export const DEFAULT_PORT = 4317;

export interface StartServerOptions extends Omit<CreateAppOptions, "workspace" | "port" | "events"> {
  /** 0 picks a free port; default 4317. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * The built settings page (e.g. `dist/web`), served when it holds an `index.html` (see
   * RunningServer.servesPage). `readWebFile`, when given, wins.
   */
  webDirectory?: string;
}

/** A listening server. */
export interface RunningServer {
  /** `http://<host>:<port>/`, the page's address (without a session it shows the sign-in form). */
  url: string;
  /**
   * A fresh one-time sign-in link, `<url>login?code=<code>`: it works once, for 15 minutes, and is not
   * the token; any instance sharing the token and the store accepts it (on its own address).
   */
  createLoginUrl(): string;
  host: string;
  port: number;
  app: Hono;
  events: ServerEvents;
  /** False when neither `readWebFile` nor a built `webDirectory` was given: only the API is served. */
  servesPage: boolean;
  /**
   * Opens the page in the browser, signed in, through `openDirectory`: a fresh login link handed over
   * in a private file beside the token file (so it never shows on the opener's command line, which
   * other local users can read). The file is removed by close(). False when nothing could be opened.
   */
  openSignInPage(): Promise<boolean>;
  /** Ends every event stream and connection, then stops listening. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Serves `workspace` (the API, and the page when given one); throws `conflict` when the port is taken
 * and `io-error` for other listen failures. The caller refreshes and watches the registry.
 */
export async function startServer(workspace: Workspace, options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  let port: number | undefined;
  const events = createServerEvents(workspace);
  const hostForUrl = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  const wildcard = host === "0.0.0.0" || host === "::" || host === "[::]";
  // A page opened at the bound address must pass the Host check too.
  const allowedHosts = [
    ...(options.allowedHosts ?? []),
    ...(isLoopbackHost(host) || wildcard ? [] : [hostForUrl]),
  ];
  // Keyed from the token and spent in the workspace's cache store: with PostgreSQL every instance of
  // the fleet accepts the codes and cookies this one issues, and a code works once fleet-wide.
  const sessions =
    options.sessions ?? createSignInSessions({ secret: options.token, spentCodes: workspace.cache });
  const readWebFile =
    options.readWebFile ??
    (options.webDirectory !== undefined && existsSync(join(options.webDirectory, "index.html"))
      ? createDirectoryReader(options.webDirectory)
      : undefined);
  const app = createApp({
    ...options,
    workspace,
    port: () => port,
    allowedHosts,
    events,
    sessions,
    ...(readWebFile === undefined ? {} : { readWebFile }),
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const taken = error.code === "EADDRINUSE";
      reject(
        new SkillboxError(
          taken ? "conflict" : "io-error",
          taken
            ? `Port ${options.port ?? DEFAULT_PORT} on ${host} is in use. Pick another with --port, or stop the other server.`
            : `Cannot listen on ${host}:${options.port ?? DEFAULT_PORT} (${error.message}).`,
          { cause: error },
        ),
      );
    });
    server.listen(options.port ?? DEFAULT_PORT, host.replace(/^\[(.*)\]$/, "$1"), () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const url = `http://${wildcard ? DEFAULT_HOST : hostForUrl}:${port}/`;
  const createLoginUrl = () => `${url}login?code=${sessions.issueCode()}`;
  const redirects: SignInRedirect[] = [];
  return {
    url,
    createLoginUrl,
    host,
    port,
    app,
    events,
    servesPage: readWebFile !== undefined,
    async openSignInPage() {
      if (options.openDirectory === undefined) return false;
      const redirect = writeSignInRedirect(dirname(tokenFilePath(workspace.home)), createLoginUrl());
      redirects.push(redirect);
      return options.openDirectory(redirect.url);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const redirect of redirects.splice(0)) redirect.remove();
        events.close();
        server.close(() => resolve());
        // Event streams never end on their own; idle keep-alive sockets would hold close() up too.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
