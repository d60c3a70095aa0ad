// What the browser tests share: the built settings page, and Debian's chromium launched the same way
// by each (headless, a throw-away profile, no network chatter of its own). They never download a browser.
// Like the PostgreSQL tests: without a browser they are skipped with one line saying how to run them,
// except under CI=1 (.ci/run), where a missing browser fails them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { describe, it } from "vitest";

/** Names another Chromium binary for the browser tests. */
export const BROWSER_PATH_VARIABLE = "SKILLBOX_TEST_BROWSER";
const DEFAULT_CHROMIUM = "/usr/bin/chromium";

/** Whether the browser tests run here, are skipped, or must fail (CI without a browser). */
export type BrowserTestMode = "run" | "skip" | "fail";

/** The browser to use and whether CI requires it, from the environment. */
export function readBrowserTestSettings(env: Readonly<Record<string, string | undefined>>): {
  browserPath: string;
  ci: boolean;
} {
  const configured = env[BROWSER_PATH_VARIABLE]?.trim();
  return {
    browserPath: configured === undefined || configured === "" ? DEFAULT_CHROMIUM : configured,
    ci: ["1", "true"].includes((env.CI ?? "").toLowerCase()),
  };
}

/** Runs with a browser; without one, skips on a developer's machine and fails in CI. */
export function decideBrowserTests(options: {
  browserPath: string;
  ci: boolean;
  exists?: (file: string) => boolean;
}): BrowserTestMode {
  if ((options.exists ?? existsSync)(options.browserPath)) return "run";
  return options.ci ? "fail" : "skip";
}

/** The one line a developer without a browser sees. */
export function describeSkippedBrowserTests(browserPath: string): string {
  return `Browser tests skipped: no browser at ${browserPath}. To run them, install Debian's chromium (sudo apt-get install chromium) or set ${BROWSER_PATH_VARIABLE} to a Chromium binary; CI=1 requires them.`;
}

const SETTINGS = readBrowserTestSettings(process.env);
const CHROMIUM = SETTINGS.browserPath;
const MODE = decideBrowserTests(SETTINGS);
let skipNoted = false;

/**
 * `describe` for tests that drive the browser: skipped (with one line) without one, a failure in CI.
 * `within` is the describe to use when the browser is there (e.g. describeWithPostgres).
 */
export function describeWithBrowser(
  name: string,
  body: () => void,
  within: (name: string, body: () => void) => void = describe,
): void {
  if (MODE === "run") {
    within(name, body);
  } else if (MODE === "fail") {
    describe(name, () => {
      it("has a browser to test with", () => {
        throw new Error(
          `CI must run the browser tests, and there is no browser at ${CHROMIUM}: .ci/run installs Debian's chromium (or set ${BROWSER_PATH_VARIABLE}).`,
        );
      });
    });
  } else {
    if (!skipNoted) console.info(describeSkippedBrowserTests(CHROMIUM));
    skipNoted = true;
    describe.skip(name, body);
  }
}
const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));
/** The built settings page (`dist/web`). */
export const WEB_DIRECTORY = path.join(REPOSITORY_ROOT, "dist", "web");

/** Builds the page with vite when dist/web has not been built yet. */
export function ensurePageBuilt(): void {
  if (existsSync(path.join(WEB_DIRECTORY, "index.html"))) return;
  const vite = path.join(REPOSITORY_ROOT, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--config", "web/vite.config.ts"], {
    cwd: REPOSITORY_ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
}

/** Throws the install hint when chromium is missing (a browser test fails rather than skips). */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No browser at ${CHROMIUM}. Install Debian's chromium (sudo apt-get install chromium) or set ${BROWSER_PATH_VARIABLE}; these tests never download one.`,
    );
  }
}

/** A fresh chromium with its profile in `<folder>/profile`, at a desktop-sized viewport. */
export async function launchTestBrowser(folder: string): Promise<BrowserContext> {
  requireChromium();
  const profile = path.join(folder, "profile");
  mkdirSync(profile, { recursive: true });
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1360, height: 900 },
  });
}
