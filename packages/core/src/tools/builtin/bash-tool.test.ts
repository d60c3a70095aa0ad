import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBashTool } from "./bash-tool.js";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "skillbox-bash-"));
  await mkdir(path.join(root, "src"));
  await writeFile(path.join(root, "src", "main.ts"), "export {};\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the bash tool", () => {
  it("runs in the workspace root and reports the exit code and output", async () => {
    const tool = createBashTool({ root });
    const result = await tool.execute({ command: "pwd && ls src" }, {});
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain("exit code: 0");
    expect(result.content).toContain("main.ts");
  });

  it("returns a failing command as an error result that keeps stderr", async () => {
    const result = await createBashTool({ root }).execute({ command: "echo bad >&2; exit 2" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("exit code: 2");
    expect(result.content).toContain("bad");
  });

  it("kills a command that runs past its timeout and says so", async () => {
    const result = await createBashTool({ root }).execute({ command: "sleep 20", timeout_ms: 200 }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("timed out after 200 ms");
  });

  it("caps long output and says how much was cut", async () => {
    const tool = createBashTool({ root, maxOutputChars: 200 });
    const result = await tool.execute({ command: "seq 1 5000" }, {});
    expect(result.content.length).toBeLessThan(300);
    expect(result.content).toMatch(/characters cut/);
  });

  it("refuses a working directory outside the workspace", async () => {
    const result = await createBashTool({ root }).execute({ command: "pwd", cwd: "../" }, {});
    expect(result.isError).toBe(true);
    expect(result.content).toContain("outside the workspace");
  });

  it("reports workspace files named in the command as touched paths", async () => {
    const touched: string[][] = [];
    const tool = createBashTool({ root, onPathsTouched: (paths) => touched.push(paths) });
    await tool.execute({ command: "cat src/main.ts ./missing.txt" }, {});
    expect(touched).toEqual([["src/main.ts"]]);
  });

  it("stops the command when the call is aborted", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await createBashTool({ root }).execute(
      { command: "sleep 20" },
      { abortSignal: controller.signal },
    );
    expect(result.content).toContain("aborted");
  });
});
