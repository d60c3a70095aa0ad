// Fleet mode in a real browser (issue 13, "Done when"): two `skillbox serve` processes (the built CLI)
// on one throw-away PostgreSQL database behind a small round-robin proxy. Chromium signs in through
// the proxy with a code instance A printed (redeemed on B), its cookie works on both instances, and a
// state written through A's API reaches the page, through B's /api/events stream, within a second.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import {
  describeWithPostgres,
  HAS_POSTGRES,
  queryTestDatabase,
  requireTestUrl,
  SKIPPED_POSTGRES_NOTE,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithBrowser,
  ensurePageBuilt,
  launchTestBrowser,
  requireChromium,
} from "./__fixtures__/launch-test-browser.js";

const packageRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const BUILT_CLI = path.join(packageRoot, "dist", "cli", "main.js");
const TOKEN = `fleet-token-${randomBytes(12).toString("hex")}`;

if (!HAS_POSTGRES && !["1", "true"].includes((process.env.CI ?? "").toLowerCase())) {
  console.info(SKIPPED_POSTGRES_NOTE);
}

/** One `skillbox serve` process. */
interface Instance {
  name: "A" | "B";
  port: number;
  /** The code from the sign-in link it printed. */
  code: string;
  child: ChildProcess;
  output(): string;
}

/** One request the proxy passed on. */
interface Forwarded {
  backend: "A" | "B";
  method: string;
  path: string;
  status: number;
  withCookie: boolean;
}

const temp = createTempDirectory("skillbox-fleet-browser-");
const children: ChildProcess[] = [];
let databaseName: string | undefined;
let proxy: Server | undefined;
let browser: BrowserContext | undefined;

