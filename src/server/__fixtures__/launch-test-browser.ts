// Debian's chromium for the browser tests, launched the same way by each: headless, a throw-away
// profile, no network chatter of its own. The tests never download a browser.
import { existsSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

const CHROMIUM = "/usr/bin/chromium";

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
