// The browser tests' skip-or-require decision, and what a run without a browser prints. The browser
// is "missing" by pointing SKILLBOX_TEST_BROWSER at a file that does not exist; nothing is uninstalled.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  BROWSER_PATH_VARIABLE,
  decideBrowserTests,
  describeSkippedBrowserTests,
  readBrowserTestSettings,
} from "./launch-test-browser.js";

const folder = mkdtempSync(path.join(tmpdir(), "skillbox-browser-decision-"));
const missing = path.join(folder, "no-chromium-here");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the browser tests' decision", () => {
  it("uses Debian's chromium unless SKILLBOX_TEST_BROWSER names another, and reads CI=1 or true", () => {
    expect(readBrowserTestSettings({})).toEqual({ browserPath: "/usr/bin/chromium", ci: false });
    expect(readBrowserTestSettings({ [BROWSER_PATH_VARIABLE]: " /opt/chrome ", CI: "1" })).toEqual({
      browserPath: "/opt/chrome",
      ci: true,
    });
    expect(readBrowserTestSettings({ [BROWSER_PATH_VARIABLE]: "", CI: "TRUE" })).toEqual({
      browserPath: "/usr/bin/chromium",
      ci: true,
    });
    expect(readBrowserTestSettings({ CI: "0" }).ci).toBe(false);
  });

  it("runs with a browser, skips without one, and fails without one under CI", () => {
    expect(decideBrowserTests({ browserPath: process.execPath, ci: false })).toBe("run");
    expect(decideBrowserTests({ browserPath: process.execPath, ci: true })).toBe("run");
    expect(decideBrowserTests({ browserPath: missing, ci: false })).toBe("skip");
    expect(decideBrowserTests({ browserPath: missing, ci: true })).toBe("fail");
  });

  it("says in one line how to run the skipped tests", () => {
    const note = describeSkippedBrowserTests(missing);
    expect(note).not.toContain("\n");
    expect(note).toContain(`no browser at ${missing}`);
    expect(note).toContain("apt-get install chromium");
    expect(note).toContain(BROWSER_PATH_VARIABLE);
  });
});

describe("a browser test file without a browser", () => {
  const packageRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
  const vitest = path.join(packageRoot, "node_modules", "vitest", "vitest.mjs");
  const runFile = (ci: string) =>
    spawnSync(process.execPath, [vitest, "run", "src/server/mcp-skills-page.browser.test.ts"], {
      cwd: packageRoot,
      encoding: "utf8",
      env: { ...process.env, [BROWSER_PATH_VARIABLE]: missing, CI: ci, NO_COLOR: "1" },
    });

  it("is skipped with the one line, and passes, on a developer's machine", () => {
    const result = runFile("");
    expect(result.status, result.stdout + result.stderr).toBe(0);
    const notes = (result.stdout + result.stderr)
      .split("\n")
      .filter((line) => line.startsWith("Browser tests skipped:"));
    expect(notes).toEqual([describeSkippedBrowserTests(missing)]);
    expect(result.stdout).toMatch(/Tests\s+\d+ skipped/);
  });

  it("fails under CI=1, naming the missing browser", () => {
    const result = runFile("1");
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(`No browser at ${missing}`);
    expect(result.stdout + result.stderr).not.toContain("Browser tests skipped:");
  });
});
