// `skillbox serve`: the HTTP API and settings page over the configured roots, hot-reloaded, until SIGINT/SIGTERM.
import {
  createConfiguredTranslator,
  createDirectoryOpener,
  DEFAULT_HOST,
  DEFAULT_MAX_EVENT_CLIENTS,
  DEFAULT_PORT,
  isLoopbackHost,
  startServer,
} from "@skillbox/server/server/index";
import { loadToken } from "@skillbox/workspace/workspace/load-token";
import { hasMcpServers, type McpSkills } from "@skillbox/workspace/workspace/mcp-skills";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS } from "../open-cli-workspace.js";
import { webDirectory } from "../package-info.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox serve [--port <n>] [--host <address> --allow-remote] [--dir <folder>...] [--cwd <folder>] [--open] [--no-mcp]

Starts the Skillbox HTTP API and the settings page, watching the skill folders for changes.
Stop it with Ctrl+C.

Options:
  --port <n>                 Port to listen on (0 picks a free one). Default: config server.port or ${DEFAULT_PORT}
  --host <address>           Address to bind. Default: ${DEFAULT_HOST} (only this machine can connect)
  --allow-remote             Allow a --host other machines can reach (needed for anything but loopback)
  --allow-host <name>        Also accept this Host header (repeatable), e.g. a LAN name with --host 0.0.0.0
  --max-event-clients <n>    Event streams open at once (default ${DEFAULT_MAX_EVENT_CLIENTS}); more get 503
  --dir <folder>             Serve skills from this folder instead of the default roots (repeatable)
  --cwd <folder>             Work as if started in this folder (project roots, config and states)
  --open                     Open the settings page in the browser, signed in
  --no-mcp                   Do not connect to the config's mcpServers (their skills are not listed)
  --help                     Print this help

The page opens through the one-time sign-in link printed at start (it works once, for 15 minutes);
without it, the page asks for the token in ~/.skillbox/token (created on first start) or
SKILLBOX_TOKEN. API writes need that session or \`Authorization: Bearer <token>\`.

The skills of the MCP servers in the config's mcpServers are listed beside the local ones, named
<server>:<skill>, once each server has started and answered skills/list (within 30 s); a server that
fails is a warning line here and a diagnostic in the API and on the page.
`;

export const serveCommand: CliCommand = {
  name: "serve",
  summary: "Start the HTTP API and the settings page",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("serve", args, {
      port: { type: "string" },
      host: { type: "string" },
      "allow-host": { type: "string", multiple: true },
      "allow-remote": { type: "boolean" },
      "max-event-clients": { type: "string" },
      open: { type: "boolean" },
      "no-mcp": { type: "boolean" },
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("serve", positionals, 0);
    const env = io.env ?? process.env;
    const workspace = openCliWorkspace("serve", io, values);
    const home = workspace.home;
    let watcher: { close(): void } | undefined;
    let mcpSkills: McpSkills | undefined;
    try {
      const port =
        values.port === undefined ? (workspace.config.server?.port ?? DEFAULT_PORT) : parsePort(values.port);
      const host = values.host ?? workspace.config.server?.host ?? DEFAULT_HOST;
      if (!isLoopbackHost(host)) {
        if (!values["allow-remote"]) {
          throw usageError(
            "serve",
            `${host} is not a loopback address: other machines could reach the API. Add --allow-remote to accept that`,
          );
        }
        io.stderr(
          `skillbox serve: warning: --allow-remote: any machine that can reach ${escapeTerminalLine(host)} can read your skills, settings, usage and audit log, over unencrypted HTTP; changes still need the token or a signed-in session.\n`,
        );
      }
      const maxEventClients =
        values["max-event-clients"] === undefined
          ? DEFAULT_MAX_EVENT_CLIENTS
          : parseCount("--max-event-clients", values["max-event-clients"]);
      const token = loadToken({ home, env });
      const { translator, problem } = createConfiguredTranslator(workspace, env);
      if (problem !== undefined) io.stderr(`skillbox serve: warning: ${escapeTerminalLine(problem)}\n`);
      // Connected in the background: the page works at once and lists MCP skills when they arrive.
      if (!values["no-mcp"] && hasMcpServers(workspace.config)) {
        const { openMcpSkills } = await import("@skillbox/workspace/workspace/open-mcp-skills");
        mcpSkills = openMcpSkills(workspace, {
          onDiagnostic: (diagnostic) => io.stderr(`skillbox serve: ${formatDiagnosticLine(diagnostic)}\n`),
        });
      }
      const server = await startServer(workspace, {
        token: token.token,
        port,
        host,
        allowedHosts: values["allow-host"] ?? [],
        maxEventClients,
        openDirectory: createDirectoryOpener({ platform: process.platform, env }),
        env,
        webDirectory: webDirectory(),
        ...(translator === undefined ? {} : { translator }),
        ...(mcpSkills === undefined ? {} : { mcpSkills }),
      });
      const connected = mcpSkills;
      void connected?.ready.then(() => {
        const names = connected.entries().map((entry) => entry.name);
        if (names.length > 0) server.events.publish({ name: "skill-added", names });
      });
      if (!server.servesPage)
        io.stderr("skillbox serve: warning: the settings page is not built; run npm run build.\n");
      workspace.registry.refresh();
      watcher = workspace.registry.watch();
      // The host and the token file's path come from config and environment: shown escaped.
      io.stdout(`Skillbox settings: ${escapeTerminalLine(server.url)}\n`);
      io.stdout(
        `Sign in (the link works once, for 15 minutes): ${escapeTerminalLine(server.createLoginUrl())}\n`,
      );
      io.stdout(
        token.source === "env"
          ? "Token: from SKILLBOX_TOKEN\n"
          : `Token: ${escapeTerminalLine(token.file)}${token.source === "created" ? " (created)" : ""}\n`,
      );
      // A link of its own (the printed one stays usable), handed over in a private file.
      if (values.open && !(await server.openSignInPage())) {
        io.stderr("skillbox serve: could not open a browser; open the sign-in link above\n");
      }
      const signal = await waitForStopSignal();
      io.stdout(`Stopping (${signal})…\n`);
      watcher.close();
      await server.close();
      return EXIT_OK;
    } finally {
      watcher?.close();
      await mcpSkills?.close();
      workspace.close();
    }
  },
};

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw usageError("serve", `--port must be 0-65535, not '${text}'`);
  return port;
}

function parseCount(flag: string, text: string): number {
  const count = Number(text);
  if (!/^\d+$/.test(text) || count < 1 || count > 100_000)
    throw usageError("serve", `${flag} must be a whole number from 1 to 100000, not '${text}'`);
  return count;
}

function waitForStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolveSignal(signal);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
