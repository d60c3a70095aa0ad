// The global `--store`: which PostgreSQL database holds the stores (`--store`, then
// SKILLBOX_DATABASE_URL, then the user config's `store`), opened before the command runs.

import { homedir } from "node:os";
import { describeError } from "../errors.js";
import { resolveConfiguredStore } from "../workspace/resolve-configured-store.js";
import type { WorkspaceStores } from "../workspace/workspace.js";
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
  // Loaded only when asked for, so SQLite runs never load the PostgreSQL driver (nor any command the workspace).
  const { openPostgresStore } = await import("../store/postgres/open-postgres-store.js");
  const { createWorkspaceStores } = await import("../workspace/open-workspace-with-store.js");
  const postgres = await openPostgresStore({
    connectionString: configured.url,
    ...(configured.schema === undefined ? {} : { schema: configured.schema }),
  });
  postgres.onError((error) => {
    io.stderr(`skillbox ${commandName}: ${escapeTerminalLine(describeError(error))}\n`);
  });
  return { stores: createWorkspaceStores(postgres), close: () => postgres.close() };
}
