// `node --expose-gc --import tsx bench/mcp-bench.ts [skills] [--json]`: the MCP server over a generated
// tree (default 10,000 skills), through the official v2 client on an in-memory pair: skills/list first
// page (cold, then p50 warm), the whole enumeration (cold: every entry hashed; warm: from the stamp
// cache), RSS after it, and resources/read p50/p99 over random files of listed skills.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { type Skill, SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { z } from "zod";
import { createSkillsMcpServer } from "../src/mcp/create-skills-mcp-server.js";
import { createSkillsMcpService } from "../src/mcp/skills-mcp-service.js";
import { openWorkspace } from "../src/workspace/open-workspace.js";
import { createBenchRandom } from "./bench-random.js";
import { generateSkillTree, quantile } from "./generate-skills.js";

const count = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 10_000);
const asJson = process.argv.includes("--json");
const FIRST_PAGE_RUNS = 50;
const READS = 1000;

const PageSchema = z.looseObject({
  skills: z.array(z.looseObject({ uri: z.string() })),
  nextCursor: z.string().optional(),
});

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "skillbox-mcp-bench-"));
  try {
    const started = performance.now();
    await generateSkillTree(join(root, "skills"), count);
    const generatedMs = performance.now() - started;
    const workspace = openWorkspace({
      cwd: root,
      home: join(root, "home"),
      env: {},
      dirs: [join(root, "skills")],
      bundledDirectory: join(root, "no-bundled-skills"),
      storePath: ":memory:",
    });
    const scanStarted = performance.now();
    workspace.registry.refresh();
    const scanMs = performance.now() - scanStarted;
    let warnings = 0;
    const service = createSkillsMcpService(workspace, { onWarning: () => warnings++ });
    const server = createSkillsMcpServer(workspace, { service });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "mcp-bench", version: "1.0.0" }, { listMaxPages: 0 });
    await client.connect(clientSide);
    const skills = new SkillsClient(client);
    const firstPage = () => client.request({ method: "skills/list", params: {} }, PageSchema);

    const coldFirstPage = await time(firstPage);
    const warmFirstPage: number[] = [];
    for (let run = 0; run < FIRST_PAGE_RUNS; run++) warmFirstPage.push((await time(firstPage)).ms);

    const coldAll = await time(() => skills.list());
    const warmAll = await time(() => skills.list());
    (globalThis as { gc?: () => void }).gc?.();
    const rssAfterListMb = process.memoryUsage().rss / 2 ** 20;

    const listed: Skill[] = coldAll.value.skills;
    const files = listed.flatMap((skill) =>
      skill.resources === "dynamic" ? [] : skill.resources.map((resource) => resource.uri),
    );
    const random = createBenchRandom(7);
    const readTimes: number[] = [];
    for (let read = 0; read < READS; read++) {
      const uri = files[Math.floor(random.next() * files.length)] as string;
      readTimes.push((await time(() => client.readResource({ uri }))).ms);
    }
    const result = {
      skills: count,
      served: listed.length,
      refusedBySdk: warnings,
      files: files.length,
      generateMs: round(generatedMs),
      registryScanMs: round(scanMs),
      firstPageColdMs: round(coldFirstPage.ms),
      firstPageP50Ms: round(quantile(warmFirstPage, 0.5)),
      enumerationColdMs: round(coldAll.ms),
      enumerationWarmMs: round(warmAll.ms),
      rssAfterEnumerationMb: round(rssAfterListMb),
      maxRssMb: round(process.resourceUsage().maxRSS / 1024),
      readP50Ms: round(quantile(readTimes, 0.5)),
      readP99Ms: round(quantile(readTimes, 0.99)),
    };
    if (asJson) process.stdout.write(`${JSON.stringify(result)}\n`);
    else
      for (const [key, value] of Object.entries(result)) process.stdout.write(`${key.padEnd(24)} ${value}\n`);
    await client.close();
    service.close();
    workspace.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

await main();
