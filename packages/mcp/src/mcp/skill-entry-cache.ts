// Skill entries (verbatim frontmatter + `{uri, digest, size}` for every file), built on first use and
// kept per file by (path, size, mtime): a check stats the skill's files and re-reads and re-hashes
// only those whose stamp changed; the frontmatter is parsed again (by the SDK's `skillEntry`) only
// when SKILL.md changed. Nothing is hashed ahead of a page, a skills/get or a read that needs it.

import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync, readSync, statSync } from "node:fs";
import * as path from "node:path";
import {
  type DirectoryResource,
  SKILL_LIMITS,
  type Skill,
  type SkillWarning,
  skillEntry,
} from "@modelcontextprotocol/server/ext/skills";
import type { SkillPath } from "./assign-skill-paths.js";
import {
  foldersUnchanged,
  listServedFiles,
  type ServedFolder,
  type ServedPath,
} from "./list-served-files.js";
import { mimeTypeOf } from "./mime-type.js";
import { createSkillFolderWatcher, type SkillFolderWatcher } from "./watch-skill-folders.js";

/** One file of a built entry: what was hashed, and the stamp it had. */
export interface BuiltSkillFile {
  /** As published in the entry (the SDK's spelling, which is also the canonical one for these paths). */
  uri: string;
  /** POSIX path under the skill folder (`SKILL.md` for the skill file whatever its case on disk). */
  relative: string;
  size: number;
  mtimeMs: number;
  digest: string;
}

/** A published entry and its files, in the entry's (URI) order. */
export interface BuiltSkill {
  entry: Skill;
  files: readonly BuiltSkillFile[];
}

/** A change a rebuild found: the URIs whose digest changed, appeared or vanished. */
export interface SkillEntryChange {
  uri: string;
  changedFiles: string[];
}

/** Builds and caches entries, keyed by the skill's SKILL.md URI. */
export interface SkillEntryCache {
  /**
   * The entry for `skill`, after a stamp check (a rebuild of what changed); undefined when it cannot
   * be published. With `maxAgeMs`, an entry that no watch event touched since its check is returned as
   * is — while its folders are watched whatever its age, otherwise if checked that recently.
   */
  entryFor(skill: SkillPath, options?: { maxAgeMs?: number }): Promise<BuiltSkill | undefined>;
  /** Called (synchronously, from the watch event) when a file of a built skill changed on disk. */
  onDirty(listener: (uri: string) => void): () => void;
  /** The URIs a watch event touched since their last check (the caller rebuilds those entries). */
  dirtyUris(): string[];
  /** Stops watching. */
  close(): void;
  /** The entry as last built, without a check (reads verify the bytes they serve themselves). */
  peek(skill: SkillPath): BuiltSkill | undefined;
  /** Forgets entries whose URI is not in `uris` (skills no longer served). */
  retain(uris: ReadonlySet<string>): void;
  /** Called after a rebuild replaced an entry with a different one. */
  onEntryChanged(listener: (change: SkillEntryChange) => void): () => void;
}

/** What one check left behind for the next. */
type Cached = {
  checkedAt: number;
  /** The skill file the stamps and paths belong to. */
  skillFile: string;
  /** Every served file with its stamp and digest, by relative path. */
  stamps: Map<string, BuiltSkillFile>;
  /** The folders the walk listed, with their mtimes then. */
  folders: readonly ServedFolder[];
  /** What the SDK made of the SKILL.md with this digest: its entry, or why it refused it. */
  parsed: { digest: string; entry: Skill | undefined; refusal?: string } | undefined;
  built: BuiltSkill | undefined;
  /** Why the skill is not published (last reported), if it is not. */
  refusal?: string;
  /** Every folder of the skill is watched: until an event, nothing changed. */
  watched: boolean;
};

/** Options of the cache. */
export interface SkillEntryCacheOptions {
  /** Watch the folders of built entries (events mark them for a check); default true. */
  watch?: boolean;
}

