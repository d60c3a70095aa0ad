// The floor of the MCP bench: one plain Node process that walks the tree (readdirSync), reads every
// file whole (readFileSync) and takes its sha256 — the least a server must do once to publish every
// skill's complete manifest. Symbolic links are not followed. Usage: node bench/floor-hash.mjs <root>
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let files = 0;
let bytes = 0;
const walk = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const absolute = join(folder, entry.name);
    if (entry.isDirectory()) walk(absolute);
    else if (entry.isFile()) {
      const content = readFileSync(absolute);
      createHash("sha256").update(content).digest("hex");
      files++;
      bytes += content.length;
    }
  }
};
walk(process.argv[2] ?? ".");
const { user, system } = process.cpuUsage();
process.stdout.write(
  `${files} files, ${bytes} bytes hashed, cpu ${((user + system) / 1000).toFixed(0)} ms\n`,
);
