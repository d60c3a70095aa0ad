import { describe, expect, it } from "vitest";
import { commandTable } from "./command-table.js";
import { runCli } from "./run-cli.js";

describe("the command table", () => {
  it("names and summarises each command exactly as the command module does", async () => {
    for (const entry of commandTable) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
    }
  });

  it("prints every command's options, and the main help's, with descriptions in one column", async () => {
    for (const args of [["--help"], ...commandTable.map((entry) => [entry.name, "--help"])]) {
      let help = "";
      const io = { stdout: (text: string) => (help += text), stderr: () => undefined, cwd: "/" };
      expect(await runCli(args, io, { commands: commandTable, version: "0" })).toBe(0);
      const block = /\nOptions[^\n]*:\n([\s\S]*?)(?:\n\n|$)/.exec(help)?.[1];
      if (block === undefined) continue;
      const lines = block.split("\n").filter((line) => line.trim() !== "");
      const columns = lines.flatMap((line) => {
        const match = /^ {2}-\S(?:.*?\S)? {2,}(?=\S)/.exec(line);
        return match ? [match[0].length] : [];
      });
      expect(new Set(columns).size, `${args[0]}:\n${block}`).toBe(1);
      const column = columns[0] as number;
      for (const line of lines.filter((text) => !/^ {2}-/.test(text))) {
        expect(line.length - line.trimStart().length, `${args[0]}: ${line}`).toBeGreaterThanOrEqual(column);
      }
    }
  });
});
