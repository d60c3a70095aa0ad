// Decides how a skill script is started: directly (exec bit + shebang), through its shebang's
// interpreter, or through the interpreter its extension implies. Never through a shell.
import { open } from "node:fs/promises";
import path from "node:path";
import { SkillboxError } from "../errors.js";

/** The program to spawn and the arguments that come before the script's own. */
export interface ScriptCommand {
  command: string;
  /** Arguments before the caller's, usually ending with the script path. */
  args: string[];
  /** How the command was chosen, for messages and the audit log. */
  via: "direct" | "shebang" | "extension";
}

/** Interpreters by file extension; `node` means the running Node (`nodePath`). */
export const INTERPRETERS_BY_EXTENSION: Readonly<Record<string, string>> = {
  ".py": "python3",
  ".sh": "bash",
  ".bash": "bash",
  ".js": "node",
  ".mjs": "node",
  ".cjs": "node",
  ".rb": "ruby",
  ".pl": "perl",
};

const SHEBANG_READ_BYTES = 512;

/**
 * The command for `scriptPath`. A shebang wins over the extension: with the exec bit the file runs
 * as is, without it the shebang's interpreter runs it. Throws `invalid-argument` when neither a
 * shebang, a known extension nor the exec bit says how to run it.
 */
export async function chooseInterpreter(
  scriptPath: string,
  options: { mode: number; nodePath: string },
): Promise<ScriptCommand> {
  const executable = (options.mode & 0o111) !== 0;
  const shebang = await readShebang(scriptPath);
  if (shebang !== undefined && executable) return { command: scriptPath, args: [], via: "direct" };
  if (shebang !== undefined) {
    const parsed = parseShebang(shebang);
    if (parsed !== undefined) {
      const command = parsed.command === "node" ? options.nodePath : parsed.command;
      return { command, args: [...parsed.args, scriptPath], via: "shebang" };
    }
  }
  const extension = path.extname(scriptPath).toLowerCase();
  const interpreter = INTERPRETERS_BY_EXTENSION[extension];
  if (interpreter !== undefined) {
    const command = interpreter === "node" ? options.nodePath : interpreter;
    return { command, args: [scriptPath], via: "extension" };
  }
  // A compiled program or anything else the kernel knows how to start.
  if (executable) return { command: scriptPath, args: [], via: "direct" };
  const known = Object.keys(INTERPRETERS_BY_EXTENSION).join(", ");
  const hint =
    extension === ".ts"
      ? "TypeScript scripts need a shebang such as `#!/usr/bin/env -S npx tsx`"
      : `give it a shebang line (e.g. \`#!/usr/bin/env python3\`) or one of the extensions ${known}`;
  throw new SkillboxError(
    "invalid-argument",
    `Cannot tell how to run ${path.basename(scriptPath)}: ${hint}.`,
    { data: { script: scriptPath } },
  );
}

/** The interpreter and its arguments from a shebang line (without `#!`), or undefined when it has none. */
export function parseShebang(line: string): { command: string; args: string[] } | undefined {
  const words = line
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  const [program, ...rest] = words;
  if (program === undefined) return undefined;
  if (path.posix.basename(program) !== "env") return { command: program, args: rest };
  // `env -S a b` splits its argument; plain `env a b` is what Linux passes anyway (one word after env).
  const afterFlags = rest[0] === "-S" || rest[0] === "--split-string" ? rest.slice(1) : rest;
  const assignments = afterFlags.findIndex((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
  if (assignments === -1) return undefined;
  const [command, ...args] = afterFlags.slice(assignments);
  return command === undefined ? undefined : { command, args };
}

async function readShebang(scriptPath: string): Promise<string | undefined> {
  const handle = await open(scriptPath, "r");
  try {
    const buffer = Buffer.alloc(SHEBANG_READ_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SHEBANG_READ_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString("utf8");
    if (!head.startsWith("#!")) return undefined;
    const end = head.search(/\r?\n/);
    return (end === -1 ? head : head.slice(0, end)).slice(2);
  } finally {
    await handle.close();
  }
}
