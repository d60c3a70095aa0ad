import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { skillText } from "@skillbox/installer/install/__fixtures__/install-fixtures";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInstallTestSetup, type InstallTestSetup } from "./__fixtures__/install-test-setup.js";
import {
  describeWithBrowser,
  ensurePageBuilt,
  launchTestBrowser,
  requireChromium,
  WEB_DIRECTORY,
} from "./__fixtures__/launch-test-browser.js";
import { TEST_TOKEN } from "./__fixtures__/server-test-helpers.js";
import { type RunningServer, startServer } from "./start-server.js";

let setup: InstallTestSetup;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let stopWatching: () => void;
/** Console errors and uncaught exceptions of the page (a CSP violation shows up here). */
const pageErrors: string[] = [];

beforeAll(async () => {
  requireChromium();
  ensurePageBuilt();
  setup = await createInstallTestSetup();
  // A third skill whose name breaks the rules: the page shows why before anything is installed.
  setup.repository.commit(
    { "skills/broken/SKILL.md": skillText("Broken Name", "Breaks the name rules.") },
    "broken",
  );
  setup.github.setSearchResults([
    { id: "acme/skills/docx", skillId: "docx", name: "docx", installs: 42, source: "acme/skills" },
  ]);
  const { workspace } = setup;
  workspace.registry.refresh();
  const watcher = workspace.registry.watch({ debounceMs: 50 });
  stopWatching = () => watcher.close();
  server = await startServer(workspace, {
    token: TEST_TOKEN,
    port: 0,
    webDirectory: WEB_DIRECTORY,
    installer: setup.installer,
  });
  context = await launchTestBrowser(setup.folders.base);
  page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(server.createLoginUrl());
  await page.locator('[data-testid="events-status"][data-status="live"]').waitFor({ timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  await context?.close();
  stopWatching?.();
  await server?.close();
  await setup?.close();
});

describeWithBrowser("adding skills from the page", () => {
  it("installs a skill from the page against the local fake GitHub and sees it listed and in the Layer 1 preview", async () => {
    const preview = page.getByTestId("prompt-preview");
    expect(await preview.textContent()).not.toContain("Reads PDF files");
    await page.getByTestId("add-skills-toggle").click();
    await page.getByTestId("add-source").fill("acme/skills");
    await page.getByTestId("add-scan").click();
    const pdf = page.getByTestId("found-skill-pdf");
    await pdf.waitFor({ timeout: 15_000 });
    // What the skill brings is shown before it is installed, and so is why one cannot be.
    await expect(pdf.textContent()).resolves.toMatch(/scripts: 1.*allowed-tools: Read/);
    const blocked = page.locator('[data-testid^="found-skill-"][data-installable="false"]');
    await expect(blocked.textContent()).resolves.toContain("cannot be installed");
    await expect(
      blocked.locator('[data-testid="diagnostic"][data-severity="error"]').count(),
    ).resolves.toBeGreaterThan(0);
    await expect(blocked.locator("input[type=checkbox]").isDisabled()).resolves.toBe(true);

    await page.getByTestId("found-choose-pdf").check();
    await page.getByTestId("add-install").click();
    await page.getByTestId("add-installed-pdf").waitFor({ timeout: 15_000 });
    await page.getByTestId("skill-row-pdf").waitFor({ timeout: 8000 });
    await expect.poll(() => preview.textContent(), { timeout: 8000 }).toContain("Reads PDF files");
    const folder = path.join(setup.folders.project, ".agents", "skills", "pdf");
    expect(JSON.parse(readFileSync(path.join(folder, "source.json"), "utf8"))).toMatchObject({
      type: "github",
      repo: "acme/skills",
      skillPath: "skills/pdf",
    });
    await expect(page.getByTestId("error-alert").getAttribute("data-error-code")).resolves.toBeNull();
  });

  it("finds a skill in the marketplace and installs it with that skill chosen", async () => {
    await page.getByTestId("market-query").fill("docx");
    await page.getByTestId("market-submit").click();
    // The bundled list may hold a docx skill of another repository too.
    const row = page.locator('[data-testid="market-row-docx"][data-source="acme/skills"]');
    await expect(row.textContent()).resolves.toContain("42 installs");
    await row.getByTestId("market-pick-docx").click();
    await page.getByTestId("found-skill-docx").waitFor({ timeout: 15_000 });
    await expect(page.getByTestId("found-choose-docx").isChecked()).resolves.toBe(true);
    await expect(page.getByTestId("found-choose-pdf").isChecked()).resolves.toBe(false);
    await page.getByTestId("add-install").click();
    await page.getByTestId("add-installed-docx").waitFor({ timeout: 15_000 });
    await page.getByTestId("skill-row-docx").waitFor({ timeout: 8000 });
    await page.getByTestId("add-close").click();
  });

  it("shows an update badge when the skill changed at its source, and updates it from the detail pane", async () => {
    setup.repository.commit(
      {
        "skills/pdf/SKILL.md": skillText("pdf", "Reads PDF files and fills in forms.", [
          "allowed-tools: Read",
        ]),
      },
      "pdf forms",
    );
    setup.repository.commit({ "README.md": "# Skills, re-read\n" }, "unrelated");
    // The page checks the sources once per load.
    await page.reload();
    const badge = page.getByTestId("update-badge-pdf");
    await badge.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("update-badge-docx").count()).toBe(0);
    await page.getByTestId("skill-open-pdf").click();
    await page.getByTestId("detail-update-available").waitFor({ timeout: 5000 });
    await page.getByTestId("detail-update").click();
    await expect.poll(() => page.getByTestId("update-badge-pdf").count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.getByTestId("description-pdf").textContent(), { timeout: 8000 })
      .toBe("Reads PDF files and fills in forms.");
  });

  it("removes an installed skill from the detail pane, and it leaves the list and the preview", async () => {
    expect(pageErrors).toEqual([]);
    await page.getByTestId("detail-remove").click();
    await page.getByTestId("detail-remove-confirm").click();
    await expect.poll(() => page.getByTestId("skill-row-pdf").count(), { timeout: 8000 }).toBe(0);
    await expect.poll(() => page.getByTestId("prompt-preview").textContent()).not.toContain("Reads PDF");
    expect(existsSync(path.join(setup.folders.project, ".agents", "skills", "pdf"))).toBe(false);
    // The open detail pane asks for the removed skill once more and is told it is gone.
    expect(pageErrors.filter((error) => !error.includes("status of 404"))).toEqual([]);
  });
});
