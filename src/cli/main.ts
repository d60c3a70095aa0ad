#!/usr/bin/env node
// The `skillbox` executable: the command table and the process wiring. Add a command with one line.
import { homedir } from "node:os";
import type { CliCommand } from "./command.js";
import { chatCommand } from "./commands/chat.js";
import { listCommand } from "./commands/list.js";
import { loadCommand } from "./commands/load.js";
import { promptCommand } from "./commands/prompt.js";
import { readPropertiesCommand } from "./commands/read-properties.js";
import { runCommand } from "./commands/run.js";
import { serveCommand } from "./commands/serve.js";
import { showCommand } from "./commands/show.js";
import { toPromptCommand } from "./commands/to-prompt.js";
import { validateCommand } from "./commands/validate.js";
import { watchCommand } from "./commands/watch.js";
import { readPackageVersion } from "./package-info.js";
import { runCli } from "./run-cli.js";

const commands: CliCommand[] = [
  validateCommand,
  readPropertiesCommand,
  toPromptCommand,
  listCommand,
  showCommand,
  promptCommand,
  loadCommand,
  watchCommand,
  runCommand,
  chatCommand,
  serveCommand,
];

// A closed pipe (`skillbox list | head`) is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await runCli(
  process.argv.slice(2),
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    home: homedir(),
  },
  { commands, version: readPackageVersion() },
);
