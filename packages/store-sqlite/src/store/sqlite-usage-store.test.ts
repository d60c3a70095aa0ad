import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isSkillboxError } from "@skillbox/core/errors";
import { computeUsageScore } from "@skillbox/core/store/usage-store";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "./open-store.js";
import { SqliteUsageStore } from "./sqlite-usage-store.js";

const here = dirname(fileURLToPath(import.meta.url));
const recorderScript = join(here, "__fixtures__", "record-usage.ts");

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "skillbox-usage-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function waitForLine(child: ChildProcessWithoutNullStreams, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    let errors = "";
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const line = buffered.split("\n").find((candidate) => candidate.startsWith(prefix));
      if (line !== undefined) {
        child.stdout.off("data", onData);
        resolve(line);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString("utf8");
    });
    child.once("exit", (code) => {
      if (!buffered.includes(prefix))
        reject(new Error(`recorder exited with ${code} before "${prefix}": ${errors}`));
    });
  });
}

describe("SqliteUsageStore", () => {
  it("counts uses and keeps the latest time", () => {
    const store = openStore({ path: ":memory:" });
    const usage = new SqliteUsageStore(store);
    expect(usage.get("pdf")).toBeUndefined();
    usage.record("pdf", 1000);
    usage.record("pdf", 3000);
    usage.record("pdf", 2000);
    usage.record("docx", 500);
    expect(usage.get("pdf")).toEqual({ count: 3, lastUsedAt: 3000 });
    expect([...usage.all()]).toEqual([
      ["docx", { count: 1, lastUsedAt: 500 }],
      ["pdf", { count: 3, lastUsedAt: 3000 }],
    ]);
    expect(computeUsageScore(usage.get("pdf"), 3000)).toBeCloseTo(Math.log(4));
    store.close();
  });

  it("keeps counts across reopening the file", () => {
    const path = join(directory, "skillbox.db");
    const first = openStore({ path });
    new SqliteUsageStore(first).record("pdf", 1);
    first.close();
    const second = openStore({ path });
    expect(new SqliteUsageStore(second).get("pdf")).toEqual({ count: 1, lastUsedAt: 1 });
    second.close();
  });

  it("reports a write blocked by another process's exclusive lock as store-locked", () => {
    const path = join(directory, "skillbox.db");
    const store = openStore({ path, busyTimeoutMs: 50 });
    const usage = new SqliteUsageStore(store);
    usage.record("pdf", 1);
    const holder = new Database(path);
    holder.exec("BEGIN IMMEDIATE; INSERT INTO usage VALUES ('other', 1, 1);");
    let caught: unknown;
    try {
      usage.record("pdf", 2);
    } catch (error) {
      caught = error;
    }
    expect(isSkillboxError(caught, "store-locked")).toBe(true);
    holder.exec("COMMIT");
    holder.close();
    usage.record("pdf", 3);
    expect(usage.get("pdf")).toEqual({ count: 2, lastUsedAt: 3 });
    store.close();
  });

  it("loses no count when two processes record 500 uses each into one new file at the same time", async () => {
    const path = join(directory, "shared.db");
    const children = [0, 1].map(() =>
      spawn(
        process.execPath,
        ["--conditions=skillbox-source", "--import", "tsx", recorderScript, path, "pdf", "500"],
        { cwd: here },
      ),
    );
    await Promise.all(children.map((child) => waitForLine(child, "ready")));
    const finished = children.map((child) => waitForLine(child, "done"));
    for (const child of children) child.stdin.write("go\n");
    const spans = (await Promise.all(finished)).map((line) => line.split(" ").slice(1).map(Number));
    const store = openStore({ path });
    expect(new SqliteUsageStore(store).get("pdf")?.count).toBe(1000);
    store.close();
    // Both recorders were writing during overlapping windows, so the writes really raced.
    const [first, second] = spans as [number[], number[]];
    expect((first[0] ?? 0) <= (second[1] ?? 0) && (second[0] ?? 0) <= (first[1] ?? 0)).toBe(true);
  });
});

describe("SqliteUsageStore lookups in one synchronous run", () => {
  it("reads the table once for a listing's worth of lookups and sees later writes", async () => {
    const store = openStore({ path: ":memory:" });
    const usage = new SqliteUsageStore(store);
    for (let index = 0; index < 20; index++) usage.record(`skill-${index}`, 1000 + index);
    let statements = 0;
    const all = usage.all.bind(usage);
    usage.all = () => {
      statements++;
      return all();
    };
    for (let index = 0; index < 20; index++)
      expect(usage.get(`skill-${index}`)).toEqual({ count: 1, lastUsedAt: 1000 + index });
    expect(statements).toBe(1);
    usage.record("skill-3", 5000);
    expect(usage.get("skill-3")).toEqual({ count: 2, lastUsedAt: 5000 });
    const other = new SqliteUsageStore(store);
    other.record("skill-4", 6000);
    await Promise.resolve();
    expect(usage.get("skill-4")).toEqual({ count: 2, lastUsedAt: 6000 });
    store.close();
  });
});
