import { describe, expect, it } from "vitest";
import { commandTable } from "./command-table.js";

describe("the command table", () => {
  it("names and summarises each command exactly as the command module does", async () => {
    for (const entry of commandTable) {
      const command = await entry.load();
      expect(command.name).toBe(entry.name);
      expect(command.summary).toBe(entry.summary);
    }
  });
});
