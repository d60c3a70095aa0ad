// One benchmark measurement in a fresh process (so nothing is cached in memory): the readFileSync
// floor, a cold scan, preparing and timing a warm start from the persisted index, or peak RSS.
// Run by bench/run.ts: node --expose-gc --import tsx bench/bench-child.ts <task> <json options>

import { readFileSync } from "node:fs";
import { renderSkillCatalog } from "@skillbox/core/prompt/render-skill-catalog";
import { createSkillRegistry } from "@skillbox/core/registry/skill-registry";
import { createLoadSkillTool } from "@skillbox/core/tools/load-skill";
import { createSearchSkillsTool } from "@skillbox/core/tools/search-skills";
import { benchRegistryOptions, type ChildOptions, type ChildResult } from "./bench-options.js";

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<void> {
  const [task, json] = process.argv.slice(2);
  const options = JSON.parse(json ?? "{}") as ChildOptions;
  let result: ChildResult;
  collectGarbage();
  switch (task) {
    case "floor": {
      const files = JSON.parse(readFileSync(options.fileList ?? "", "utf8")) as string[];
      collectGarbage();
      const cpu = process.cpuUsage();
      const started = performance.now();
      let bytes = 0;
      for (const file of files) bytes += readFileSync(file, "utf8").length;
      result = {
        milliseconds: performance.now() - started,
        cpuMilliseconds: cpuSince(cpu),
        bytes,
        skills: files.length,
      };
      break;
    }
    case "cold":
    case "warm":
    case "warm-prepare": {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const registry = createSkillRegistry(benchRegistryOptions(options.root, options.cacheFile));
      const summary = registry.refresh();
      const milliseconds = performance.now() - started;
      result = {
        milliseconds,
        cpuMilliseconds: cpuSince(cpu),
        skills: summary.added.length,
        parsed: summary.parsed,
      };
      registry.close();
      break;
    }
    case "rss": {
      const registry = createSkillRegistry(benchRegistryOptions(options.root));
      registry.refresh();
      renderSkillCatalog(registry.catalogEntries(), { budget: { tokens: options.budgetTokens ?? 4000 } });
      const names = registry.list({ includeShadowed: false }).map((record) => record.name);
      const load = createLoadSkillTool({ registry });
      for (let index = 0; index < 500; index++) {
        await load.execute({ skill_name: names[(index * 7919) % names.length] ?? "" }, {});
      }
      const search = createSearchSkillsTool({ registry });
      for (let index = 0; index < 100; index++) await search.execute({ query: `data report ${index}` }, {});
      collectGarbage();
      result = {
        maxRssMegabytes: process.resourceUsage().maxRSS / 1024,
        heapUsedMegabytes: process.memoryUsage().heapUsed / (1024 * 1024),
        skills: names.length,
      };
      registry.close();
      break;
    }
    default:
      throw new Error(`unknown task ${task}`);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
