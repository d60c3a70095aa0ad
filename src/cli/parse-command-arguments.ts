// Argument parsing for commands over node:util parseArgs; bad flags become a `usage-error`.

import type { ParseArgsConfig } from "node:util";
import { parseArgs } from "node:util";
import { SkillboxError } from "@skillbox/core/errors";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>
>;

/**
 * Parses `args` strictly (unknown flags are usage errors) with positionals allowed. A value that
 * looks like a negative number (`--budget -5`) is taken as the option's value, so the command can
 * say what it expects instead of parseArgs calling the argument ambiguous.
 */
export function parseCommandArguments<T extends Options>(
  command: string,
  args: string[],
  options: T,
): Parsed<T> {
  const simple = parseSimpleArguments(args, options);
  if (simple !== undefined) return simple as Parsed<T>;
  try {
    return parseArgs({
      args: joinNegativeValues(args, options),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = readUnknownOption(error);
    if (unknown !== undefined) {
      throw new SkillboxError("usage-error", describeUnknownOption(command, unknown), { cause: error });
    }
    throw new SkillboxError("usage-error", `${message} (see skillbox ${command} --help)`, { cause: error });
  }
}

/**
 * The arguments parsed without parseArgs when each one is a positional or a known `--name` (a
 * string option's value being the next argument, one that does not start with '-'): the result
 * parseArgs gives for them, which cannot be an error. Undefined for anything else (short flags,
 * `--name=value`, `--`, unknown or ambiguous flags, options with defaults), which parseArgs handles.
 * Node loads parseArgs' code on first use: most command lines need none of it.
 */
function parseSimpleArguments(
  args: readonly string[],
  options: Options,
): { values: Record<string, unknown>; positionals: string[] } | undefined {
  for (const option of Object.values(options)) if (option.default !== undefined) return undefined;
  const values: Record<string, unknown> = Object.create(null);
  const positionals: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (!arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const option =
      arg.startsWith("--") && !name.includes("=") && Object.hasOwn(options, name) ? options[name] : undefined;
    if (option === undefined) return undefined;
    let value: string | boolean = true;
    if (option.type === "string") {
      const next = args[index + 1];
      if (next === undefined || next.startsWith("-")) return undefined;
      value = next;
      index++;
    }
    values[name] =
      option.multiple === true ? [...((values[name] as unknown[] | undefined) ?? []), value] : value;
  }
  return { values, positionals };
}

/** Global options some commands do not take themselves: they go before the command there. */
const GLOBAL_FOLDER_OPTIONS = new Set(["--dir", "--cwd"]);

/**
 * Node's own message for an unknown option ends in an unbalanced `'-- "--x"` example; this one says
 * the same with its quotes closed, and where a global option goes.
 */
function describeUnknownOption(command: string, option: string): string {
  const name = option.split("=")[0] ?? option;
  if (GLOBAL_FOLDER_OPTIONS.has(name)) {
    return `Option '${name}' is not one of skillbox ${command}'s own; as a global option it goes before the command: skillbox ${name} <folder> ${command} (see skillbox --help)`;
  }
  return `Unknown option '${option}' (see skillbox ${command} --help); to pass an argument that starts with '-', put it after '--': skillbox ${command} -- ${option}`;
}

function readUnknownOption(error: unknown): string | undefined {
  if ((error as { code?: unknown } | null)?.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION") return undefined;
  return /^Unknown option '([^']*)'/.exec(error instanceof Error ? error.message : "")?.[1];
}

/** `--name -5` becomes `--name=-5` for string options (`-n -5` becomes `-n-5`); `--` ends the options. */
function joinNegativeValues(args: string[], options: Options): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "--") {
      joined.push(...args.slice(index));
      break;
    }
    const next = args[index + 1];
    if (next !== undefined && /^-\d/.test(next) && takesValue(arg, options)) {
      joined.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      index++;
    } else joined.push(arg);
  }
  return joined;
}

function takesValue(arg: string, options: Options): boolean {
  const long = /^--([^=]+)$/.exec(arg)?.[1];
  if (long !== undefined) return options[long]?.type === "string";
  const short = /^-([^-])$/.exec(arg)?.[1];
  return (
    short !== undefined &&
    Object.values(options).some((option) => option.short === short && option.type === "string")
  );
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

/** Throws a usage error for positional arguments past the first `expected`. */
export function rejectExtraArguments(
  command: string,
  positionals: readonly string[],
  expected: number,
): void {
  const extra = positionals[expected];
  if (extra !== undefined) throw usageError(command, `Unexpected argument '${extra}'`);
}
