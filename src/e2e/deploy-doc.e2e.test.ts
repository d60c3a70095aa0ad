// docs/deploy.md has no untested instructions: every block marked `sh deploy-test=<step>` is read
// from the file and run with bash, the built CLI on PATH as `skillbox`, against a throw-away
// PostgreSQL database, a real local git repository as the skills' source and two "nodes" (folders
// with their own home folders). The checks are what the doc's comments promise: a frozen install
// byte-identical on both nodes, verify failing after an edit, two serve and two mcp --http instances
// showing one catalog, and a state set on one node applying on every one.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { parseMcpServersConfig } from "@skillbox/mcp-host/mcp-host/mcp-server-config";
import {
  describeWithPostgres,
  HAS_POSTGRES,
  queryTestDatabase,
  requireTestUrl,
  SKIPPED_POSTGRES_NOTE,
} from "@skillbox/store-postgres/store/postgres/__fixtures__/test-database";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BUILT_CLI, requireBuiltCli } from "./__fixtures__/e2e-harness.js";

const DOC = fileURLToPath(new URL("../../docs/deploy.md", import.meta.url));
const TOKEN = "deploy-doc-token-0123456789abcdef";

if (!HAS_POSTGRES && !["1", "true"].includes((process.env.CI ?? "").toLowerCase())) {
  console.info(SKIPPED_POSTGRES_NOTE);
}

/** The doc's `sh deploy-test=<step>` blocks (and the `json deploy-test=agent-config` one), by step. */
function readDocBlocks(): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const match of readFileSync(DOC, "utf8").matchAll(
    /^```(sh|json) deploy-test=([\w-]+)\n([\s\S]*?)^```$/gm,
  )) {
    blocks.set(match[2] as string, match[3] as string);
  }
  return blocks;
}

