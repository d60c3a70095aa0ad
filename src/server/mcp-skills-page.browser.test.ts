// MCP skills on the settings page, in a real browser (Debian's chromium through playwright-core) against
// a real server: grouped under their server with their origin, a failed server said in its group, and
// their state changed through the page reaching the store by `<label>:<name>`. The MCP server is the
// host's in-process test server over an in-memory pair.
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import {
  describeWithBrowser,
  ensurePageBuilt,
  launchTestBrowser,
  requireChromium,
  WEB_DIRECTORY,
} from "@skillbox/server/server/__fixtures__/launch-test-browser";
import { addSkill, TEST_TOKEN } from "@skillbox/server/server/__fixtures__/server-test-helpers";
import { type RunningServer, startServer } from "@skillbox/server/server/start-server";
import { createDirectoryReader } from "@skillbox/server/server/web-page";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import type { McpSkills } from "@skillbox/workspace/workspace/mcp-skills";
import { openMcpSkills } from "@skillbox/workspace/workspace/open-mcp-skills";
import { openWorkspace } from "@skillbox/workspace/workspace/open-workspace";
import type { Workspace } from "@skillbox/workspace/workspace/workspace";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestSkillServer, inMemoryConnector } from "../mcp-host/__fixtures__/test-skill-server.js";

let workspace: Workspace;
let mcpSkills: McpSkills;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
const temp = createTempDirectory("skillbox-mcp-page-");

beforeAll(async () => {
  requireChromium();
  ensurePageBuilt();
  const skills = path.join(temp.path, "skills");
  addSkill(skills, "refunds", "The local refunds skill.");
  const home = path.join(temp.path, "home");
  mkdirSync(home);
  workspace = openWorkspace({
    cwd: temp.path,
    home,
    env: {},
    dirs: [skills],
    bundledDirectory: path.join(temp.path, "bundled"),
    storePath: ":memory:",
    persistIndex: false,
  });
  workspace.registry.refresh();
  const docs = await createTestSkillServer({
    "refunds/SKILL.md": "---\nname: refunds\ndescription: Processes refunds remotely.\n---\nRefund it.\n",
  });
  mcpSkills = openMcpSkills(
    {
      config: {
        mcpServers: { docs: { url: "http://docs.test/mcp" }, down: { url: "http://down.test/mcp" } },
      },
      roots: workspace.roots,
      home,
    },
    { connector: inMemoryConnector({ docs }) },
  ) as McpSkills;
  await mcpSkills.ready;
  server = await startServer(workspace, {
    token: TEST_TOKEN,
    port: 0,
    readWebFile: createDirectoryReader(WEB_DIRECTORY),
    mcpSkills,
  });
  context = await launchTestBrowser(temp.path);
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(server.createLoginUrl());
  await page.getByTestId("skill-row-docs:refunds").waitFor({ timeout: 15_000 });
}, 60_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  await mcpSkills?.close();
  workspace?.close();
  temp.remove();
});

describeWithBrowser("MCP skills on the settings page", () => {
  it("groups an MCP skill under its server with its origin, beside the local skill of the same name", async () => {
    const group = page.getByTestId("root-mcp:docs");
    await expect(group.locator("h3").textContent()).resolves.toBe("mcp:docs");
    await expect(page.getByTestId("origin-docs:refunds").textContent()).resolves.toBe(
      "from the MCP server docs at skill://refunds",
    );
    await expect(page.getByTestId("description-docs:refunds").textContent()).resolves.toBe(
      "Processes refunds remotely.",
    );
    await expect(page.getByTestId("description-refunds").textContent()).resolves.toBe(
      "The local refunds skill.",
    );
    await expect(page.getByTestId("root-empty-mcp:down").textContent()).resolves.toBe(
      "This MCP server could not be used; see the problems above.",
    );
    await expect(page.getByTestId("global-diagnostics").textContent()).resolves.toContain(
      'MCP server "down" could not be used',
    );
    expect(pageErrors).toEqual([]);
  });

  it("sets the MCP skill's state by <label>:<name> from the row, leaving the local skill on", async () => {
    await page.getByTestId("state-docs:refunds").selectOption("off");
    await page.locator('[data-testid="state-docs:refunds"][data-state="off"]').waitFor({ timeout: 10_000 });
    await expect.poll(() => workspace.stateOf("docs:refunds"), { timeout: 5_000 }).toBe("off");
    expect(workspace.stateOf("refunds")).toBe("on");
  });

  it("opens the detail view with the origin and the verified SKILL.md body", async () => {
    await page.getByTestId("skill-open-docs:refunds").click();
    await expect(page.getByTestId("detail-origin").textContent({ timeout: 10_000 })).resolves.toContain(
      "MCP server docs, base skill://refunds",
    );
    await page.getByTestId("skill-body").getByText("Refund it.").waitFor({ timeout: 10_000 });
    await expect(page.getByTestId("detail-path").textContent()).resolves.toBe("skill://refunds/SKILL.md");
  });
});
