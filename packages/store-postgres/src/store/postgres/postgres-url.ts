// Reads a postgres:// URL the way the `pg` driver will, before the driver sees it: a URL it cannot
// parse is named as malformed (not "cannot be reached"), a password in it is found so the CLI can
// warn about the process list, and the sslmode values pg reads as verify-full are written as
// verify-full, so pg's nine-line process warning never prints and Skillbox says it in one line.

/**
 * What is wrong with a postgres:// URL, in words that never repeat it (it may hold a password);
 * undefined when pg can read it, and for the other forms pg takes (a socket folder path).
 */
export function findPostgresUrlProblem(url: string): string | undefined {
  if (!/^postgres(ql)?:\/\//i.test(url)) return undefined;
  if (parseLikePg(url) !== undefined) return undefined;
  return (
    "it cannot be read as postgres://user:password@host:port/database (percent-encode any of " +
    ": / ? # @ [ ] in the user name or password, e.g. %2F for /, and give the port as digits)"
  );
}

/** True when the URL carries a password (in the user part or as `?password=`). */
export function hasPassword(url: string): boolean {
  const parsed = parseLikePg(url);
  if (parsed === undefined) return false;
  return parsed.password !== "" || (parsed.searchParams.get("password") ?? "") !== "";
}

/** The URL to hand to pg, and one line of advice when its sslmode was read as something else. */
export interface NormalizedSslMode {
  url: string;
  advice?: string;
}

// pg 8 reads these as verify-full (checks the certificate and the host name) and warns in nine
// lines that pg 9 will read them as libpq does; verify-full says exactly what happens today.
const VERIFY_FULL_ALIASES = new Set(["prefer", "require", "verify-ca"]);

/**
 * Writes `sslmode=prefer|require|verify-ca` as `sslmode=verify-full` (what pg 8 does with them
 * anyway) and answers the advice to print instead of pg's warning. A URL that opts into libpq's
 * semantics (`uselibpqcompat=true`) is left alone: pg does not warn about it.
 */
export function normalizeSslMode(url: string): NormalizedSslMode {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return { url };
  const query = url.slice(queryStart + 1);
  const pairs = query.split("&");
  if (pairs.some((pair) => /^uselibpqcompat=/i.test(pair))) return { url };
  let mode: string | undefined;
  const rewritten = pairs.map((pair) => {
    const match = /^sslmode=(.*)$/.exec(pair);
    if (match === null || !VERIFY_FULL_ALIASES.has(match[1] ?? "")) return pair;
    mode = match[1];
    return "sslmode=verify-full";
  });
  if (mode === undefined) return { url };
  return {
    url: `${url.slice(0, queryStart + 1)}${rewritten.join("&")}`,
    advice:
      `sslmode=${mode} is used as sslmode=verify-full (the server's certificate and host name are checked); ` +
      "write sslmode=verify-full to say so, or sslmode=no-verify to encrypt without checking the certificate.",
  };
}

// pg-connection-string encodes spaces and stray % signs, parses against a base, and retries an
// empty host (`user@/db?host=/socket`) with a placeholder one; the same steps here accept and refuse the same URLs.
function parseLikePg(url: string): URL | undefined {
  const text = / |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(url)
    ? encodeURI(url).replace(/%25(\d\d)/g, "%$1")
    : url;
  for (const candidate of [text, text.replace("@/", "@placeholder-host/")]) {
    try {
      return new URL(candidate, "postgres://base");
    } catch {
      // Try the next form, as pg does.
    }
  }
  return undefined;
}
