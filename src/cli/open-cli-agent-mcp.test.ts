// `skillbox run` with mcpServers in the config: what the MCP host reports (a server that cannot be
// started, a bad entry) reaches stderr as one escaped line each, and the run goes on without it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createFakeLlmServer, type FakeLlmServer } from "@skillbox/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentRunFolders } from "./__fixtures__/agent-run-folders.js";
import { runCommand } from "./commands/run.js";
import { runCli } from "./run-cli.js";

let base: string;
let server: FakeLlmServer | undefined;
beforeEach(() => {
  base = createAgentRunFolders("skillbox-run-mcp-");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(base, { recursive: true, force: true });
});

describe("skillbox run with mcpServers", () => {
  it("prints each MCP diagnostic as one escaped stderr line and still answers", async () => {
    mkdirSync(path.join(base, "home", ".skillbox"), { recursive: true });
    writeFileSync(
      path.join(base, "home", ".skillbox", "config.json"),
      JSON.stringify({
        mcpServers: {
          broken: { command: path.join(base, "no-such-server\u001b[2J") },
          "bad label!": { url: "http://x.test/mcp" },
        },
      }),
    );
    server = await createFakeLlmServer({ script: [{ text: "Answered." }] });
    let stdout = "";
    let stderr = "";
    const code = await runCli(
      ["run", "--dir", path.join(base, "skills"), "hello"],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
        cwd: path.join(base, "project"),
        home: path.join(base, "home"),
        env: { OPENAI_BASE_URL: server.openaiBaseUrl, SKILLBOX_DB: path.join(base, "skillbox.db") },
        signal: new AbortController().signal,
      },
      { commands: [runCommand], version: "0.0.0" },
    );
    expect(code).toBe(0);
    expect(stdout).toContain("Answered.");
    const lines = stderr.trimEnd().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "mcpServers warning mcp-server-invalid bad label!: labels are 1-32 letters, digits, _ or -; server ignored",
        expect.stringMatching(
          /^mcp:broken warning mcp-server-unavailable MCP server "broken" could not be used: spawn .*no-such-server\\x1b\[2J ENOENT$/,
        ),
      ]),
    );
    expect(stderr).not.toContain("\u001b");
  });

  it("gives a server that never answers --mcp-timeout, not 30 s, and answers without it", async () => {
    mkdirSync(path.join(base, "home", ".skillbox"), { recursive: true });
    writeFileSync(
      path.join(base, "home", ".skillbox", "config.json"),
      JSON.stringify({
        mcpServers: { stuck: { command: process.execPath, args: ["-e", "setInterval(() => {}, 1000)"] } },
      }),
    );
    server = await createFakeLlmServer({ script: [{ text: "Answered." }] });
    let stdout = "";
    let stderr = "";
    const started = Date.now();
    const code = await runCli(
      ["run", "--dir", path.join(base, "skills"), "--mcp-timeout", "0.5", "hello"],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
        cwd: path.join(base, "project"),
        home: path.join(base, "home"),
        env: { OPENAI_BASE_URL: server.openaiBaseUrl, SKILLBOX_DB: path.join(base, "skillbox.db") },
        signal: new AbortController().signal,
      },
      { commands: [runCommand], version: "0.0.0" },
    );
    expect(code).toBe(0);
    expect(stdout).toContain("Answered.");
    expect(stderr).toContain('MCP server "stuck" did not connect and list its skills within 0.5 s');
    expect(Date.now() - started).toBeLessThan(9_000);
  });
});
