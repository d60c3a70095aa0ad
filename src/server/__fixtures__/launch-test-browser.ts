// What the browser tests share: the built settings page, and Debian's chromium launched the same way
// by each (headless, a throw-away profile, no network chatter of its own). They never download a browser.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";
const PACKAGE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** The built settings page (`dist/web`). */
export const WEB_DIRECTORY = path.join(PACKAGE_ROOT, "dist", "web");

/** Builds the page with vite when dist/web has not been built yet. */
export function ensurePageBuilt(): void {
  if (existsSync(path.join(WEB_DIRECTORY, "index.html"))) return;
  const vite = path.join(PACKAGE_ROOT, "node_modules", "vite", "bin", "vite.js");
  const build = spawnSync(process.execPath, [vite, "build", "--config", "web/vite.config.ts"], {
    cwd: PACKAGE_ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);
}

/** Throws the install hint when chromium is missing (a browser test fails rather than skips). */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No browser at ${CHROMIUM}. Install Debian's chromium (sudo apt-get install chromium); these tests never download one.`,
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
