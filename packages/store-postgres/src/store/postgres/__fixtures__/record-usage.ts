// Child process for the concurrent-usage test: records `count` uses spread over `skills`, yielding
// often so many small batches race the other processes', then closes (waiting for every write).
import { openPostgresStore } from "../open-postgres-store.js";

const [url, schema, countText, skillsText] = process.argv.slice(2);
if (!url || !schema || !countText || !skillsText) throw new Error("usage: record-usage URL SCHEMA COUNT SKILLS");
const count = Number(countText);
const skills = skillsText.split(",");
const store = await openPostgresStore({ connectionString: url, schema });
const opened = performance.now();

for (let index = 0; index < count; index += 1) {
  store.usage.record(skills[index % skills.length] as string, Date.now());
  if (index % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
}
await store.close({ timeoutMs: 60_000 });
process.stdout.write(`${JSON.stringify({ recorded: count, milliseconds: Math.round(performance.now() - opened) })}\n`);