/** A file hashed whole, with the stamp it had when opened (and its bytes, when asked for). */
type HashedFile = { digest: string; size: number; mtimeMs: number; bytes: Buffer | undefined };

/** A cache whose problems (skills the SDK refuses, unreadable files) go to `onWarning`. */
export function createSkillEntryCache(
  onWarning: (warning: SkillWarning) => void,
  clock: () => number = Date.now,
  options: SkillEntryCacheOptions = {},
): SkillEntryCache {
  const cache = new Map<string, Cached>();
  const building = new Map<string, Promise<BuiltSkill | undefined>>();
  const listeners = new Set<(change: SkillEntryChange) => void>();
  const dirtyListeners = new Set<(uri: string) => void>();
  /**
   * Relative paths (or every file) that watch events named since the skill's last check. Kept apart
   * from the cached state: an event that lands while a build awaits the SDK must survive that build.
   */
  const dirty = new Map<string, Set<string> | "all">();
  const watcher: SkillFolderWatcher | undefined =
    options.watch === false
      ? undefined
      : createSkillFolderWatcher((uri, changed) => {
          const cached = cache.get(uri);
          if (cached === undefined) return;
          const directory = path.dirname(cached.skillFile);
          let relative =
            changed === undefined ? undefined : path.relative(directory, changed).split(path.sep).join("/");
          if (relative === path.basename(cached.skillFile)) relative = "SKILL.md";
          const current = dirty.get(uri);
          if (relative === undefined || relative === "" || relative.startsWith("..")) dirty.set(uri, "all");
          else if (current === undefined) dirty.set(uri, new Set([relative]));
          else if (current !== "all") current.add(relative);
          for (const listener of [...dirtyListeners]) listener(uri);
        });

  async function build(skill: SkillPath): Promise<BuiltSkill | undefined> {
    const cached = cache.get(skill.uri);
    // Stamps are only comparable within one folder: a URI now served from another one starts afresh.
    const previous = cached?.skillFile === skill.record.file ? cached : undefined;
    // What events named is hashed again whatever its stamp: two writes within one mtime tick, of the
    // same size, leave the stamp as it was.
    const touched = dirty.get(skill.uri);
    dirty.delete(skill.uri);
    const forced = (relative: string) => touched === "all" || touched?.has(relative) === true;
    // A refusal is reported once, not again on every check that finds it unchanged.
    const refuse = (
      message: string,
      next: Omit<Cached, "checkedAt" | "skillFile" | "refusal" | "watched"> = emptyState(),
    ) => {
      if (previous?.refusal !== message) {
        onWarning({ path: skill.record.directory, message: `${message} (not served over MCP)` });
      }
      cache.set(skill.uri, {
        ...next,
        checkedAt: clock(),
        skillFile: skill.record.file,
        refusal: message,
        watched: watchFolders(skill.uri, next.folders),
      });
      return undefined;
    };
    let paths: ServedPath[];
    let folders: readonly ServedFolder[];
    if (previous?.built !== undefined && touched === undefined && foldersUnchanged(previous.folders)) {
      // No folder's entries changed: the files are the ones published last time (stats follow).
      folders = previous.folders;
      paths = previous.built.files.map((file) => ({
        relative: file.relative,
        absolute: absolutePathOf(skill, file),
      }));
    } else {
      ({ files: paths, folders } = listServedFiles(skill.record.file));
    }
    // The walk stops one past the limit: a skill cut short would publish an incomplete file list.
    if (paths.length > SKILL_LIMITS.files) {
      return refuse(`more than ${SKILL_LIMITS.files} files; a skills/list entry must list every file`);
    }
    const stamps = new Map<string, BuiltSkillFile>();
    let changed = previous?.stamps.size !== paths.length;
    let skillFileBytes: Buffer | undefined;
    for (const file of paths) {
      const known = previous?.stamps.get(file.relative);
      if (known !== undefined && !forced(file.relative)) {
        const stamp = statStamp(file.absolute);
        if (
          stamp !== "gone" &&
          stamp !== undefined &&
          stamp.size === known.size &&
          stamp.mtimeMs === known.mtimeMs
        ) {
          stamps.set(file.relative, known);
          continue;
        }
      }
      const read = hashFile(file.absolute, file.relative === "SKILL.md");
      if (read === "gone") {
        // Gone between the walk and the read: the file is simply not served; without SKILL.md, no skill.
        if (file.relative === "SKILL.md") return forget(skill.uri);
        changed = true;
        continue;
      }
      if (typeof read === "string") return refuse(`a file could not be read (${read})`);
      if (read.bytes !== undefined) skillFileBytes = read.bytes;
      if (known?.digest !== read.digest) changed = true;
      stamps.set(file.relative, {
        uri: fileUri(skill, file.relative),
        relative: file.relative,
        size: read.size,
        mtimeMs: read.mtimeMs,
        digest: read.digest,
      });
    }
    const skillFile = stamps.get("SKILL.md") as BuiltSkillFile;
    let parsed = previous?.parsed;
    if (parsed === undefined || parsed.digest !== skillFile.digest) {
      let bytes = skillFileBytes;
      if (bytes === undefined) {
        const read = hashFile(skill.record.file, true);
        if (read === "gone") return forget(skill.uri);
        if (typeof read === "string") return refuse(`a file could not be read (${read})`);
        // Asked with keepBytes, so present.
        bytes = read.bytes as Buffer;
      }
      // Only the skill file goes to the SDK: its reader gives the verbatim frontmatter and its rules
      // check it; the digests are ours (node:crypto, not one WebCrypto job per file).
      try {
        const entry = await skillEntry(skill.segments.join("/"), { "SKILL.md": bytes });
        // A JSON round trip: the reader's values are slices of the whole SKILL.md text, which they
        // would keep alive (10,000 skills: 70 MB of skill files held for their frontmatter).
        const frontmatter = JSON.parse(JSON.stringify(entry.frontmatter)) as Skill["frontmatter"];
        parsed = { digest: skillFile.digest, entry: { uri: entry.uri, frontmatter, resources: [] } };
      } catch (error) {
        const message = error instanceof Error ? error.message.replace(/\s+/g, " ") : String(error);
        return refuse(message, {
          stamps,
          folders,
          parsed: { digest: skillFile.digest, entry: undefined, refusal: message },
          built: undefined,
        });
      }
      changed = true;
    }
    if (parsed.entry === undefined) {
      return refuse(parsed.refusal ?? "refused by the SDK", { stamps, folders, parsed, built: undefined });
    }
    if (!changed && previous?.built !== undefined && previous.refusal === undefined) {
      previous.checkedAt = clock();
      previous.stamps = stamps;
      previous.folders = folders;
      previous.watched = watchFolders(skill.uri, folders);
      return previous.built;
    }
    const built = publish(skill, parsed.entry, stamps, onWarning);
    cache.set(skill.uri, {
      checkedAt: clock(),
      skillFile: skill.record.file,
      stamps,
      folders,
      parsed,
      built,
      watched: watchFolders(skill.uri, folders),
    });
    // Against what was published at this URI, from whichever folder.
    if (cached?.built !== undefined) {
      const changedFiles = diffDigests(cached.built, built);
      if (changedFiles.length > 0)
        for (const listener of [...listeners]) listener({ uri: skill.uri, changedFiles });
    }
    return built;
  }

  function forget(uri: string): undefined {
    cache.delete(uri);
    watcher?.remove(uri);
    return undefined;
  }

  /** Watches the skill's folders; true when every one of them is watched. */
  function watchFolders(uri: string, folders: readonly ServedFolder[]): boolean {
    if (watcher === undefined || folders.length === 0) return false;
    return watcher.set(
      uri,
      folders.map((folder) => folder.absolute),
    );
  }

  return {
    entryFor(skill, entryOptions = {}) {
      const cached = cache.get(skill.uri);
      if (
        cached !== undefined &&
        entryOptions.maxAgeMs !== undefined &&
        !dirty.has(skill.uri) &&
        (cached.watched || clock() - cached.checkedAt < entryOptions.maxAgeMs)
      ) {
        return Promise.resolve(cached.built);
      }
      // Concurrent requests for one skill share a single check.
      const running = building.get(skill.uri);
      if (running !== undefined) return running;
      const promise = build(skill).finally(() => building.delete(skill.uri));
      building.set(skill.uri, promise);
      return promise;
    },
    peek: (skill) => cache.get(skill.uri)?.built,
    retain(uris) {
      for (const uri of cache.keys()) if (!uris.has(uri)) forget(uri);
    },
    onDirty(listener) {
      dirtyListeners.add(listener);
      return () => dirtyListeners.delete(listener);
    },
    dirtyUris: () => [...dirty.keys()],
    close() {
      watcher?.close();
      dirtyListeners.clear();
    },
    onEntryChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function emptyState(): Omit<Cached, "checkedAt" | "skillFile" | "refusal" | "watched"> {
  return { stamps: new Map(), folders: [], parsed: undefined, built: undefined };
}

/** The entry: the SDK's URI and frontmatter, and every file in code-unit URI order (the SDK's order). */
function publish(
  skill: SkillPath,
  parsed: Skill,
  stamps: ReadonlyMap<string, BuiltSkillFile>,
  onWarning: (warning: SkillWarning) => void,
): BuiltSkill {
  const files = [...stamps.values()].sort((left, right) =>
    left.uri < right.uri ? -1 : left.uri > right.uri ? 1 : 0,
  );
  let total = 0;
  for (const file of files) total += file.size;
  if (total > SKILL_LIMITS.bytes) {
    onWarning({
      path: skill.record.directory,
      message: `${total} bytes exceeds the ${SKILL_LIMITS.bytes}-byte publication limit; some hosts may decline it`,
    });
  }
  const entry: Skill = {
    uri: parsed.uri,
    frontmatter: parsed.frontmatter,
    resources: files.map((file) => ({ uri: file.uri, digest: file.digest, size: file.size })),
  };
  return { entry, files };
}

/** The file of `built` at `uri` (canonical form), if it serves one. */
export function fileAt(built: BuiltSkill, uri: string): BuiltSkillFile | undefined {
  for (const file of built.files) if (file.uri === uri || canonical(file.uri) === uri) return file;
  return undefined;
}

/** Where a file of `skill` lives on disk. */
export function absolutePathOf(skill: SkillPath, file: BuiltSkillFile): string {
  return file.relative === "SKILL.md"
    ? skill.record.file
    : path.join(skill.record.directory, ...file.relative.split("/"));
}

/** The MIME type a file is served with. */
export function mimeTypeOfFile(file: BuiltSkillFile): string {
  return file.relative === "SKILL.md" ? "text/markdown" : mimeTypeOf(path.posix.basename(file.relative));
}

/**
 * The direct children of the folder at `uri` (the skill root or a sub-folder holding files), sorted
 * by URI: sub-folders as `inode/directory`, SKILL.md with the skill's name and description, other
 * files with their MIME type and size. Undefined when `uri` is no such folder.
 */
export function directoryChildren(
  skill: SkillPath,
  built: BuiltSkill,
  uri: string,
): DirectoryResource[] | undefined {
  const root = canonical(skill.rootUri);
  let prefix: string;
  if (uri === root) prefix = "";
  else if (uri.startsWith(`${root}/`)) prefix = decodeRelative(uri.slice(root.length + 1));
  else return undefined;
  const children = new Map<string, DirectoryResource>();
  for (const file of built.files) {
    if (prefix !== "" && !file.relative.startsWith(`${prefix}/`)) continue;
    const rest = prefix === "" ? file.relative : file.relative.slice(prefix.length + 1);
    const slash = rest.indexOf("/");
    if (slash !== -1) {
      const name = rest.slice(0, slash);
      const folder = folderUri(skill, prefix === "" ? name : `${prefix}/${name}`);
      children.set(folder, { uri: folder, name, mimeType: "inode/directory" });
    } else if (file.relative === "SKILL.md") {
      const uri = canonical(file.uri);
      children.set(uri, {
        uri,
        name: built.entry.frontmatter.name,
        description: built.entry.frontmatter.description,
        mimeType: "text/markdown",
        size: file.size,
      });
    } else {
      const uri = canonical(file.uri);
      children.set(uri, { uri, name: rest, mimeType: mimeTypeOfFile(file), size: file.size });
    }
  }
  if (children.size === 0 && prefix !== "") return undefined;
  return [...children.values()].sort((left, right) =>
    left.uri < right.uri ? -1 : left.uri > right.uri ? 1 : 0,
  );
}

/** True when `uri` names a folder of `built` that holds files (the root included). */
export function isDirectoryOf(skill: SkillPath, built: BuiltSkill, uri: string): boolean {
  if (uri === canonical(skill.rootUri)) return true;
  const inside = `${uri}/`;
  return built.files.some((file) => file.uri.startsWith(inside) || canonical(file.uri).startsWith(inside));
}

function diffDigests(previous: BuiltSkill, next: BuiltSkill): string[] {
  const before = new Map(previous.files.map((file) => [canonical(file.uri), file.digest]));
  const changed: string[] = [];
  for (const file of next.files) {
    const uri = canonical(file.uri);
    if (before.get(uri) !== file.digest) changed.push(uri);
    before.delete(uri);
  }
  changed.push(...before.keys());
  return changed;
}

function fileUri(skill: SkillPath, relative: string): string {
  return `${skill.rootUri}/${relative.split("/").map(encodeSegment).join("/")}`;
}

function folderUri(skill: SkillPath, relative: string): string {
  return canonical(fileUri(skill, relative));
}

/** The relative path a URI below a skill root names (segments percent-decoded). */
function decodeRelative(encoded: string): string {
  return encoded
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/** `size` and `mtimeMs` of a regular file; "gone" when it no longer exists; undefined when not a file. */
function statStamp(file: string): { size: number; mtimeMs: number } | "gone" | undefined {
  try {
    const stats = statSync(file);
    return stats.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs } : "gone";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "gone" : undefined;
  }
}

const CHUNK = 64 * 1024;
/** One buffer for every read: hashing 10,000 skills allocated 170 MB of buffers, mostly garbage at once. */
const scratch = Buffer.allocUnsafeSlow(CHUNK);

/**
 * The file's sha256 and its stamp from one open (fstat, then reads in 64 KiB chunks, as far as the
 * size fstat gave, like readFileSync): "gone" when missing, else an error code. If the file changes
 * meanwhile, its mtime no longer matches the recorded stamp and the next check hashes it again.
 */
function hashFile(file: string, keepBytes: boolean): HashedFile | "gone" | string {
  let descriptor: number;
  try {
    descriptor = openSync(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return code === "ENOENT" || code === "ENOTDIR" ? "gone" : code;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) return "gone";
    const hash = createHash("sha256");
    const kept = keepBytes ? Buffer.allocUnsafe(stats.size) : undefined;
    let size = 0;
    while (size < stats.size) {
      const target = kept ?? scratch;
      const offset = kept === undefined ? 0 : size;
      const count = readSync(descriptor, target, offset, Math.min(CHUNK, stats.size - size), null);
      if (count === 0) break;
      hash.update(target.subarray(offset, offset + count));
      size += count;
    }
    return {
      digest: `sha256:${hash.digest("hex")}`,
      size,
      mtimeMs: stats.mtimeMs,
      bytes: kept?.subarray(0, size),
    };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "error";
  } finally {
    closeSync(descriptor);
  }
}

/** Percent-encodes one path segment the way the SDK's `skillEntry` does. */
export function encodeSegment(segment: string): string {
  if (segment === "." || segment === "..") return segment.replaceAll(".", "%2E");
  return segment.replace(/[^\w!$&'()*+,.:;=@[\]|~-]/gu, (character) => encodeURIComponent(character));
}

/** The WHATWG-serialised form of a URI (the one spelling lookups use); the input when it does not parse. */
export function canonical(uri: string): string {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}
