// Commands in the table are loaded on first use: importing every command (the server, the agent,
// the SDKs) cost about a second of start-up on every `skillbox` call.
import type { CliCommand } from "./command.js";

/** A command known by name and summary, whose module is imported only when it runs or shows help. */
export interface LazyCliCommand {
  name: string;
  summary: string;
  load: () => Promise<CliCommand>;
}

export type CliCommandEntry = CliCommand | LazyCliCommand;

/** The command itself, importing its module when the entry is lazy. */
export async function resolveCliCommand(entry: CliCommandEntry): Promise<CliCommand> {
  return "load" in entry ? entry.load() : entry;
}
