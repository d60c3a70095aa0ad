// `npm start` stopped the way a service manager or `docker stop` stops it: SIGTERM to npm alone, not
// to its process group. npm passes the signal to its child, the shell running the script; the
// script execs node, so that child is the server itself, which closes and exits (a plain `sh -c`
// would die and leave the server running).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { requireBuiltCli } from "./__fixtures__/e2e-harness.js";

const packageRoot = fileURLToPath(new URL("../../", import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Resolves with the port once the server prints its URL; rejects when the process ends first. */
function waitForPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no URL within ${timeoutMs} ms: ${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Skillbox settings: http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      if (port !== undefined) {
        clearTimeout(timer);
        resolve(Number(port));
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}: ${output}`));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** True while any process of the group is alive (signal 0 only checks). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it is true or `timeoutMs` passes; answers the last result. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(process.platform === "win32")("npm start", () => {
  it("stops the server when npm alone gets SIGTERM: every process ends and the port is free", async () => {
    requireBuiltCli();
    const home = mkdtempSync(path.join(tmpdir(), "skillbox-npm-start-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    // Its own process group, so the test can tell when every process in it has ended.
    const npm = spawn("npm", ["start", "--", "--port", "0"], {
      cwd: packageRoot,
      env: { ...process.env, HOME: home, SKILLBOX_TOKEN: "", npm_config_update_notifier: "false" },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const groupId = npm.pid as number;
    cleanups.push(() => {
      if (groupAlive(groupId)) process.kill(-groupId, "SIGKILL");
    });
    const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
    const port = await waitForPort(npm, 25_000);
    expect(await accepts(port)).toBe(true);

    npm.kill("SIGTERM");
    await exited;
    expect(await eventually(() => !groupAlive(groupId), 10_000)).toBe(true);
    expect(await accepts(port)).toBe(false);
  });
});
