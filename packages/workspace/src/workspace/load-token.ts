// The API token `skillbox serve` and `skillbox mcp --http` share: from SKILLBOX_TOKEN, else
// `<home>/.skillbox/token` (created 0600 on first start). Here, not in a front end, so neither owns it.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { SkillboxError } from "@skillbox/core/errors";

/** The environment variable that supplies the token instead of the file. */
export const TOKEN_VARIABLE = "SKILLBOX_TOKEN";

/** Shorter tokens (from the file or the environment) are refused: they could be guessed. */
export const MIN_TOKEN_LENGTH = 16;

export interface LoadTokenOptions {
  /** The user's home directory; the token file is `<home>/.skillbox/token`. */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The token and where it came from. */
export interface LoadedToken {
  token: string;
  /** `env`: SKILLBOX_TOKEN; `file`: read from the token file; `created`: generated and written now. */
  source: "env" | "file" | "created";
  /** The token file (whether or not it was used). */
  file: string;
}

/** `<home>/.skillbox/token`. */
export function tokenFilePath(home: string): string {
  return join(home, ".skillbox", "token");
}

/**
 * Returns the API token: SKILLBOX_TOKEN when set, else the token file's content, else a new random
 * token written atomically with mode 0600. Throws `config-error` for a token that is too short and
 * `io-error` when the file cannot be written.
 */
export function loadToken(options: LoadTokenOptions): LoadedToken {
  const file = tokenFilePath(options.home);
  const fromEnvironment = options.env[TOKEN_VARIABLE]?.trim();
  if (fromEnvironment !== undefined && fromEnvironment !== "") {
    checkToken(fromEnvironment, TOKEN_VARIABLE);
    return { token: fromEnvironment, source: "env", file };
  }
  const stored = readTokenFile(file);
  if (stored !== undefined) {
    checkToken(stored, file);
    tightenMode(file);
    return { token: stored, source: "file", file };
  }
  const token = randomBytes(32).toString("base64url");
  writeTokenFile(file, token);
  return { token, source: "created", file };
}

function readTokenFile(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new SkillboxError(
      "io-error",
      `Cannot read the API token at ${file} (${(error as Error).message}). Fix its permissions or delete it to get a new one.`,
      { cause: error },
    );
  }
  const token = text.trim();
  // An empty file (an interrupted manual edit) is treated like a missing one.
  return token === "" ? undefined : token;
}

function checkToken(token: string, source: string): void {
  if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
    throw new SkillboxError(
      "config-error",
      `The API token from ${source} must be at least ${MIN_TOKEN_LENGTH} characters without spaces. Set a longer one, or delete the token file to get a random one.`,
    );
  }
}

function tightenMode(file: string): void {
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  } catch {
    // Windows and some file systems ignore modes; the token still works.
  }
}

function writeTokenFile(file: string, token: string): void {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, `${token}\n`, { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new SkillboxError(
      "io-error",
      `Cannot write the API token to ${file} (${(error as Error).message}). Check that the folder is writable, or set ${TOKEN_VARIABLE}.`,
      { cause: error },
    );
  }
}
