// Interop with an implementation we did not write: the Skills Over MCP working group's reference SDK
// (@olaservo/ext-skills) lists, gets, reads (verified) and walks directories against `skillbox mcp`.
import {
  checkSkillLimits,
  discoverAndBuildCatalog,
  getSkill,
  listSkills,
  readDirectory,
  readSkill,
  readSkillResource,
  serverSupportsDirectoryRead,
  serverSupportsSkills,
  walkDirectory,
} from "@olaservo/ext-skills/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectTestClient, type TestConnection } from "./__fixtures__/connect-test-client.js";
import {
  createMcpTestWorkspace,
  type McpTestWorkspace,
  PNG_BYTES,
} from "./__fixtures__/mcp-test-workspace.js";
import { createSkillsMcpServer } from "./create-skills-mcp-server.js";

let fixture: McpTestWorkspace;
let connection: TestConnection | undefined;

beforeEach(() => {
  fixture = createMcpTestWorkspace();
});

afterEach(async () => {
  await connection?.close();
  connection = undefined;
  fixture.remove();
});

describe.each(["legacy", "modern"] as const)(
  "the reference SDK's client against skillbox mcp (%s era)",
  (era) => {
    it("lists, gets, reads with verification and walks directories without an error", async () => {
      connection = await connectTestClient(() => createSkillsMcpServer(fixture.workspace), era);
      const client = connection.client;
      expect(serverSupportsSkills(client)).toBe(true);
      expect(serverSupportsDirectoryRead(client)).toBe(true);

      const entries = await listSkills(client);
      expect(entries.map((entry) => entry.uri).sort()).toEqual([
        "skill://more/refunds/SKILL.md",
        "skill://notes/SKILL.md",
        "skill://quiet/SKILL.md",
        "skill://skills/refunds/SKILL.md",
      ]);
      for (const entry of entries) expect(checkSkillLimits(entry)).toMatchObject({ withinLimits: true });

      const refunds = await getSkill(client, "skill://skills/refunds/SKILL.md");
      expect(await readSkill(client, refunds)).toContain("Refund order $order because $reason.");
      const email = await readSkillResource(client, refunds, "skill://skills/refunds/templates/email.md");
      expect(email.text).toBe("Dear customer, your refund is on its way.\n");
      const logo = await readSkillResource(client, refunds, "skill://skills/refunds/logo.png");
      expect(logo.blob).toBe(Buffer.from(PNG_BYTES).toString("base64"));
      const hidden = await getSkill(client, "skill://hidden/SKILL.md");
      expect(await readSkill(client, hidden)).toContain("Hidden body.");

      const root = await readDirectory(client, "skill://skills/refunds");
      expect(root.resources.map((child) => child.name)).toEqual([
        "refunds",
        "logo.png",
        "scripts",
        "templates",
      ]);
      const files = await walkDirectory(client, "skill://skills/refunds");
      expect(files.map((file) => file.uri).sort()).toEqual(
        (refunds.resources === "dynamic" ? [] : (refunds.resources ?? []))
          .map((resource) => resource.uri)
          .sort(),
      );

      const { skills, catalog } = await discoverAndBuildCatalog(client, { instructions: true });
      expect(skills).toHaveLength(4);
      expect(catalog).toContain("notes");
    });
  },
);
