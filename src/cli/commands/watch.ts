// `skillbox watch`: prints skill-added/changed/removed/skills-activated events as the roots change, until Ctrl-C.
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { CliCommand } from "../command.js";
import { escapeTerminalLine, formatDiagnosticLine } from "../escape-terminal-text.js";
import { EXIT_OK } from "../exit-codes.js";
import { openCliWorkspace, WORKSPACE_OPTIONS, WORKSPACE_OPTIONS_HELP } from "../open-cli-workspace.js";
import { parseCommandArguments, rejectExtraArguments, usageError } from "../parse-command-arguments.js";

const HELP = `Usage: skillbox watch [--json] [--debounce <ms>] [--dir <folder>...] [--cwd <folder>]

Watches the skill roots with file-system events (no polling) and prints one line per change as it
happens: skill-added, skill-changed, skill-removed and skills-activated. Stop it with Ctrl-C.

Options:
  --json            One JSON object per line: { event, name, qualifiedName, root, path, at }
                    (skills-activated: { event, names, paths, at })
  --debounce <ms>   Quiet time before a burst of changes is read (default 300)
${WORKSPACE_OPTIONS_HELP}
  --help            Print this help
`;

type WatchedEvent = "skill-added" | "skill-changed" | "skill-removed";

export const watchCommand: CliCommand = {
  name: "watch",
  summary: "Print skill changes as they happen (until Ctrl-C)",
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArguments("watch", args, {
      json: { type: "boolean" },
      debounce: { type: "string" },
      ...WORKSPACE_OPTIONS,
    });
    rejectExtraArguments("watch", positionals, 0);
    const debounceMs = values.debounce === undefined ? 300 : Number(values.debounce);
    if (!Number.isFinite(debounceMs) || debounceMs < 0) {
      throw usageError("watch", `--debounce must be a number of milliseconds, not '${values.debounce}'`);
    }
    const workspace = openCliWorkspace("watch", io, values);
    const stop =
      io.signal === undefined ? listenForInterrupt() : { signal: io.signal, dispose: () => undefined };
    const disposers: Array<() => void> = [];
    try {
      const summary = workspace.registry.refresh();
      const print = (event: WatchedEvent, record: SkillRecord) => {
        const at = new Date().toISOString();
        if (values.json) {
          const line = {
            event,
            name: record.name,
            qualifiedName: record.qualifiedName,
            root: record.root.label,
            path: record.file,
            at,
          };
          io.stdout(`${JSON.stringify(line)}\n`);
        } else
          io.stdout(
            `${at.slice(11, 19)}  ${event.padEnd(14)}  ${escapeTerminalLine(`${record.qualifiedName}  ${record.file}`)}\n`,
          );
      };
      disposers.push(
        workspace.registry.on("skill-added", ({ record }) => print("skill-added", record)),
        workspace.registry.on("skill-changed", ({ record }) => print("skill-changed", record)),
        workspace.registry.on("skill-removed", ({ record }) => print("skill-removed", record)),
        workspace.registry.on("skills-activated", ({ names, paths }) => {
          const at = new Date().toISOString();
          if (values.json) io.stdout(`${JSON.stringify({ event: "skills-activated", names, paths, at })}\n`);
          else
            io.stdout(
              `${at.slice(11, 19)}  ${"skills-activated".padEnd(14)}  ${escapeTerminalLine(names.join(", "))}\n`,
            );
        }),
        workspace.registry.on("watch-failed", ({ diagnostic }) =>
          io.stderr(`${formatDiagnosticLine(diagnostic)}\n`),
        ),
      );
      const watcher = workspace.registry.watch({ debounceMs });
      disposers.push(() => watcher.close());
      const roots = workspace.roots.length;
      io.stderr(
        `Watching ${summary.added.length} skill${summary.added.length === 1 ? "" : "s"} in ${roots} root${roots === 1 ? "" : "s"}; press Ctrl-C to stop.\n`,
      );
      await waitForAbort(stop.signal);
      return EXIT_OK;
    } finally {
      for (const dispose of disposers.reverse()) dispose();
      stop.dispose();
      workspace.close();
    }
  },
};

function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

/** An abort signal for SIGINT/SIGTERM, while the watch runs (the handlers are removed afterwards). */
function listenForInterrupt(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}
