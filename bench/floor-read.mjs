// The floor of the whole-process bench: one plain Node process that reads every skill file whole
// with readFileSync and parses nothing. Usage: node bench/floor-read.mjs <file-list.json>
import { readFileSync } from "node:fs";

const files = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));
let bytes = 0;
for (const file of files) bytes += readFileSync(file, "utf8").length;
process.stdout.write(`${files.length} files, ${bytes} characters\n`);
