// Child process for the two-process usage test: opens the store, says "ready", waits for "go" on stdin,
// then records `count` uses of `name` one statement at a time and says "done".
// Usage: node --import tsx record-usage.ts <database path> <skill name> <count>

import { openStore } from "../open-store.js";
import { SqliteUsageStore } from "../sqlite-usage-store.js";

const [path, name, countText] = process.argv.slice(2);
if (path === undefined || name === undefined || countText === undefined) {
  process.stderr.write("usage: record-usage.ts <database path> <skill name> <count>\n");
  process.exit(2);
}
const store = openStore({ path });
const usage = new SqliteUsageStore(store);
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  const started = Date.now();
  for (let index = 0; index < Number(countText); index += 1) usage.record(name, Date.now());
  store.close();
  process.stdout.write(`done ${started} ${Date.now()}\n`);
  process.exit(0);
});
