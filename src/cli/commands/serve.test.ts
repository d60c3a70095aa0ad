import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDirectory, writeSkill } from "../../registry/registry-test-helpers.js";

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

describe("skillbox serve", () => {
  it("serves the skills folder on 127.0.0.1, writes the token file, and stops cleanly on SIGTERM", async () => {
    const temp = createTempDirectory("skillbox-serve-");
    cleanups.push(temp.remove);
    const skills = path.join(temp.path, "skills");
    writeSkill(skills, "pdf", { description: "Reads PDF files." });
    const child = spawn(
      process.execPath,
      ["--import", "tsx", mainScript, "serve", "--port", "0", "--dir", skills],
      { cwd: packageRoot, env: { ...process.env, HOME: temp.path, SKILLBOX_TOKEN: "" }, stdio: "pipe" },
    );
    cleanups.push(() => child.kill("SIGKILL"));
    const output = await waitForOutput(child, /Token: .*\n/, 25_000);
    const url = /Skillbox settings: (http:\/\/127\.0\.0\.1:\d+\/)\n/.exec(output)?.[1];
    expect(url).toBeDefined();
    const tokenFile = path.join(temp.path, ".skillbox", "token");
    expect(output).toContain(`Token: ${tokenFile} (created)`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);

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
});
