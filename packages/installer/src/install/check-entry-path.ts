// Path checks for every tree path and archive entry before it touches the disk (pure): no `..`, no
// absolute paths or drive letters, no backslashes, no control characters, no Windows aliasing tricks.
import { posix } from "node:path";

/** The normalised relative path (`""` for the root itself), or why the entry is refused. */
export type EntryPathCheck = { ok: true; path: string } | { ok: false; reason: string };

const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_LENGTH = 4096;
const MAX_DEPTH = 64;
const CONTROL = /[\p{Cc}]/u;
// CON, PRN, AUX, NUL, COM1-9, LPT1-9, with or without an extension: device names on Windows.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Checks one path from a tree listing or an archive header. Leading `./` and a trailing `/` are
 * dropped; anything that could land outside the destination, alias another name on Windows or
 * hide characters is refused with a reason.
 */
export function checkEntryPath(raw: string): EntryPathCheck {
  if (raw.length > MAX_PATH_LENGTH) return refuse("the path is longer than 4096 characters");
  if (CONTROL.test(raw)) return refuse("the path contains a control character");
  if (raw.includes("\\")) return refuse("the path contains a backslash");
  if (raw.startsWith("/")) return refuse("the path is absolute");
  if (/^[A-Za-z]:/.test(raw)) return refuse("the path starts with a drive letter");
  if (raw.includes(":")) return refuse("the path contains ':' (a drive or stream name on Windows)");
  let path = raw;
  while (path.startsWith("./")) path = path.slice(2);
  if (path === "." || path === "") return { ok: true, path: "" };
  if (path.endsWith("/")) path = path.slice(0, -1);
  const segments = path.split("/");
  if (segments.length > MAX_DEPTH) return refuse("the path is nested more than 64 folders deep");
  for (const segment of segments) {
    if (segment === "") return refuse("the path has an empty segment ('//')");
    if (segment === "." || segment === "..") return refuse(`the path has a '${segment}' segment`);
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return refuse("a path segment is over 255 bytes");
    if (/[. ]$/.test(segment)) return refuse("a path segment ends with a dot or a space");
    if (WINDOWS_DEVICE.test(segment)) return refuse(`'${segment}' is a device name on Windows`);
  }
  return { ok: true, path };
}

/** True for paths inside a `.git` folder (however disguised): never installed. */
export function isGitMetadataPath(path: string): boolean {
  return path.split("/").some((segment) => segment.replace(/\p{Cf}/gu, "").toLowerCase() === ".git");
}

/**
 * Where a symbolic link at `linkPath` points, as a path relative to the same root, or undefined
 * when the target is absolute or climbs out of the root.
 */
export function resolveLinkTarget(linkPath: string, target: string): string | undefined {
  if (target === "" || target.startsWith("/") || target.includes("\\") || /^[A-Za-z]:/.test(target)) {
    return undefined;
  }
  if (CONTROL.test(target)) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(linkPath), target));
  if (joined === ".." || joined.startsWith("../") || joined.startsWith("/")) return undefined;
  return joined === "." ? "" : joined;
}

/** True when `path` is `folder` itself or below it (`folder` `""` is the root). */
export function isInsideFolder(path: string, folder: string): boolean {
  return folder === "" || path === folder || path.startsWith(`${folder}/`);
}

/** `path` relative to `folder`, which must contain it. */
export function relativeToFolder(path: string, folder: string): string {
  if (folder === "") return path;
  return path === folder ? "" : path.slice(folder.length + 1);
}

function refuse(reason: string): EntryPathCheck {
  return { ok: false, reason };
}
