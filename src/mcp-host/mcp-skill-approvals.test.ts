import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { Skill } from "@modelcontextprotocol/client/ext/skills";
import {
  createMcpSkillApprovals,
  createSettingsApprovalStorage,
  createUnconfirmedApprovalStorage,
  mcpApprovalSettingKey,
} from "@skillbox/mcp-host/mcp-host/mcp-skill-approvals";
import type { McpSkillEntry } from "@skillbox/mcp-host/mcp-host/mcp-skill-origin";
import { openStore, type SkillboxStore } from "@skillbox/store-sqlite/store/open-store";
import { SqliteSettingsStore } from "@skillbox/store-sqlite/store/sqlite-settings-store";
import { afterEach, describe, expect, it } from "vitest";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** An entry as the origin builds it, with the digests given. */
function entry(label: string, digests: { skill: string; files?: Record<string, string> }): McpSkillEntry {
  const uri = "skill://refunds/SKILL.md";
  const resources = [
    { uri, digest: digests.skill, size: 10 },
    ...Object.entries(digests.files ?? {}).map(([file, digest]) => ({
      uri: `skill://refunds/${file}`,
      digest,
      size: 5,
    })),
  ];
  return {
    name: `${label}:refunds`,
    label,
    skillName: "refunds",
    description: "Process refunds.",
    uri,
    rootUri: "skill://refunds",
    entry: { uri, frontmatter: { name: "refunds", description: "Process refunds." }, resources } as Skill,
    fingerprint: resources
      .map((resource) => `${resource.uri} ${resource.digest}`)
      .sort()
      .join("\n"),
  };
}

function sqliteFile(): { open(): SqliteSettingsStore } {
  const directory = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-approvals-"));
  const stores: SkillboxStore[] = [];
  cleanups.push(() => {
    for (const store of stores) store.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    open() {
      const store = openStore({ path: path.join(directory, "skillbox.db") });
      stores.push(store);
      return new SqliteSettingsStore(store);
    },
  };
}

describe("createMcpSkillApprovals over the settings store", () => {
  it("keeps an approval across a reopen of the SQLite store, bound to the server label, the SKILL.md digest and the manifest", () => {
    const file = sqliteFile();
    const original = entry("shop", { skill: "sha256:aa", files: { "templates/email.md": "sha256:bb" } });
    createMcpSkillApprovals(createSettingsApprovalStorage(file.open()), { now: () => 42 }).approve(original);

    const settings = file.open();
    const approvals = createMcpSkillApprovals(createSettingsApprovalStorage(settings));
    expect(approvals.isApproved(original)).toBe(true);
    expect(settings.readSetting(mcpApprovalSettingKey("shop", "skill://refunds/SKILL.md"))).toMatchObject({
      skill: "shop:refunds",
      skillDigest: "sha256:aa",
      manifestDigest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      approvedAt: 42,
    });
    // The same URI on another server is another skill.
    expect(
      approvals.isApproved(
        entry("bank", { skill: "sha256:aa", files: { "templates/email.md": "sha256:bb" } }),
      ),
    ).toBe(false);
  });

  it("lets a changed digest of any file invalidate the approval, and says so until the new content is approved", () => {
    const file = sqliteFile();
    const approvals = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    const original = entry("shop", { skill: "sha256:aa", files: { "templates/email.md": "sha256:bb" } });
    approvals.approve(original);
    approvals.allowCodeExecution(original, "bash");

    const rotated = entry("shop", { skill: "sha256:aa", files: { "templates/email.md": "sha256:cc" } });
    const added = entry("shop", {
      skill: "sha256:aa",
      files: { "templates/email.md": "sha256:bb", "x.sh": "sha256:dd" },
    });
    const newBody = entry("shop", { skill: "sha256:ee", files: { "templates/email.md": "sha256:bb" } });
    for (const changed of [rotated, added, newBody]) expect(approvals.isApproved(changed)).toBe(false);

    expect(approvals.revokeIfChanged(rotated)).toBe(true);
    const reopened = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    expect(reopened.wasRevoked(rotated)).toBe(true);
    // Going back to the old content does not bring the revoked approval (or its code allow) back.
    expect(reopened.isApproved(original)).toBe(false);
    expect(reopened.allowsCodeExecution(original, "bash")).toBe(false);
    reopened.approve(rotated);
    expect(reopened.isApproved(rotated)).toBe(true);
    expect(reopened.wasRevoked(rotated)).toBe(false);
    expect(reopened.allowsCodeExecution(rotated, "bash")).toBe(false);
  });

  it("records a persistent code-execution allow per tool on the approved content", () => {
    const file = sqliteFile();
    const skill = entry("shop", { skill: "sha256:aa" });
    const approvals = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    approvals.allowCodeExecution(skill, "bash");
    const reopened = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    expect(reopened.isApproved(skill)).toBe(true);
    expect(reopened.allowsCodeExecution(skill, "bash")).toBe(true);
    expect(reopened.allowsCodeExecution(skill, "run_skill_script")).toBe(false);
  });

  it("untrusts one skill, or a whole server at once, for every process sharing the store", () => {
    const file = sqliteFile();
    const first = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    const refunds = entry("shop", { skill: "sha256:aa" });
    const other = {
      ...entry("shop", { skill: "sha256:ff" }),
      uri: "skill://returns/SKILL.md",
      name: "shop:returns",
    };
    first.approve(refunds);
    first.approve(other);
    const second = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    second.revoke("shop", refunds.uri);
    expect(first.isApproved(refunds)).toBe(false);
    expect(first.isApproved(other)).toBe(true);

    second.revokeServer("shop");
    expect(first.isApproved(other)).toBe(false);
    expect(first.wasRevoked(other)).toBe(false);
    first.approve(other);
    expect(second.isApproved(other)).toBe(true);
  });

  it("treats a stored value of another shape as no approval", () => {
    const file = sqliteFile();
    const settings = file.open();
    settings.writeSetting(mcpApprovalSettingKey("shop", "skill://refunds/SKILL.md"), "yes please");
    expect(
      createMcpSkillApprovals(createSettingsApprovalStorage(settings)).isApproved(
        entry("shop", { skill: "sha256:aa" }),
      ),
    ).toBe(false);
  });

  it("keeps what a run with no one to ask records to that run, while it still reads the person's approvals", () => {
    const file = sqliteFile();
    const approved = entry("shop", { skill: "sha256:aa" });
    const other = {
      ...entry("shop", { skill: "sha256:ff" }),
      uri: "skill://returns/SKILL.md",
      name: "shop:returns",
    };
    createMcpSkillApprovals(createSettingsApprovalStorage(file.open())).approve(approved);

    const headless = createMcpSkillApprovals(
      createUnconfirmedApprovalStorage(createSettingsApprovalStorage(file.open())),
    );
    expect(headless.isApproved(approved)).toBe(true);
    headless.approve(other);
    headless.revokeServer("shop");
    expect(headless.isApproved(other)).toBe(false);
    headless.approve(other);
    expect(headless.isApproved(other)).toBe(true);

    const later = createMcpSkillApprovals(createSettingsApprovalStorage(file.open()));
    expect(later.isApproved(other)).toBe(false);
    expect(later.isApproved(approved)).toBe(true);
  });
});
