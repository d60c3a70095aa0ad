// A real `skillbox mcp` over stdio for host-side tests: the bundled CLI (dist/cli/main.js) serving a
// temp folder of skills, in the `mcpServers` shape, with its own HOME and store so it never touches the
// user's.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { BUILT_CLI, requireBuiltCli } from "../../e2e/__fixtures__/e2e-harness.js";

export { requireBuiltCli };

/** A folder of skills a spawned `skillbox mcp --dir` serves. */
export interface SkillboxMcpFolder {
  /** The skills folder. */
  directory: string;
  /** Writes `<directory>/<relative>` (folders created). */
  write(relative: string, text: string): void;
  /** The `mcpServers` value of a server over this folder. */
  serverConfig(): { command: string; args: string[]; env: Record<string, string> };
  remove(): void;
}

export function createSkillboxMcpFolder(files: Record<string, string>): SkillboxMcpFolder {
  const base = mkdtempSync(path.join(tmpdir(), "skillbox-mcp-served-"));
  const directory = path.join(base, "skills");
  const home = path.join(base, "home");
  mkdirSync(home, { recursive: true });
  const write = (relative: string, text: string) => {
    const file = path.join(directory, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  for (const [relative, text] of Object.entries(files)) write(relative, text);
  return {
    directory,
    write,
    serverConfig: () => ({
      command: process.execPath,
      args: [BUILT_CLI, "mcp", "--dir", directory],
      env: { HOME: home, SKILLBOX_DB: path.join(base, "skillbox.db") },
    }),
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}
