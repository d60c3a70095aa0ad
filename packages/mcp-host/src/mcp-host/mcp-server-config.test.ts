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

  it("keeps a stdio server's maxMessageBytes, and warns about a bad one while keeping the server with the default", () => {
    const { servers, diagnostics } = parseMcpServersConfig({
      big: { command: "big-server", maxMessageBytes: 33_554_432 },
      odd: { command: "odd-server", maxMessageBytes: "lots" },
    });
    expect(servers).toEqual([
      {
        label: "big",
        transport: "stdio",
        command: "big-server",
        args: [],
        env: {},
        maxMessageBytes: 33_554_432,
      },
      { label: "odd", transport: "stdio", command: "odd-server", args: [], env: {} },
    ]);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      "odd: `maxMessageBytes` must be a whole number of bytes, at least 65536; the default (10 MiB) is used",
    ]);
  });
});
