// `skillbox mcp`: serves the skills over MCP (stdio by default, Streamable HTTP with --http), hot-reloaded,
// until the client closes stdin or SIGINT/SIGTERM.

import {
  createSkillsMcpService,
  DEFAULT_MCP_HOST,
  DEFAULT_MCP_PORT,
  serveMcpStdio,
  startMcpHttpServer,
} from "@skillbox/mcp/mcp/index";
import { loadToken } from "@skillbox/workspace/workspace/load-token";
import type { CliCommand, CliIo } from "../command.js";
import { EXIT_OK } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS } from "../open-cli-workspace.js";
import { readPackageVersion } from "../package-info.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox mcp [--http [--port <n>] [--host <address>] [--stateless]] [--dir <folder>...] [--cwd <folder>]

Serves the skills to MCP clients: the skills extension (skills/list, skills/get, skill:// resources,
directory reads), the tools load_skill, read_skill_file and search_skills, and one prompt per skill a
person may run. Skill changes are picked up as they happen. Stops when the client disconnects (stdio)
or on Ctrl+C.

Options:
  --http              Serve Streamable HTTP at http://<host>:<port>/mcp instead of stdio
  --port <n>          Port for --http (0 picks a free one). Default: ${DEFAULT_MCP_PORT}
  --host <address>    Address for --http. Default: ${DEFAULT_MCP_HOST} (only this machine can connect)
  --stateless         With --http: no sessions, so several instances behind a load balancer answer alike
  --allow-host <name> With --http: also accept this Host/Origin name (repeatable)
  --max-sessions <n>  With --http: open sessions at most. Default: 32
  --dir <folder>      Serve skills from this folder instead of the default roots (repeatable)
  --cwd <folder>      Work as if started in this folder (project roots, config and states)
  --help              Print this help

HTTP requests need the API token as Authorization: Bearer <token> (~/.skillbox/token or SKILLBOX_TOKEN);
clients that cannot send a header may add ?token=<token> to the URL, on a loopback address only.
In stdio mode stdout carries the protocol; messages go to stderr.
`;

const HTTP_ONLY = ["port", "host", "stateless", "allow-host", "max-sessions"] as const;

export const mcpCommand: CliCommand = {
  name: "mcp",
  summary: "Serve the skills over MCP (stdio, or Streamable HTTP with --http)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("mcp", args, {
      http: { type: "boolean" },
      port: { type: "string" },
      host: { type: "string" },
      stateless: { type: "boolean" },
      "allow-host": { type: "string", multiple: true },
      "max-sessions": { type: "string" },
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("mcp", positionals, 0);
    if (values.http !== true) {
      const stray = HTTP_ONLY.find((name) => values[name] !== undefined);
      if (stray !== undefined) throw usageError("mcp", `--${stray} needs --http`);
    }
    const port = values.port === undefined ? DEFAULT_MCP_PORT : parseNumber("--port", values.port, 0, 65_535);
    const maxSessions =
      values["max-sessions"] === undefined
        ? 32
        : parseNumber("--max-sessions", values["max-sessions"], 1, 10_000);
    const workspace = openCliWorkspace("mcp", io, values);
    const service = createSkillsMcpService(workspace, {
      onWarning: (warning) => io.stderr(`skillbox mcp: warning: ${warning.path}: ${warning.message}\n`),
    });
    let watcher: { close(): void } | undefined;
    try {
      // The service has read the folders already; walk again only when something changed since.
      if (workspace.registry.needsRefresh()) workspace.registry.refresh();
      watcher = workspace.registry.watch();
      const version = readPackageVersion();
      const onError = (error: Error) => io.stderr(`skillbox mcp: ${error.message}\n`);
      if (values.http !== true) {
        const connection = serveMcpStdio(workspace, { service, version, onError });
        await waitForStop(io, true);
        await connection.close();
        return EXIT_OK;
      }
      const token = loadToken({ home: workspace.home, env: io.env ?? process.env });
      const server = await startMcpHttpServer({
        workspace,
        service,
        token: token.token,
        port,
        host: values.host ?? DEFAULT_MCP_HOST,
        stateless: values.stateless === true,
        maxSessions,
        allowedHosts: values["allow-host"] ?? [],
        server: { version },
        onError,
      });
      io.stdout(`Skillbox MCP: ${server.url}\n`);
      io.stdout(
        token.source === "env"
          ? "Token: from SKILLBOX_TOKEN\n"
          : `Token: ${token.file}${token.source === "created" ? " (created)" : ""}\n`,
      );
      const reason = await waitForStop(io, false);
      io.stdout(`Stopping (${reason})…\n`);
      await server.close();
      return EXIT_OK;
    } finally {
      watcher?.close();
      service.close();
      workspace.close();
    }
  },
};

function parseNumber(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw usageError("mcp", `${flag} must be ${min}-${max}, not '${text}'`);
  }
  return value;
}

/** Resolves on `io.signal`, SIGINT/SIGTERM, or (stdio) when the client closes stdin. */
function waitForStop(io: CliIo, untilStdinEnds: boolean): Promise<string> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const stop = (reason: string) => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      resolve(reason);
    };
    if (io.signal !== undefined) {
      if (io.signal.aborted) return stop("aborted");
      const onAbort = () => stop("aborted");
      io.signal.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => io.signal?.removeEventListener("abort", onAbort));
    } else {
      for (const signal of ["SIGINT", "SIGTERM"] as const) {
        const onSignal = () => stop(signal);
        process.once(signal, onSignal);
        cleanups.push(() => process.off(signal, onSignal));
      }
    }
    if (untilStdinEnds) {
      const onEnd = () => stop("stdin closed");
      process.stdin.once("end", onEnd);
      process.stdin.once("close", onEnd);
      cleanups.push(() => {
        process.stdin.off("end", onEnd);
        process.stdin.off("close", onEnd);
      });
    }
  });
}
