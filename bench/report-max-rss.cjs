// Preloaded into a Node process by time-process.ts when GNU time is missing: on exit, writes the
// process's peak RSS (KB) to $SKILLBOX_BENCH_RSS_FILE.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const file = process.env.SKILLBOX_BENCH_RSS_FILE;
  if (file) writeFileSync(file, `${process.resourceUsage().maxRSS}\n`);
});
