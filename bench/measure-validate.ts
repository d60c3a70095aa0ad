// Measures `skillbox validate` and `skillbox list` over generated skills, through the built CLI.
// Run: npm run build && node --import tsx bench/measure-validate.ts [count] (default 10,000).
import { spawnSync } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import { validateSkillText } from "@skillbox/core/skills/validate-skill-text";
import { generateSkillTree, quantile } from "./generate-skills.js";

const count = Number(process.argv[2] ?? 10_000);
const cli = fileURLToPath(new URL("../dist/cli/main.js", import.meta.url));
const root = join(tmpdir(), `skillbox-bench-${process.pid}`);

/** Runs the CLI through bash's `time`, so CPU time (user + sys) is reported next to wall time. */
function time(label: string, args: string[]): void {
  const quoted = [process.execPath, cli, ...args]
    .map((part) => `'${part.replaceAll("'", "'\\''")}'`)
    .join(" ");
  const result = spawnSync("bash", ["-c", `TIMEFORMAT='%R %U %S'; time ${quoted} > /dev/null 2>&1`], {
    encoding: "utf8",
  });
  const [real = 0, user = 0, system = 0] = (result.stderr.trim().split("\n").pop() ?? "")
    .split(" ")
    .map(Number);
  const cpu = user + system;
  console.log(
    `${label.padEnd(34)} wall ${real.toFixed(2)} s, cpu ${cpu.toFixed(2)} s (${((cpu * 1e6) / count).toFixed(0)} µs cpu/skill)`,
  );
}

try {
  let started = performance.now();
  const tree = await generateSkillTree(root, count, 42);
  console.log(
    `generated ${count} skills in ${((performance.now() - started) / 1000).toFixed(1)} s under ${root}`,
  );
  const kb = (q: number, values: number[]) => `${(quantile(values, q) / 1024).toFixed(1)} KB`;
  console.log(
    `SKILL.md size median ${kb(0.5, tree.skillFileSizes)}, p90 ${kb(0.9, tree.skillFileSizes)}, p99 ${kb(0.99, tree.skillFileSizes)}; ` +
      `frontmatter median ${quantile(tree.frontmatterSizes, 0.5)} B`,
  );

  const texts = await Promise.all(tree.skills.map((skill) => readFile(skill.file, "utf8")));
  for (const mode of ["lenient", "strict"] as const) {
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    texts.forEach((text, index) => {
      const options = { path: "SKILL.md", directoryName: basename(tree.skills[index]?.directory ?? "") };
      if (mode === "lenient") loadSkillText(text, options);
      else validateSkillText(text, { ...options, mode });
    });
    const milliseconds = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `in-process ${mode} parse (no I/O)`.padEnd(34),
      `wall ${(milliseconds / 1000).toFixed(2)} s, cpu ${cpuSeconds.toFixed(2)} s (${((cpuSeconds * 1e6) / count).toFixed(0)} µs cpu/skill)`,
    );
  }

  time("skillbox validate <root>", ["validate", root]);
  time("skillbox validate --strict <root>", ["validate", "--strict", root]);
  time("skillbox validate --json <root>", ["validate", "--json", root]);
  time("skillbox list --json --dir <root>", ["list", "--json", "--dir", root]);
} finally {
  await rm(root, { recursive: true, force: true });
}
