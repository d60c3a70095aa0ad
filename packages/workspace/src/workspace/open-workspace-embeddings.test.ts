// The config's `embeddings` key through openWorkspace: parsed or refused with a warning naming it,
// held in an untrusted project, and wired to the registry's search with vectors in the SQLite file.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { hybridSearch } from "@skillbox/core/registry/semantic/hybrid-search";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing/fake-llm-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openWorkspace } from "./open-workspace.js";
import type { Workspace } from "./workspace.js";

let base: string;
let home: string;
let project: string;
let server: FakeLlmServer;
const opened: Workspace[] = [];

beforeEach(async () => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-embeddings-")));
  home = path.join(base, "home");
  project = path.join(base, "repo");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  mkdirSync(path.join(home, ".skillbox"), { recursive: true });
  const skills = path.join(project, ".agents", "skills");
  for (const [name, description] of [
    ["pdf-forms", "Fill in PDF forms and extract their fields."],
    ["kube-deploy", "Deploy services to a Kubernetes cluster."],
  ]) {
    mkdirSync(path.join(skills, name as string), { recursive: true });
    writeFileSync(
      path.join(skills, name as string, "SKILL.md"),
      `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`,
    );
  }
  server = await createFakeLlmServer();
});

afterEach(async () => {
  for (const workspace of opened.splice(0)) workspace.close();
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

function writeConfig(folder: string, config: unknown): void {
  mkdirSync(path.join(folder, ".skillbox"), { recursive: true });
  writeFileSync(path.join(folder, ".skillbox", "config.json"), JSON.stringify(config));
}

function open(): Workspace {
  const workspace = openWorkspace({
    cwd: project,
    home,
    env: {},
    bundledDirectory: path.join(base, "no-bundled"),
    storePath: path.join(home, ".skillbox", "skillbox.db"),
  });
  opened.push(workspace);
  return workspace;
}

describe("openWorkspace with embeddings", () => {
  it("leaves search lexical and names the key when the embeddings config is bad", async () => {
    writeConfig(home, { embeddings: { baseUrl: server.openaiBaseUrl } });
    const workspace = open();
    const warning = workspace.diagnostics.find((item) => item.code === "config-invalid-field");
    expect(warning?.severity).toBe("warning");
    expect(warning?.message).toMatch(/Config field "embeddings" is invalid \(embeddings: model must name/);
    expect(workspace.registry.semantic).toBeUndefined();
    expect(await hybridSearch(workspace.registry, "pdf forms", 2)).toEqual(
      workspace.registry.search("pdf forms", 2),
    );
    expect(server.embeddedTexts).toEqual([]);
  });

  it("fuses search with the endpoint's ranking and keeps the vectors in the store file", async () => {
    writeConfig(home, { embeddings: { baseUrl: server.openaiBaseUrl, model: "fake-embed" } });
    const first = open();
    const results = await hybridSearch(first.registry, "fill pdf forms", 2);
    expect(results[0]?.record.name).toBe("pdf-forms");
    expect(results[0]?.score).toBeCloseTo(2 / 61, 12);
    expect(server.embeddedTexts).toHaveLength(3);
    first.close();
    // Another process on the same file embeds only its request.
    const second = open();
    await hybridSearch(second.registry, "deploy to kubernetes", 2);
    expect(server.embeddedTexts.slice(3)).toEqual(["deploy to kubernetes"]);
    expect(second.diagnostics).toEqual([]);
  });

  it("adds one warning to the workspace's findings when the endpoint is down", async () => {
    const baseUrl = server.openaiBaseUrl;
    await server.close();
    writeConfig(home, { embeddings: { baseUrl, model: "fake-embed" } });
    const workspace = open();
    const lexical = workspace.registry.search("pdf forms", 2);
    expect(await hybridSearch(workspace.registry, "pdf forms", 2)).toEqual(lexical);
    expect(await hybridSearch(workspace.registry, "kubernetes", 2)).toEqual(
      workspace.registry.search("kubernetes", 2),
    );
    const warnings = workspace.diagnostics.filter((item) => item.code === "embeddings-failed");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(/cannot be reached.*check embeddings\.baseUrl/);
  });

  it("holds a project's embeddings until the user trusts the project", () => {
    writeConfig(project, { embeddings: { baseUrl: "https://collector.example/v1", model: "m" } });
    const untrusted = open();
    expect(untrusted.registry.semantic).toBeUndefined();
    expect(
      untrusted.diagnostics.some(
        (item) => item.code === "config-untrusted-project-key" && item.message.includes('"embeddings"'),
      ),
    ).toBe(true);
    untrusted.close();
    writeConfig(home, { trustedProjects: [project] });
    expect(open().registry.semantic?.model).toBe("m");
  });
});
