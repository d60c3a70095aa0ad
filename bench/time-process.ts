// Runs one command as a whole process and reports its wall time and peak RSS: through GNU time
// (`/usr/bin/time -f %M`) when the system has it, else through a preload that makes the (Node)
// process write its own `process.resourceUsage().maxRSS` on exit.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** One timed run. */
export interface ProcessRun {
  milliseconds: number;
  /** Peak resident set size in MB, when it could be measured. */
  maxRssMegabytes: number | undefined;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** How a command is run: executable, arguments, working folder and environment. */
export interface ProcessCommand {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

const GNU_TIME = "/usr/bin/time";
const preload = fileURLToPath(new URL("./report-max-rss.cjs", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "skillbox-time-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

/** Says which way peak RSS is measured. */
export function rssMethod(): string {
  return existsSync(GNU_TIME) ? "GNU time (%M)" : "process.resourceUsage() in a preload";
}

/** Runs `command` to completion and times it. */
export function timeProcess(command: ProcessCommand): ProcessRun {
  const rssFile = join(scratch, "rss");
  rmSync(rssFile, { force: true });
  const viaTime = existsSync(GNU_TIME);
  const [file, args, env] = viaTime
    ? [GNU_TIME, ["-f", "%M", "-o", rssFile, command.command, ...command.args], command.env]
    : [
        command.command,
        command.args,
        {
          ...command.env,
          NODE_OPTIONS: `${command.env.NODE_OPTIONS ?? ""} --require ${preload}`.trim(),
          SKILLBOX_BENCH_RSS_FILE: rssFile,
        },
      ];
  const started = performance.now();
  const result = spawnSync(file, args, {
    cwd: command.cwd,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const milliseconds = performance.now() - started;
  let maxRssMegabytes: number | undefined;
  if (existsSync(rssFile)) {
    const kilobytes = Number(readFileSync(rssFile, "utf8").trim().split("\n").pop());
    if (Number.isFinite(kilobytes) && kilobytes > 0) maxRssMegabytes = kilobytes / 1024;
  }
  return {
    milliseconds,
    maxRssMegabytes,
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}
