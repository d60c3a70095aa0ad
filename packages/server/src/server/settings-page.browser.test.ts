import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithBrowser,
  ensurePageBuilt,
  launchTestBrowser,
  requireChromium,
  WEB_DIRECTORY,
} from "./__fixtures__/launch-test-browser.js";
import { TEST_TOKEN } from "./__fixtures__/server-test-helpers.js";
import { type RunningServer, startServer } from "./start-server.js";
import { createDirectoryReader } from "./web-page.js";

const packageRoot = fileURLToPath(new URL("../../../../", import.meta.url));
/** Set to a path (e.g. docs/screenshot.png) to keep the screenshot the last test takes. */
const screenshotTarget = process.env.SKILLBOX_SCREENSHOT;

let workspace: Workspace;
let skills: string;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let stopWatching: () => void;
/** Console errors and uncaught exceptions of the page (a CSP violation shows up here). */
const pageErrors: string[] = [];
const temp = createTempDirectory("skillbox-browser-");

beforeAll(async () => {
  requireChromium();
  ensurePageBuilt();
  // A copy of the bundled skills, so editing them on disk leaves the package alone.
  skills = path.join(temp.path, "skills");
  cpSync(path.join(packageRoot, "skills"), skills, { recursive: true });
  const home = path.join(temp.path, "home");
  mkdirSync(home);
  workspace = openWorkspace({
    cwd: temp.path,
    home,
    env: {},
    dirs: [skills],
    bundledDirectory: skills,
    storePath: ":memory:",
    persistIndex: false,
  });
  workspace.registry.refresh();
  for (const [name, uses] of [
    ["methodology", 4],
    ["plotting", 2],
    ["changelog-writer", 1],
  ] as const) {
    for (let use = 0; use < uses; use++) workspace.registry.recordUsage(name);
  }
  const watcher = workspace.registry.watch({ debounceMs: 50 });
  stopWatching = () => watcher.close();
  server = await startServer(workspace, {
    token: TEST_TOKEN,
    port: 0,
    readWebFile: createDirectoryReader(WEB_DIRECTORY),
  });
  context = await launchTestBrowser(temp.path);
  page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  // Signed in the way a person is: through the one-time link `skillbox serve` prints.
  await page.goto(server.createLoginUrl());
  await page.locator('[data-testid="events-status"][data-status="live"]').waitFor({ timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  await context?.close();
  stopWatching?.();
  await server?.close();
  workspace?.close();
  temp.remove();
});

async function promptTokens(): Promise<number> {
  return Number(await page.getByTestId("prompt-tokens").getAttribute("data-tokens"));
}

describeWithBrowser("signing in", () => {
  it("leaves the login link for / and puts no token anywhere in the page", async () => {
    expect(page.url()).toBe(server.url);
    expect(await page.content()).not.toContain(TEST_TOKEN);
    const cookies = await context.cookies(server.url);
    const session = cookies.find((cookie) => cookie.name === `skillbox-session-${server.port}`);
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(session?.value).not.toContain(TEST_TOKEN);
    expect(await page.evaluate(() => document.cookie)).toBe("");
  });

  it("refuses a login link the second time", async () => {
    const link = server.createLoginUrl();
    const other = await context.newPage();
    try {
      expect((await other.goto(link))?.status()).toBe(200);
      expect((await other.goto(link))?.status()).toBe(403);
      await expect(other.getByTestId("sign-in").textContent()).resolves.toContain("already used");
    } finally {
      await other.close();
    }
  });
});

describeWithBrowser("the settings page", () => {
  it("updates the Layer 1 preview, text and token count, when a skill's state changes", async () => {
    const preview = page.getByTestId("prompt-preview");
    await expect.poll(() => preview.textContent()).toContain("presentation");
    const before = await promptTokens();
    expect(before).toBeGreaterThan(0);
    await page.getByTestId("state-presentation").selectOption("off");
    await expect.poll(() => preview.textContent(), { timeout: 5000 }).not.toContain("presentation");
    await expect.poll(promptTokens, { timeout: 5000 }).toBeLessThan(before);
    await expect(page.getByTestId("skill-row-presentation").getAttribute("data-state")).resolves.toBe("off");
    expect(workspace.stateOf("presentation")).toBe("off");
    await expect(page.getByTestId("error-alert").getAttribute("data-error-code")).resolves.toBeNull();
  });

  it("counts the preview's skills as described, shortened, by name only and by area", async () => {
    const stats = () => page.getByTestId("prompt-stats").textContent();
    const budget = page.getByTestId("prompt-budget");
    const suite = path.join(skills, "suite");
    for (let index = 0; index < 12; index++) {
      const folder = path.join(suite, `suite-task-${index}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(
        path.join(folder, "SKILL.md"),
        `---\nname: suite-task-${index}\ndescription: Runs suite task ${index}: reads the suite's configuration, applies the change and reports what changed.\n---\nSteps.\n`,
      );
    }
    try {
      await expect
        .poll(() => page.getByTestId("prompt-preview").textContent(), { timeout: 8000 })
        .toContain("suite-task-11");
      await expect.poll(stats).toMatch(/^\d+ described in full · 0 shortened · 0 by name only · 0 by area$/);
      await budget.fill("400");
      // Past the budget, the suite's skills lose their lines and are counted in the map by area.
      await expect
        .poll(() => page.getByTestId("prompt-preview").textContent(), { timeout: 5000 })
        .toMatch(/More skills by area \(\d+ skills? in /);
      const text = (await page.getByTestId("prompt-preview").textContent()) ?? "";
      const grouped = Number(/More skills by area \((\d+) skills? in /.exec(text)?.[1]);
      expect(grouped).toBeGreaterThan(0);
      await expect.poll(stats).toMatch(new RegExp(`· ${grouped} by area$`));
      expect(await stats()).not.toContain("left out");
    } finally {
      rmSync(suite, { recursive: true, force: true });
      await budget.fill("");
    }
    await expect
      .poll(() => page.getByTestId("prompt-preview").textContent(), { timeout: 8000 })
      .not.toContain("suite-task-");
    await expect.poll(stats).toMatch(/ 0 by area$/);
  });

  it("shows a description edited on disk, through the event stream", async () => {
    const file = path.join(skills, "methodology", "SKILL.md");
    const text = readFileSync(file, "utf8");
    const edited = text.replace(
      /^description:.*\n(?:[ \t]+.*\n)*/m,
      "description: Plans experiments before running them.\n",
    );
    expect(edited).not.toBe(text);
    writeFileSync(file, edited);
    await expect
      .poll(() => page.getByTestId("description-methodology").textContent(), { timeout: 8000 })
      .toBe("Plans experiments before running them.");
    await expect.poll(() => page.getByTestId("prompt-preview").textContent()).toContain("Plans experiments");
    writeFileSync(file, text);
    await expect
      .poll(() => page.getByTestId("description-methodology").textContent(), { timeout: 8000 })
      .toContain("Systematic literature review");
  });

  it("renders every bundled skill, the detail pane and the preview (screenshot)", async () => {
    for (const name of ["changelog-writer", "methodology", "plotting", "presentation", "typescript-style"]) {
      await page.getByTestId(`skill-row-${name}`).waitFor();
    }
    await page.getByTestId("skill-open-plotting").click();
    await page.locator('[data-testid="skill-detail"][data-status="ready"]').waitFor({ timeout: 5000 });
    await expect(page.getByTestId("skill-detail").textContent()).resolves.toContain("Scientific plotting");
    await page.getByTestId("detail-close").click();
    await page.getByTestId("state-presentation").selectOption("name-only");
    await expect.poll(() => page.getByTestId("prompt-stats").textContent()).toContain("1 by name only");
    const shot = path.join(temp.path, "screenshot.png");
    await page.screenshot({ path: shot });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    if (screenshotTarget !== undefined && screenshotTarget !== "") {
      copyFileSync(shot, path.resolve(packageRoot, screenshotTarget));
    }
    expect(pageErrors).toEqual([]);
  });

  it("shows a browser without a session the sign-in form, which the token signs in", async () => {
    await context.clearCookies();
    const fresh = await context.newPage();
    try {
      const response = await fresh.goto(server.url);
      expect(response?.status()).toBe(401);
      expect(await fresh.content()).not.toContain(TEST_TOKEN);
      await fresh.getByLabel("Token").fill(TEST_TOKEN);
      await fresh.getByRole("button", { name: "Sign in" }).click();
      await fresh.locator('[data-testid="events-status"][data-status="live"]').waitFor({ timeout: 10_000 });
      expect(fresh.url()).toBe(server.url);
      // A write through the page works with the new session.
      await fresh.getByTestId("state-plotting").selectOption("off");
      await expect.poll(() => workspace.stateOf("plotting"), { timeout: 5000 }).toBe("off");
    } finally {
      await fresh.close();
    }
  });
});
