import { describe, expect, it } from "vitest";
import { parseMcpServersConfig } from "./mcp-server-config.js";

describe("parseMcpServersConfig", () => {
  it("reads Claude Code's shape: command/args/env for stdio, url/headers for HTTP", () => {
    const { servers, diagnostics } = parseMcpServersConfig({
      files: { command: "npx", args: ["-y", "files-server"], env: { TOKEN: "x", IGNORED: 3 } },
      remote: { type: "http", url: "https://skills.example/mcp", headers: { Authorization: "Bearer t" } },
      legacy: { type: "sse", url: "http://localhost:9000/sse" },
    });
    expect(diagnostics).toEqual([]);
    expect(servers).toEqual([
      {
        label: "files",
        transport: "stdio",
        command: "npx",
        args: ["-y", "files-server"],
        env: { TOKEN: "x" },
      },
      {
        label: "remote",
        transport: "http",
        url: "https://skills.example/mcp",
        headers: { Authorization: "Bearer t" },
      },
      { label: "legacy", transport: "sse", url: "http://localhost:9000/sse", headers: {} },
    ]);
  });

  it("skips bad entries with a diagnostic each and keeps the rest", () => {
    const { servers, diagnostics } = parseMcpServersConfig(
      {
        "bad label": { command: "x" },
        user: { command: "x" },
        empty: {},
        ftp: { url: "ftp://example.com" },
        good: { command: "node", args: ["server.js"] },
      },
      { reservedLabels: ["user", "project"] },
    );
    expect(servers.map((server) => server.label)).toEqual(["good"]);
    expect(diagnostics.map((diagnostic) => diagnostic.message.split(":")[0])).toEqual([
      "bad label",
      "user",
      "empty",
      "ftp",
    ]);
    expect(diagnostics[1]?.message).toContain("skill root's label");
  });

  it("treats a missing value as no servers and a non-object as a warning", () => {
    expect(parseMcpServersConfig(undefined)).toEqual({ servers: [], diagnostics: [] });
    expect(parseMcpServersConfig([1, 2]).diagnostics).toHaveLength(1);
  });
});