describeWithPostgres("docs/deploy.md, run as written", () => {
  const blocks = readDocBlocks();
  const children: ChildProcess[] = [];
  const clients: Client[] = [];
  let root: string;
  let database: string;
  let baseEnvironment: Record<string, string>;

  beforeAll(async () => {
    requireBuiltCli();
    root = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-deploy-doc-")));
    // `skillbox` on PATH is the built CLI, as after `npm install -g skillbox`.
    const bin = path.join(root, "bin");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "skillbox"), `#!/bin/sh\nexec "${process.execPath}" "${BUILT_CLI}" "$@"\n`);
    chmodSync(path.join(bin, "skillbox"), 0o755);
    // A database of its own: the doc uses the default schema, `skillbox`.
    database = `deploy_doc_${randomBytes(4).toString("hex")}`;
    await queryTestDatabase(`CREATE DATABASE ${database}`);
    const url = new URL(requireTestUrl());
    url.pathname = `/${database}`;
    const source = path.join(root, "skills-source");
    for (const [name, description] of [
      ["pdf", "Reads and fills PDF forms."],
      ["csv", "Cleans CSV files."],
      ["unlocked", "Not picked for the team."],
    ] as const) {
      mkdirSync(path.join(source, name, "scripts"), { recursive: true });
      writeFileSync(
        path.join(source, name, "SKILL.md"),
        `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSteps for ${name}.\n`,
      );
      writeFileSync(path.join(source, name, "scripts", "run.py"), `print("${name}")\n`);
    }
    baseEnvironment = {
      PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      SKILLS_SOURCE: `file://${source}`,
      TEAM_REPO: path.join(root, "team-repo"),
      DATABASE_URL: url.toString(),
      SKILLBOX_TOKEN: TOKEN,
      PORT: "0",
      MCP_PORT: "0",
      GIT_AUTHOR_NAME: "Team",
      GIT_AUTHOR_EMAIL: "team@example.com",
      GIT_COMMITTER_NAME: "Team",
      GIT_COMMITTER_EMAIL: "team@example.com",
      GIT_CONFIG_NOSYSTEM: "1",
    };
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", args, { cwd, env: { ...baseEnvironment, HOME: root }, stdio: "pipe" });
    git(source, "init", "-q", "-b", "main");
    git(source, "add", ".");
    git(source, "commit", "-q", "-m", "Skills");
    mkdirSync(baseEnvironment.TEAM_REPO as string);
    git(baseEnvironment.TEAM_REPO as string, "init", "-q", "-b", "main");
    git(baseEnvironment.TEAM_REPO as string, "commit", "-q", "--allow-empty", "-m", "Start");
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await Promise.all(children.map(stopProcess));
    if (database !== undefined) await queryTestDatabase(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
  });

  /** The environment of node `name`: its own folder as the working folder and its own home. */
  function nodeOf(name: string): { cwd: string; env: Record<string, string> } {
    const cwd = path.join(root, `node-${name}`);
    mkdirSync(path.join(cwd, "home"), { recursive: true });
    return { cwd, env: { ...baseEnvironment, HOME: path.join(cwd, "home") } };
  }

  function block(step: string): string {
    const text = blocks.get(step);
    if (text === undefined) throw new Error(`docs/deploy.md has no \`sh deploy-test=${step}\` block`);
    return text;
  }

  /** Runs a doc block with bash (stopping at the first failing command) and answers its outcome. */
  function runStep(step: string, where: { cwd: string; env: Record<string, string> }) {
    try {
      const stdout = execFileSync("bash", ["-e", "-o", "pipefail", "-c", block(step)], {
        cwd: where.cwd,
        env: where.env,
        encoding: "utf8",
        stdio: "pipe",
        timeout: 60_000,
      });
      return { code: 0, stdout, stderr: "" };
    } catch (error) {
      const failed = error as { status?: number; stdout?: string; stderr?: string };
      return { code: failed.status ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
    }
  }

  /** Starts a long-running doc block; resolves with the URL it prints (`pattern`'s first group). */
  async function startStep(
    step: string,
    where: { cwd: string; env: Record<string, string> },
    pattern: RegExp,
  ): Promise<string> {
    // Its own process group, so stopping it stops the skillbox process under bash too.
    const child = spawn("bash", ["-e", "-c", block(step)], {
      cwd: where.cwd,
      env: where.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    children.push(child);
    let output = "";
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${step} printed no URL in 30 s: ${output}`)), 30_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = pattern.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
      child.on("exit", (code) => reject(new Error(`${step} exited with ${code}: ${output}`)));
    });
  }

  it("installs the locked skills byte for byte on two nodes, detects drift, and serves one catalog from both", async () => {
    // The curator locks two of the source's three skills in the team's repository.
    const team = runStep("team", {
      cwd: root,
      env: { ...baseEnvironment, HOME: path.join(root, "home-team") },
    });
    expect(team.stderr + team.stdout).not.toMatch(/error/i);
    expect(team.code).toBe(0);
    const lock = JSON.parse(
      execFileSync("git", ["show", "HEAD:skills-lock.json"], {
        cwd: baseEnvironment.TEAM_REPO,
        encoding: "utf8",
      }),
    ) as { skills: Record<string, unknown> };
    expect(Object.keys(lock.skills).sort()).toEqual(["csv", "pdf"]);

    // Two nodes provisioned from the lock.
    const a = nodeOf("a");
    const b = nodeOf("b");
    for (const node of [a, b]) {
      const provisioned = runStep("node", node);
      expect(provisioned.stderr).toBe("");
      expect(provisioned.code).toBe(0);
      expect(provisioned.stdout).toMatch(/pdf: on/);
    }
    const installedA = readTree(path.join(a.cwd, "skills-node", ".agents", "skills"));
    const installedB = readTree(path.join(b.cwd, "skills-node", ".agents", "skills"));
    expect([...installedA.keys()].sort()).toEqual([
      "csv/SKILL.md",
      "csv/scripts/run.py",
      "pdf/SKILL.md",
      "pdf/scripts/run.py",
    ]);
    expect(installedA.get("pdf/SKILL.md")?.toString()).toContain("Reads and fills PDF forms.");
    expect(installedB).toEqual(installedA);

    // Both healthy; an edit on B is drift that the health check reports.
    expect(runStep("health", a).code).toBe(0);
    expect(runStep("health", b).code).toBe(0);
    writeFileSync(
      path.join(b.cwd, "skills-node", ".agents", "skills", "pdf", "SKILL.md"),
      "---\nname: pdf\ndescription: Edited by hand.\n---\n",
    );
    const drifted = runStep("health", b);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout + drifted.stderr).toMatch(/pdf.*modified|modified.*pdf/);
    expect(runStep("health", a).code).toBe(0);

    // Two serve and two stateless MCP instances, one per node, on the one database.
    const servers = [
      await startStep("serve", a, /Skillbox settings: (http:\/\/\S+?)\/?\s/),
      await startStep("serve", b, /Skillbox settings: (http:\/\/\S+?)\/?\s/),
    ];
    const mcpUrls = [
      await startStep("mcp", a, /Skillbox MCP: (http:\/\/\S+)/),
      await startStep("mcp", b, /Skillbox MCP: (http:\/\/\S+)/),
    ];
    const namesOn = async (server: string) => {
      const response = await fetch(`${server}/api/skills`);
      const body = (await response.json()) as { skills: { name: string; state: string }[] };
      return body.skills.map((skill) => `${skill.name}:${skill.state}`).sort();
    };
    // The team's skills beside the package's bundled ones, the same on both; never the unlocked one.
    const catalog = await namesOn(servers[0] as string);
    expect(catalog).toEqual(expect.arrayContaining(["csv:on", "pdf:on"]));
    expect(catalog.join()).not.toContain("unlocked");
    expect(await namesOn(servers[1] as string)).toEqual(catalog);

    // The agent's mcpServers entry from the doc, pointed at each instance.
    const agentConfig = JSON.parse(block("agent-config")) as { mcpServers: Record<string, unknown> };
    const parsed = parseMcpServersConfig(agentConfig.mcpServers);
    expect(parsed.diagnostics).toEqual([]);
    const entry = parsed.servers[0];
    if (entry?.transport !== "http") throw new Error("the doc's mcpServers entry is not an HTTP one");
    const headers = Object.fromEntries(
      Object.entries(entry.headers).map(([name, value]) => [
        name,
        value.replace(/<[^>]*SKILLBOX_TOKEN>/, TOKEN),
      ]),
    );
    const skillsOn = await Promise.all(
      mcpUrls.map(async (url) => {
        const client = new Client({ name: "deploy-doc-agent", version: "1.0.0" });
        await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
        clients.push(client);
        return new SkillsClient(client);
      }),
    );
    // skills/list names each skill by its SKILL.md URI: skill://<name>/SKILL.md.
    const listed = async (skills: SkillsClient) =>
      (await skills.list()).skills.map((skill) => skill.uri.replace(/^skill:\/\/|\/SKILL\.md$/g, "")).sort();
    const served = await listed(skillsOn[0] as SkillsClient);
    expect(served).toEqual(expect.arrayContaining(["csv", "pdf"]));
    expect(await listed(skillsOn[1] as SkillsClient)).toEqual(served);

    // A state set with the CLI on node A applies on every node within a second.
    const state = runStep("state", a);
    expect(state.code).toBe(0);
    for (const server of servers) {
      await waitForAsync(
        async () => (await namesOn(server)).includes("pdf:off"),
        1000,
        `pdf off on ${server}`,
      );
    }
    const withoutPdf = served.filter((name) => name !== "pdf").join();
    for (const skills of skillsOn) {
      await waitForAsync(
        async () => (await listed(skills)).join() === withoutPdf,
        1000,
        "pdf gone from skills/list",
      );
    }
  }, 180_000);
});

/** Every skill file under `folder`, by relative path, with its bytes; each skill's install record (source.json) aside. */
function readTree(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(folder, relative), { withFileTypes: true })) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.name !== "source.json") files.set(child, readFileSync(path.join(folder, child)));
    }
  };
  walk("");
  return files;
}

async function waitForAsync(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}
