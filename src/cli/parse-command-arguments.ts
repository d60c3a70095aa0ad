// Argument parsing for commands over node:util parseArgs; bad flags become a `usage-error`.

import type { ParseArgsConfig } from "node:util";
import { parseArgs } from "node:util";
import { SkillboxError } from "../errors.js";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/** Parses `args` strictly (unknown flags are usage errors) with positionals allowed. */
export function parseCommandArguments<T extends Options>(
  command: string,
  args: string[],
  options: T,
): Parsed<T> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SkillboxError("usage-error", `${message} (see skillbox ${command} --help)`, { cause: error });
  }
}

/** Throws a `usage-error` with the command's help hint. */
export function usageError(command: string, message: string): SkillboxError {
  return new SkillboxError("usage-error", `${message} (see skillbox ${command} --help)`);
}

/** The global discovery bounds: `--max-depth <n>` and `--max-directories <n>`. */
export const DISCOVERY_LIMIT_FLAGS = {
  "max-depth": "maxDepth",
  "max-directories": "maxDirectories",
} as const;

/** A discovery bound's value: a positive whole number, or a problem sentence naming the flag. */
export function parseDiscoveryLimit(
  flag: keyof typeof DISCOVERY_LIMIT_FLAGS,
  value: string,
): number | string {
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(parsed) && parsed > 0) return parsed;
  return `option --${flag} needs a positive whole number, not '${value}'`;
}
