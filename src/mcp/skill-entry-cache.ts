// Skill entries (verbatim frontmatter + `{uri, digest, size}` for every file) built by the SDK's
// `skillEntry` on first use and kept while no file of the skill changed its (path, size, mtime):
// digests are computed lazily, per skill, never by re-hashing the tree per request.

import { readFile } from "node:fs/promises";
import * as path from "node:path";
import {
  type DirectoryResource,
  SKILL_LIMITS,
  type Skill,
  type SkillWarning,
  skillEntry,
} from "@modelcontextprotocol/server/ext/skills";
import type { SkillPath } from "./assign-skill-paths.js";
import { listServedFiles, type ServedFile, signatureOf } from "./list-served-files.js";
import { mimeTypeOf } from "./mime-type.js";

/** One file of a built entry, with where its bytes live. */
export interface BuiltSkillFile {
  uri: string;
  absolute: string;
  size: number;
  mtimeMs: number;
  digest: string;
  mimeType: string;
}

/** A published entry and the lookups reads and directory reads need. */
export interface BuiltSkill {
  signature: string;
  entry: Skill;
  /** Canonical URI → file. */
  files: ReadonlyMap<string, BuiltSkillFile>;
  /** Canonical directory URI (the root and every sub-folder holding files) → its direct children. */
  directories: ReadonlyMap<string, DirectoryResource[]>;
}

/** A change a rebuild found: the URIs whose digest changed, appeared or vanished. */
export interface SkillEntryChange {
  uri: string;
  changedFiles: string[];
}

/** Builds and caches entries, keyed by the skill's SKILL.md URI. */
export interface SkillEntryCache {
  /**
   * The entry for `skill`, rebuilt when its file stamps changed; undefined when it cannot be published.
   * With `maxAgeMs`, an entry whose stamps were checked that recently is returned without a new walk.
   */
  entryFor(skill: SkillPath, options?: { maxAgeMs?: number }): Promise<BuiltSkill | undefined>;
  /** Forgets entries whose URI is not in `uris` (skills no longer served). */
  retain(uris: ReadonlySet<string>): void;
  /** Called after a rebuild replaced an entry with a different one. */
  onEntryChanged(listener: (change: SkillEntryChange) => void): () => void;
}

type Cached = { signature: string; built: BuiltSkill | undefined; checkedAt: number };