/** A database of its own: the CLI uses the default schema, which other tests may use too. */
async function createTestDatabase(): Promise<string> {
  databaseName = `skillbox_fleet_${randomBytes(5).toString("hex")}`;
  await queryTestDatabase(`CREATE DATABASE ${databaseName}`);
  const url = new URL(requireTestUrl());
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** Starts `skillbox --store <url> serve` with its own home and its own copy of the skills (another machine). */
async function startInstance(name: "A" | "B", databaseUrl: string, proxyPort: number): Promise<Instance> {
  const root = path.join(temp.path, name);
  const skills = path.join(root, "skills");
  for (const [skill, description] of [
    ["pdf", "Reads PDF files."],
    ["csv", "Cleans CSV files."],
  ] as const) {
    mkdirSync(path.join(skills, skill), { recursive: true });
    writeFileSync(
      path.join(skills, skill, "SKILL.md"),
      `---\nname: ${skill}\ndescription: ${description}\n---\nBody of ${skill}.\n`,
    );
  }
  mkdirSync(path.join(root, "home"), { recursive: true });
  const child = spawn(
    process.execPath,
    [
      BUILT_CLI,
      "--store",
      databaseUrl,
      "serve",
      "--port",
      "0",
      "--dir",
      skills,
      "--allow-host",
      `127.0.0.1:${proxyPort}`,
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: path.join(root, "home"),
        SKILLBOX_TOKEN: TOKEN,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const link = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`serve ${name} printed no sign-in link:\n${output}`)),
      20_000,
    );
    const check = () => {
      const match = /Sign in[^:]*: http:\/\/127\.0\.0\.1:(\d+)\/login\?code=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve ${name} exited with ${code}:\n${output}`));
    });
  });
  return { name, port: Number(link[1]), code: link[2] as string, child, output: () => output };
}

/**
 * A proxy on 127.0.0.1 that passes `/login` and `/api/events` to B and every other request to A and
 * B in turn, keeping the Host header (the instances accept the proxy's with --allow-host).
 */
function startProxy(): Promise<{ port: number; route(backends: Instance[]): void; log: Forwarded[] }> {
  const log: Forwarded[] = [];
  let backends: Instance[] = [];
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? "/";
    const pathname = url.split("?")[0] ?? "/";
    const pinned = pathname === "/login" || pathname === "/api/events";
    const backend = (pinned ? backends[1] : backends[turn++ % 2]) as Instance;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: backend.port,
        method: incoming.method,
        path: url,
        headers: incoming.headers,
        agent: false,
      },
      (answer: IncomingMessage) => {
        log.push({
          backend: backend.name,
          method: incoming.method ?? "GET",
          path: pathname,
          status: answer.statusCode ?? 0,
          withCookie: (incoming.headers.cookie ?? "").includes("skillbox-session-"),
        });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => outgoing.destroy());
    outgoing.on("close", () => upstream.destroy());
    incoming.pipe(upstream);
  });
  proxy = server;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        route: (instances) => {
          backends = instances;
        },
        log,
      }),
    );
  });
}

function stopInstance(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

afterAll(async () => {
  await browser?.close();
  await Promise.all(children.map(stopInstance));
  proxy?.closeAllConnections();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  if (databaseName !== undefined)
    await queryTestDatabase(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  temp.remove();
});

/** Needs PostgreSQL and a browser: each is skipped with its own line, or required under CI=1. */
const describeWithBoth = (name: string, body: () => void) =>
  describeWithBrowser(name, body, describeWithPostgres);

describeWithBoth("two skillbox serve processes on one PostgreSQL database, in a real browser", () => {
  let a: Instance;
  let b: Instance;
  let page: Page;
  let proxyPort: number;
  let forwarded: Forwarded[];

  beforeAll(async () => {
    requireChromium();
    if (!existsSync(BUILT_CLI)) {
      throw new Error(`This test runs the built CLI, and ${BUILT_CLI} is missing: run npm run build first.`);
    }
    ensurePageBuilt();
    const databaseUrl = await createTestDatabase();
    const started = await startProxy();
    proxyPort = started.port;
    forwarded = started.log;
    [a, b] = await Promise.all([
      startInstance("A", databaseUrl, proxyPort),
      startInstance("B", databaseUrl, proxyPort),
    ]);
    started.route([a, b]);
    browser = await launchTestBrowser(temp.path);
    page = browser.pages()[0] ?? (await browser.newPage());
  }, 60_000);

  it("signs in through the proxy with a code A printed, redeemed on B, and the cookie works on both", async () => {
    await page.goto(`http://127.0.0.1:${proxyPort}/login?code=${a.code}`);
    await page.locator('[data-testid="events-status"][data-status="live"]').waitFor({ timeout: 10_000 });
    await page.getByTestId("skill-row-pdf").waitFor({ timeout: 5000 });
    expect(page.url()).toBe(`http://127.0.0.1:${proxyPort}/`);
    expect(forwarded.find((entry) => entry.path === "/login")).toMatchObject({ backend: "B", status: 303 });
    // The page and its API reads went to both instances, each accepting the cookie B set.
    for (const backend of ["A", "B"] as const) {
      const served = forwarded.filter(
        (entry) => entry.backend === backend && entry.withCookie && entry.path !== "/login",
      );
      expect(served.length, `requests with the cookie served by ${backend}`).toBeGreaterThan(0);
      expect(served.every((entry) => entry.status < 400)).toBe(true);
    }
    expect(forwarded.find((entry) => entry.path === "/" && entry.withCookie)?.status).toBe(200);
    // Spent fleet-wide: neither instance takes the code again.
    for (const instance of [a, b]) {
      const again = await fetch(`http://127.0.0.1:${instance.port}/login?code=${a.code}`, {
        redirect: "manual",
      });
      expect(again.status, `code again on ${instance.name}`).toBe(403);
    }
  });

  it("shows a state written through A's API on the page within a second, through B's event stream", async () => {
    const row = page.getByTestId("skill-row-pdf");
    expect(await row.getAttribute("data-state")).toBe("on");
    const streams = forwarded.filter((entry) => entry.path === "/api/events");
    expect(streams.length).toBeGreaterThan(0);
    expect(streams.every((entry) => entry.backend === "B")).toBe(true);
    const shown = page.locator('[data-testid="skill-row-pdf"][data-state="off"]').waitFor({ timeout: 1000 });
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${a.port}/api/skills/pdf/state`, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ state: "off" }),
    });
    expect(response.status).toBe(200);
    await shown;
    const elapsed = performance.now() - started;
    console.info(`fleet browser test: A's write shown on the page via B in ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(1000);
    expect(await page.getByTestId("skill-row-csv").getAttribute("data-state")).toBe("on");
  });
});
