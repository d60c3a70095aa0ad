// One MCP server as a source of skills: entries built from skills/list alone (no SKILL.md is fetched
// at connect or list time), named `<label>:<name>` so they never shadow, nor are shadowed by, a
// local skill or another server's skill of the same name.

import { type Skill, SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import type { Diagnostic } from "@skillbox/core/skills/diagnostic";
import type { McpConnection } from "./connect-mcp-server.js";
import { describeOversizedSkillFile, oversizedSkillFile } from "./mcp-file-limits.js";

/** One MCP-served skill as the host registers it. Identity is (label, uri), never the uri alone. */
export interface McpSkillEntry {
  /** `<label>:<name>`, or `<label>:<skill path>` when the server lists two skills of that name. */
  readonly name: string;
  /** The host-assigned server label. */
  readonly label: string;
  /** The frontmatter `name`. */
  readonly skillName: string;
  readonly description: string;
  /** The SKILL.md URI. */
  readonly uri: string;
  /** The skill's root (`uri` without `/SKILL.md`): relative references resolve against it. */
  readonly rootUri: string;
  /** The entry as the server published it (verbatim frontmatter, `{uri, digest, size}` per file). */
  readonly entry: Skill;
  /** Every `uri digest` pair, sorted: what an approval binds to. */
  readonly fingerprint: string;
}

/** What one refresh of the listing changed, by entry name. */
export interface McpOriginChange {
  added: string[];
  changed: string[];
  removed: string[];
}

/** A server's skills and the verified-read client bound to that server alone. */
export interface McpSkillOrigin {
  readonly label: string;
  readonly connection: McpConnection;
  /** The SDK's host-side client: list, get, verified read, directory read. */
  readonly skills: SkillsClient;
  /** The server declared the extension. */
  readonly supported: boolean;
  /** The server serves resources/directory/read. */
  readonly directoryRead: boolean;
  entries(): readonly McpSkillEntry[];
  get(name: string): McpSkillEntry | undefined;
  /** Lists again (skills/list); entries whose resources changed get a new fingerprint. */
  refresh(): Promise<McpOriginChange>;
  /** Fetches one entry again (skills/get), e.g. after a verification failure; undefined when no longer served. */
  refreshEntry(uri: string): Promise<McpSkillEntry | undefined>;
  /** Findings of the last listing (invalid or unverifiable entries). */
  diagnostics(): readonly Diagnostic[];
}

/** Creates the origin and lists its skills once (nothing else is fetched). */
export async function createMcpSkillOrigin(connection: McpConnection): Promise<McpSkillOrigin> {
  const skills = new SkillsClient(connection.client, { skipInvalid: true });
  const label = connection.label;
  let byName = new Map<string, McpSkillEntry>();
  let findings: Diagnostic[] = [];

  function rebuild(list: readonly Skill[]): McpOriginChange {
    const counts = new Map<string, number>();
    for (const skill of list)
      counts.set(skill.frontmatter.name, (counts.get(skill.frontmatter.name) ?? 0) + 1);
    const next = new Map<string, McpSkillEntry>();
    for (const skill of list) {
      if (skill.resources === "dynamic") {
        findings.push({
          severity: "warning",
          code: "mcp-skill-unverifiable",
          message: `${skill.uri} publishes no digests (generated content); not loaded, since nothing could verify it`,
          path: `mcp:${label}`,
        });
        continue;
      }
      const oversized = oversizedSkillFile(skill);
      if (oversized !== undefined) {
        // As discovery skips a local SKILL.md over the limit: nothing of it is fetched or shown.
        findings.push({
          severity: "error",
          code: "file-too-large",
          message: `${skill.uri}: ${describeOversizedSkillFile(oversized)}`,
          path: `mcp:${label}`,
        });
        continue;
      }
      const entry = toEntry(label, skill, (counts.get(skill.frontmatter.name) ?? 0) > 1);
      next.set(entry.name, entry);
    }
    const change: McpOriginChange = { added: [], changed: [], removed: [] };
    for (const [name, entry] of next) {
      const previous = byName.get(name);
      if (previous === undefined) change.added.push(name);
      else if (previous.fingerprint !== entry.fingerprint || previous.uri !== entry.uri)
        change.changed.push(name);
    }
    for (const name of byName.keys()) if (!next.has(name)) change.removed.push(name);
    byName = next;
    return change;
  }

  async function refresh(): Promise<McpOriginChange> {
    findings = [];
    if (!skills.supported) {
      // Connected and working, yet silent about skills: say why none come from it.
      const tools = connection.client.getServerCapabilities()?.tools !== undefined;
      findings.push({
        severity: "info",
        code: "mcp-server-no-skills",
        message: tools
          ? `MCP server "${label}" does not offer the skills extension (io.modelcontextprotocol/skills), so it adds no skills; its tools are available as mcp__${label}__*`
          : `MCP server "${label}" offers neither the skills extension (io.modelcontextprotocol/skills) nor tools, so it adds nothing`,
        path: `mcp:${label}`,
      });
      return rebuild([]);
    }
    const listing = await skills.list();
    for (const invalid of listing.invalid) {
      findings.push({
        severity: "warning",
        code: "mcp-skill-invalid",
        message: `skills/list entry ${invalid.uri ?? `#${invalid.index}`} refused: ${invalid.reason}`,
        path: `mcp:${label}`,
      });
    }
    return rebuild(listing.skills);
  }

  await refresh();
  return {
    label,
    connection,
    skills,
    get supported() {
      return skills.supported;
    },
    get directoryRead() {
      return skills.directoryRead;
    },
    entries: () => [...byName.values()],
    get: (name) => byName.get(name),
    refresh,
    async refreshEntry(uri) {
      let fresh: Skill;
      try {
        fresh = (await skills.get(uri)).skill;
      } catch {
        // -32602 (no longer served) or a bad entry: the skill leaves the registry.
        for (const [name, entry] of byName) if (entry.uri === uri) byName.delete(name);
        return undefined;
      }
      const held = [...byName.values()].find((entry) => entry.uri === uri);
      if (fresh.resources === "dynamic" || oversizedSkillFile(fresh) !== undefined) {
        if (held !== undefined) byName.delete(held.name);
        return undefined;
      }
      const duplicate = [...byName.values()].some(
        (entry) => entry.uri !== uri && entry.skillName === fresh.frontmatter.name,
      );
      const entry = toEntry(label, fresh, duplicate);
      if (held !== undefined && held.name !== entry.name) byName.delete(held.name);
      byName.set(entry.name, entry);
      return entry;
    },
    diagnostics: () => findings,
  };
}

function toEntry(label: string, skill: Skill, duplicateName: boolean): McpSkillEntry {
  const rootUri = skill.uri.replace(/\/SKILL\.md$/, "");
  const skillPath = rootUri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const resources = skill.resources === "dynamic" ? [] : skill.resources;
  return {
    name: `${label}:${duplicateName ? skillPath : skill.frontmatter.name}`,
    label,
    skillName: skill.frontmatter.name,
    description: skill.frontmatter.description,
    uri: skill.uri,
    rootUri,
    entry: skill,
    fingerprint: resources
      .map((resource) => `${resource.uri} ${resource.digest}`)
      .sort()
      .join("\n"),
  };
}