/** A cache whose problems (skills the SDK refuses, unreadable files) go to `onWarning`. */
export function createSkillEntryCache(
  onWarning: (warning: SkillWarning) => void,
  clock: () => number = Date.now,
): SkillEntryCache {
  const cache = new Map<string, Cached>();
  const building = new Map<string, Promise<BuiltSkill | undefined>>();
  const listeners = new Set<(change: SkillEntryChange) => void>();

  async function build(skill: SkillPath): Promise<BuiltSkill | undefined> {
    const files = await listServedFiles(skill.record.file);
    if (files === undefined) {
      cache.delete(skill.uri);
      return undefined;
    }
    const signature = `${skill.record.file}\n${signatureOf(files)}`;
    const cached = cache.get(skill.uri);
    if (cached !== undefined && cached.signature === signature) {
      cached.checkedAt = clock();
      return cached.built;
    }
    const built = await publish(skill, files, signature, onWarning);
    cache.set(skill.uri, { signature, built, checkedAt: clock() });
    if (cached?.built !== undefined && built !== undefined) {
      const changedFiles = diffDigests(cached.built, built);
      if (changedFiles.length > 0)
        for (const listener of [...listeners]) listener({ uri: skill.uri, changedFiles });
    }
    return built;
  }

  return {
    entryFor(skill, options = {}) {
      const cached = cache.get(skill.uri);
      if (
        cached !== undefined &&
        options.maxAgeMs !== undefined &&
        clock() - cached.checkedAt < options.maxAgeMs
      ) {
        return Promise.resolve(cached.built);
      }
      // Concurrent requests for one skill share a single walk and hash.
      const running = building.get(skill.uri);
      if (running !== undefined) return running;
      const promise = build(skill).finally(() => building.delete(skill.uri));
      building.set(skill.uri, promise);
      return promise;
    },
    retain(uris) {
      for (const uri of cache.keys()) if (!uris.has(uri)) cache.delete(uri);
    },
    onEntryChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function publish(
  skill: SkillPath,
  files: readonly ServedFile[],
  signature: string,
  onWarning: (warning: SkillWarning) => void,
): Promise<BuiltSkill | undefined> {
  const skip = (message: string) => {
    onWarning({ path: skill.record.directory, message: `${message} (not served over MCP)` });
    return undefined;
  };
  // The walk stops one past the limit: a skill cut short would publish an incomplete file list.
  if (files.length > SKILL_LIMITS.files) {
    return skip(`more than ${SKILL_LIMITS.files} files; a skills/list entry must list every file`);
  }
  const contents: Record<string, Uint8Array> = {};
  try {
    for (const file of files) contents[file.relative] = await readFile(file.absolute);
  } catch (error) {
    return skip(`a file could not be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let entry: Skill;
  try {
    entry = await skillEntry(skill.segments.join("/"), contents);
  } catch (error) {
    return skip(error instanceof Error ? error.message.replace(/\s+/g, " ") : String(error));
  }
  const digests = new Map(
    entry.resources === "dynamic"
      ? []
      : entry.resources.map((resource) => [canonical(resource.uri), resource]),
  );
  const byUri = new Map<string, BuiltSkillFile>();
  for (const file of files) {
    const uri = canonical(`${skill.rootUri}/${file.relative.split("/").map(encodeSegment).join("/")}`);
    const published = digests.get(uri);
    if (published === undefined) return skip(`the SDK published no entry for ${file.relative}`);
    byUri.set(uri, {
      uri,
      absolute: file.absolute,
      size: file.size,
      mtimeMs: file.mtimeMs,
      digest: published.digest,
      mimeType: mimeTypeOf(path.posix.basename(file.relative)),
    });
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > SKILL_LIMITS.bytes) {
    onWarning({
      path: skill.record.directory,
      message: `${total} bytes exceeds the ${SKILL_LIMITS.bytes}-byte publication limit; some hosts may decline it`,
    });
  }
  return { signature, entry, files: byUri, directories: buildDirectories(skill, entry, files, byUri) };
}

function buildDirectories(
  skill: SkillPath,
  entry: Skill,
  files: readonly ServedFile[],
  byUri: ReadonlyMap<string, BuiltSkillFile>,
): Map<string, DirectoryResource[]> {
  const children = new Map<string, Map<string, DirectoryResource>>();
  const folderUri = (relative: string) =>
    canonical(
      relative === ""
        ? skill.rootUri
        : `${skill.rootUri}/${relative.split("/").map(encodeSegment).join("/")}`,
    );
  const childrenOf = (relative: string) => {
    const key = folderUri(relative);
    let map = children.get(key);
    if (map === undefined) {
      map = new Map();
      children.set(key, map);
    }
    return map;
  };
  childrenOf("");
  for (const file of files) {
    const parts = file.relative.split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const parent = parts.slice(0, depth - 1).join("/");
      const folder = parts.slice(0, depth).join("/");
      const uri = folderUri(folder);
      childrenOf(parent).set(uri, { uri, name: parts[depth - 1] as string, mimeType: "inode/directory" });
      childrenOf(folder);
    }
    const uri = canonical(`${skill.rootUri}/${parts.map(encodeSegment).join("/")}`);
    const served = byUri.get(uri) as BuiltSkillFile;
    const resource: DirectoryResource =
      file.relative === "SKILL.md"
        ? {
            uri,
            name: entry.frontmatter.name,
            description: entry.frontmatter.description,
            mimeType: "text/markdown",
            size: served.size,
          }
        : { uri, name: parts.at(-1) as string, mimeType: served.mimeType, size: served.size };
    childrenOf(parts.slice(0, -1).join("/")).set(uri, resource);
  }
  const directories = new Map<string, DirectoryResource[]>();
  for (const [uri, map] of children) {
    directories.set(
      uri,
      [...map.values()].sort((left, right) => (left.uri < right.uri ? -1 : left.uri > right.uri ? 1 : 0)),
    );
  }
  return directories;
}

function diffDigests(previous: BuiltSkill, next: BuiltSkill): string[] {
  const changed: string[] = [];
  for (const [uri, file] of next.files)
    if (previous.files.get(uri)?.digest !== file.digest) changed.push(uri);
  for (const uri of previous.files.keys()) if (!next.files.has(uri)) changed.push(uri);
  return changed;
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
