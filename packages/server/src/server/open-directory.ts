// Opens a folder in the desktop's file manager (xdg-open, open, explorer) when there is a desktop to open it on.
import { spawn as spawnProcess } from "node:child_process";

/** Opens `path`; resolves true when the file manager was started, false when it could not be. */
export type OpenDirectory = (path: string) => Promise<boolean>;

export interface CreateDirectoryOpenerOptions {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Default node:child_process spawn (tests pass a fake command through `command`). */
  spawn?: typeof spawnProcess;
  /** Overrides the program run (tests). */
  command?: string;
  /** How long to wait for the opener to exit before assuming it opened; default 5,000 ms. */
  waitMs?: number;
}

/** The program that opens folders on `platform`, or undefined when there is no desktop (Linux without a display). */
export function chooseOpenCommand(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (platform === "darwin") return "open";
  if (platform === "win32") return "explorer";
  const hasDisplay = Boolean(env.DISPLAY) || Boolean(env.WAYLAND_DISPLAY);
  return hasDisplay ? "xdg-open" : undefined;
}

/** Creates an OpenDirectory for this machine; without a desktop it always resolves false. */
export function createDirectoryOpener(options: CreateDirectoryOpenerOptions): OpenDirectory {
  const command = options.command ?? chooseOpenCommand(options.platform, options.env);
  const spawn = options.spawn ?? spawnProcess;
  const waitMs = options.waitMs ?? 5_000;
  return (path) => {
    if (command === undefined) return Promise.resolve(false);
    return new Promise((resolve) => {
      let settled = false;
      const finish = (opened: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(opened);
      };
      // The path is one argument of a program run without a shell: nothing in it is interpreted.
      const child = spawn(command, [path], { stdio: "ignore", detached: options.platform !== "win32" });
      child.once("error", () => finish(false));
      // explorer.exe exits with 1 even when it opened the folder.
      child.once("exit", (code) => finish(code === 0 || options.platform === "win32"));
      child.unref();
      // A file manager that keeps running (some openers do) has opened the folder.
      const timer = setTimeout(() => finish(true), waitMs);
      timer.unref();
    });
  };
}
