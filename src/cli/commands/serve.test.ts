import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDirectory, writeSkill } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";

const mainScript = fileURLToPath(new URL("../main.ts", import.meta.url));
// tsx resolves from the package, so the child runs there; --dir and HOME point into the temp folder.
const packageRoot = fileURLToPath(new URL("../../../", import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Resolves with stdout once `pattern` appears in it; rejects if the process exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms: ${stdout}${stderr}`)),
      timeoutMs,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (pattern.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${stdout}${stderr}`));
    });
  });
}

/** Runs serve to its exit; resolves with the exit code and what it printed. */
function runToExit(args: string[], home: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=skillbox-source", "--import", "tsx", mainScript, "serve", ...args],
    {
      cwd: packageRoot,
      env: { ...process.env, HOME: home, SKILLBOX_TOKEN: "" },
      stdio: "pipe",
    },
  );
  cleanups.push(() => child.kill("SIGKILL"));
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

describe("skillbox serve", () => {
  it("serves the skills folder on 127.0.0.1, writes the token file, and stops cleanly on SIGTERM", async () => {
    const temp = createTempDirectory("skillbox-serve-");
    cleanups.push(temp.remove);
    const skills = path.join(temp.path, "skills");
    writeSkill(skills, "pdf", { description: "Reads PDF files." });
    const child = spawn(
      process.execPath,
      [
        "--conditions=skillbox-source",
        "--import",
        "tsx",
        mainScript,
        "serve",
        "--port",
        "0",
        "--dir",
        skills,
      ],
      { cwd: packageRoot, env: { ...process.env, HOME: temp.path, SKILLBOX_TOKEN: "" }, stdio: "pipe" },
    );
    cleanups.push(() => child.kill("SIGKILL"));
    const output = await waitForOutput(child, /Token: .*\n/, 25_000);
    const url = /Skillbox settings: (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(output)?.[1];
    expect(url).toBeDefined();
    const tokenFile = path.join(temp.path, ".skillbox", "token");
    expect(output).toContain(`Token: ${tokenFile} (created)`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(output).not.toContain(readFileSync(tokenFile, "utf8").trim());

    const list = (await (await fetch(new URL("api/skills", url)).then((response) => response)).json()) as {
      skills: { name: string }[];
    };
    expect(list.skills.map((skill) => skill.name)).toEqual(["pdf"]);
    const token = readFileSync(tokenFile, "utf8").trim();
    const put = await fetch(new URL("api/skills/pdf/state", url), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ state: "off" }),
    });
    expect(put.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let rest = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      rest += chunk.toString();
    });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(rest).toContain("Stopping (SIGTERM)");
  });

  it("prints a one-time sign-in link, not the token, that signs a browser in once", async () => {
    const temp = createTempDirectory("skillbox-serve-");
    cleanups.push(temp.remove);
    const skills = path.join(temp.path, "skills");
    writeSkill(skills, "pdf", { description: "Reads PDF files." });
    const child = spawn(
      process.execPath,
      [
        "--conditions=skillbox-source",
        "--import",
        "tsx",
        mainScript,
        "serve",
        "--port",
        "0",
        "--dir",
        skills,
      ],
      { cwd: packageRoot, env: { ...process.env, HOME: temp.path, SKILLBOX_TOKEN: "" }, stdio: "pipe" },
    );
    cleanups.push(() => child.kill("SIGKILL"));
    const output = await waitForOutput(child, /Token: .*\n/, 25_000);
    const login =
      /Sign in \(the link works once, for 15 minutes\): (http:\/\/127\.0\.0\.1:\d+\/login\?code=[\w.-]+)\n/.exec(
        output,
      )?.[1];
    expect(login).toBeDefined();
    const token = readFileSync(path.join(temp.path, ".skillbox", "token"), "utf8").trim();
    expect(login).not.toContain(token);

    const first = await fetch(login as string, { redirect: "manual" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^skillbox-session-\d+=/);
    const page = await fetch(new URL("/", login), { headers: { cookie } });
    expect(await page.text()).not.toContain(token);
    const again = await fetch(login as string, { redirect: "manual" });
    expect(again.status).toBe(403);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a non-loopback --host without --allow-remote, and says what --allow-remote exposes", async () => {
    const temp = createTempDirectory("skillbox-serve-");
    cleanups.push(temp.remove);
    const skills = path.join(temp.path, "skills");
    writeSkill(skills, "pdf", { description: "Reads PDF files." });
    const refused = await runToExit(["--host", "0.0.0.0", "--port", "0", "--dir", skills], temp.path);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("0.0.0.0 is not a loopback address");
    expect(refused.output).toContain("--allow-remote");

    const child = spawn(
      process.execPath,
      [
        "--conditions=skillbox-source",
        "--import",
        "tsx",
        mainScript,
        "serve",
        "--host",
        "0.0.0.0",
        "--allow-remote",
        "--port",
        "0",
        "--dir",
        skills,
      ],
      { cwd: packageRoot, env: { ...process.env, HOME: temp.path, SKILLBOX_TOKEN: "" }, stdio: "pipe" },
    );
    cleanups.push(() => child.kill("SIGKILL"));
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    await waitForOutput(child, /Token: .*\n/, 25_000);
    const warnings = stderr.split("\n").filter((line) => line.includes("--allow-remote"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/any machine that can reach 0\.0\.0\.0 can read .* unencrypted HTTP/);
  });
});
