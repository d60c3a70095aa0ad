// The global `--store`: which PostgreSQL database holds the stores (`--store`, then
// SKILLBOX_DATABASE_URL, then the user config's `store`), opened before the command runs.

import { homedir } from "node:os";
import { describeError } from "@skillbox/core/errors";
import { hasPassword } from "@skillbox/store-postgres/store/postgres/postgres-url";
import { resolveConfiguredStore } from "@skillbox/workspace/workspace/resolve-configured-store";
import { DATABASE_URL_VARIABLE, type WorkspaceStores } from "@skillbox/workspace/workspace/workspace";
import type { CliIo } from "./command.js";
import { escapeTerminalLine } from "./escape-terminal-text.js";

/** An open PostgreSQL store for one command. */
export interface OpenedGlobalStore {
  stores: WorkspaceStores;
  /** Waits for queued writes; rejects naming those that could not be saved. */
  close(): Promise<void>;
}

/**
 * Opens the PostgreSQL store the option, the variable or the user config names; undefined for the
 * SQLite file. What goes wrong with the database while the command runs (it went away, writes were
 * refused or turned away) is one line each on stderr, so a long-running `serve` logs it.
 */
export async function openGlobalStore(
  flag: string | undefined,
  io: CliIo,
  commandName: string,
): Promise<OpenedGlobalStore | undefined> {
  const configured = resolveConfiguredStore({
    url: flag,
    env: io.env ?? process.env,
    home: io.home ?? homedir(),
  });
  if (configured === undefined) return undefined;
  if (configured.source === "option" && hasPassword(configured.url)) {
    io.stderr(
      `skillbox ${commandName}: warning: the password in --store can be read by anyone on this machine ` +
        `(ps shows the command line); set ${DATABASE_URL_VARIABLE} or the "store" key of ~/.skillbox/config.json instead.\n`,
    );
  }
  // Loaded only when asked for, so SQLite runs never load the PostgreSQL driver (nor any command the workspace).
  const { openPostgresStore } = await import("@skillbox/store-postgres/store/postgres/open-postgres-store");
  const { createWorkspaceStores } = await import("@skillbox/workspace/workspace/open-workspace-with-store");
  const postgres = await openPostgresStore({
    connectionString: configured.url,
    onWarning: (advice) => io.stderr(`skillbox ${commandName}: warning: ${escapeTerminalLine(advice)}\n`),
    ...(configured.schema === undefined ? {} : { schema: configured.schema }),
  });
  postgres.onError((error) => {
    io.stderr(`skillbox ${commandName}: ${escapeTerminalLine(describeError(error))}\n`);
  });
  return { stores: createWorkspaceStores(postgres), close: () => postgres.close() };
}
