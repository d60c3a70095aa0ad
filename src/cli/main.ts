#!/usr/bin/env node
// The `skillbox` executable: process wiring around runCli. Add a command in command-table.ts.
import { homedir } from "node:os";
import { createBatchedOutput } from "./batch-output.js";
import { commandTable } from "./command-table.js";
import { readPackageVersion } from "./package-info.js";
import { runCli } from "./run-cli.js";

// A closed pipe (`skillbox list | head`) is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const output = createBatchedOutput({
  writeOut: (text) => process.stdout.write(text),
  writeError: (text) => process.stderr.write(text),
  schedule: (flush) => setImmediate(flush),
});
// Whatever ends the process (process.exit included) writes the gathered stderr text first.
process.on("exit", output.flush);

// No top-level await: the bundle is CommonJS (see scripts/bundle-cli.mjs).
void runCli(
  process.argv.slice(2),
  {
    stdout: output.stdout,
    stderr: output.stderr,
    cwd: process.cwd(),
    env: process.env,
    home: homedir(),
    stdoutIsTerminal: process.stdout.isTTY === true,
    drainStdout: () =>
      process.stdout.writableNeedDrain
        ? new Promise((resolve) => process.stdout.once("drain", resolve))
        : Promise.resolve(),
  },
  { commands: commandTable, version: readPackageVersion },
).then((code) => {
  process.exitCode = code;
  output.flush();
});
