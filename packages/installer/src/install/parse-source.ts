// Turns what the user typed after `skillbox add` into a source: GitHub shorthand and URLs, skills.sh
// ids and pages, any git URL, a local folder, or a .tar.gz/.zip path or URL (pure).
import * as path from "node:path";
import { SkillboxError } from "@skillbox/core/errors";
import { checkEntryPath } from "./check-entry-path.js";

/** A parsed source; `input` is the text as given. `subpath` is a folder inside the source. */
export type SourceSpec =
  | {
      type: "github";
      owner: string;
      repo: string;
      ref?: string;
      subpath?: string;
      /** A skill named by a skills.sh id or page (`owner/repo/skill`), when it is not a folder. */
      skillHint?: string;
      input: string;
    }
  | { type: "git"; url: string; ref?: string; input: string }
  | { type: "local"; path: string; input: string }
  | { type: "archive"; location: string; remote: boolean; input: string };

const SHORTHAND =
  /^(?:github:)?([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})((?:\/[^@]+)?)(?:@(.+))?$/;
const ARCHIVE_SUFFIX = /\.(tar\.gz|tgz|tar|zip)$/i;
const GIT_SCHEMES = /^(https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\\]/;

export interface ParseSourceOptions {
  /** Relative local paths resolve against this folder. */
  cwd: string;
  /** `~` expands to this folder. */
  home: string;
}

/** Parses a source; throws an `invalid-argument` error with the accepted forms when it cannot. */
export function parseSource(input: string, options: ParseSourceOptions): SourceSpec {
  const text = input.trim();
  if (text === "") throw invalidSource(input, "the source is empty");
  if (isLocalPath(text)) {
    const expanded = text === "~" || text.startsWith("~/") ? path.join(options.home, text.slice(1)) : text;
    const absolute = path.resolve(options.cwd, expanded);
    return ARCHIVE_SUFFIX.test(absolute)
      ? { type: "archive", location: absolute, remote: false, input }
      : { type: "local", path: absolute, input };
  }
  if (/^https?:\/\//i.test(text)) return parseHttpUrl(text, input);
  if (GIT_SCHEMES.test(text) || SCP_LIKE.test(text)) return parseGitUrl(text, input);
  const shorthand = SHORTHAND.exec(text);
  if (shorthand) {
    const [, owner = "", repo = "", rest = "", ref] = shorthand;
    return githubSpec(input, owner, repo.replace(/\.git$/, ""), rest.slice(1), ref);
  }
  throw invalidSource(input, "it is not owner/repo, a URL or a path (start local paths with ./ or /)");
}

function parseHttpUrl(text: string, input: string): SourceSpec {
  const url = new URL(text);
  if (ARCHIVE_SUFFIX.test(url.pathname)) return { type: "archive", location: text, remote: true, input };
  const host = url.hostname.toLowerCase();
  const parts = url.pathname
    .split("/")
    .filter((part) => part !== "")
    .map(decodeURIComponent);
  if (host === "skills.sh" || host === "www.skills.sh") {
    const [owner, repo, skill] = parts;
    if (owner === undefined || repo === undefined)
      throw invalidSource(input, "a skills.sh link names owner/repo");
    return { ...githubSpec(input, owner, repo, "", undefined), ...(skill ? { skillHint: skill } : {}) };
  }
  if (host === "github.com" || host === "www.github.com") {
    const [owner, repo, kind, ref, ...rest] = parts;
    if (owner === undefined || repo === undefined)
      throw invalidSource(input, "a GitHub link names owner/repo");
    const name = repo.replace(/\.git$/, "");
    if (kind === undefined) return githubSpec(input, owner, name, "", undefined);
    if ((kind !== "tree" && kind !== "blob") || ref === undefined) {
      throw invalidSource(input, "use a repository, /tree/<ref>/<path> or /blob/<ref>/<path> link");
    }
    let subpath = rest.join("/");
    if (kind === "blob") subpath = /(^|\/)skill\.md$/i.test(subpath) ? path.posix.dirname(subpath) : subpath;
    return githubSpec(input, owner, name, subpath === "." ? "" : subpath, ref);
  }
  return parseGitUrl(text, input);
}

function parseGitUrl(text: string, input: string): SourceSpec {
  const hash = text.indexOf("#");
  const url = hash === -1 ? text : text.slice(0, hash);
  const ref = hash === -1 ? undefined : text.slice(hash + 1);
  if (url.startsWith("-") || url.includes("::"))
    throw invalidSource(input, "this git URL form is not allowed");
  if (/[\s\p{Cc}]/u.test(url)) throw invalidSource(input, "the URL contains spaces or control characters");
  return { type: "git", url, ...(ref ? { ref: checkRef(ref, input) } : {}), input };
}

function githubSpec(
  input: string,
  owner: string,
  repo: string,
  subpath: string,
  ref: string | undefined,
): SourceSpec {
  const spec: SourceSpec = { type: "github", owner, repo, input };
  if (ref !== undefined && ref !== "") spec.ref = checkRef(ref, input);
  if (subpath !== "") {
    const checked = checkEntryPath(subpath);
    if (!checked.ok)
      throw invalidSource(input, `the path inside the repository is unsafe: ${checked.reason}`);
    if (checked.path !== "") spec.subpath = checked.path;
  }
  return spec;
}

/** A ref as git accepts it, never one that could be read as an option. */
export function checkRef(ref: string, input: string): string {
  if (
    !/^[A-Za-z0-9._/+-]{1,255}$/.test(ref) ||
    ref.startsWith("-") ||
    ref.includes("..") ||
    ref.endsWith(".lock")
  ) {
    throw invalidSource(input, `'${ref}' is not a usable branch, tag or commit`);
  }
  return ref;
}

function isLocalPath(text: string): boolean {
  return (
    text === "." ||
    text === ".." ||
    text === "~" ||
    /^(\.{1,2}|~)[/\\]/.test(text) ||
    text.startsWith("/") ||
    /^[A-Za-z]:[/\\]/.test(text) ||
    text.startsWith("\\\\")
  );
}

function invalidSource(input: string, reason: string): SkillboxError {
  return new SkillboxError(
    "invalid-argument",
    `Cannot use '${input}' as a source: ${reason}. Accepted: owner/repo[/path][@ref], a GitHub or skills.sh link, a git URL, ./folder, or a .tar.gz/.zip path or URL.`,
    { data: { source: input } },
  );
}
