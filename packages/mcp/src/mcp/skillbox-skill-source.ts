// The adapter that feeds the SDK's SkillsExtension from Skillbox's registry: which skills are served
// (states), where (paths), and their entries, files and folders. Paging is by URI; digests come from
// the SDK's `skillEntry`, cached per skill by file stamps.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { ResourceNotFoundError } from "@modelcontextprotocol/server";
import type {
  DirectoryResource,
  Skill,
  SkillReadResult,
  SkillSource,
  SkillWarning,
} from "@modelcontextprotocol/server/ext/skills";
import type { SkillRecord } from "@skillbox/core/registry/index/skill-record";
import type { SkillRegistry } from "@skillbox/core/registry/skill-registry-types";
import type { SkillState } from "@skillbox/core/store/skill-state";
import { assignSkillPaths, type SkillPath } from "./assign-skill-paths.js";
import { pageByUri } from "./page-by-uri.js";
import {
  absolutePathOf,
  type BuiltSkill,
  type BuiltSkillFile,
  canonical,
  createSkillEntryCache,
  directoryChildren,
  fileAt,
  isDirectoryOf,
  mimeTypeOfFile,
  type SkillEntryChange,
} from "./skill-entry-cache.js";
import { skillExposure } from "./skill-exposure.js";

/** One skill served as resources. */
export interface ServedSkill extends SkillPath {
  /** In skills/list (false: answered by skills/get only). */
  listed: boolean;
}

/** What the source reads: a workspace fits. */
export interface SkillSourceWorkspace {
  registry: SkillRegistry;
  stateOf(name: string): SkillState;
}

export interface SkillboxSkillSourceOptions {
  /** Entries per skills/list page and children per directory page; default 100. */
  pageSize?: number;
  /** Problems (skills the SDK refuses to publish, unreadable files); default: dropped. */
  onWarning?: (warning: SkillWarning) => void;
  /**
   * How long the served table is reused without a registry event; default 1,000 ms, so states set by
   * another process (the settings page) apply within a second.
   */
  tableTtlMs?: number;
  /**
   * skills/list reuses an entry whose folders are watched and saw no event since its check; one whose
   * folders cannot be watched is reused only if checked this recently; default 0 (always checked, so
   * a listing is never older than the bytes a read serves). skills/get, resources/read and directory
   * reads always check (reads also verify the bytes).
   */
  listRevalidateMs?: number;
  /**
   * Watch the folders of the skills clients have listed or read, so an edit to any of their files is
   * published (`onEntryChanged`) within `rebuildDelayMs`; default true.
   */
  watch?: boolean;
  /** Quiet time after a watch event before the skill is checked again; default 100 ms. */
  rebuildDelayMs?: number;
  /** Epoch milliseconds; default Date.now. */
  clock?: () => number;
}

/** The SDK's SkillSource plus what the MCP front end needs around it. */
export interface SkillboxSkillSource extends Required<Pick<SkillSource, "readDirectory" | "listResources">> {
  list: SkillSource["list"];
  get: SkillSource["get"];
  read: SkillSource["read"];
  /** Every served skill, sorted by URI. */
  servedSkills(): readonly ServedSkill[];
  /** Where `record` is served (its root URI with a trailing slash, e.g. `skill://notes/`), if it is. */
  baseOf(record: SkillRecord): string | undefined;
  /** The built entry of a served skill's SKILL.md URI. */
  entryFor(uri: string): Promise<BuiltSkill | undefined>;
  /** Rebuild the served table on next use (registry or state changes). */
  invalidate(): void;
  /** Called when a rebuilt entry's digests differ from the previous one's. */
  onEntryChanged(listener: (change: SkillEntryChange) => void): () => void;
  /** Stops watching folders. */
  close(): void;
}

type Table = {
  builtAt: number;
  /** The registry's records and what each exposes (bit 1: resources, bit 2: listed) when it was built. */
  records: readonly SkillRecord[];
  exposures: Uint8Array;
  skills: ServedSkill[];
  listed: ServedSkill[];
  byUri: Map<string, ServedSkill>;
  byRoot: Map<string, ServedSkill>;
  byQualifiedName: Map<string, ServedSkill>;
};

/** Creates the adapter over `workspace.registry` and `workspace.stateOf`. */
export function createSkillboxSkillSource(
  workspace: SkillSourceWorkspace,
  options: SkillboxSkillSourceOptions = {},
): SkillboxSkillSource {
  const pageSize = options.pageSize ?? 100;
  const ttl = options.tableTtlMs ?? 1000;
  const clock = options.clock ?? Date.now;
  const warn = options.onWarning ?? (() => undefined);
  const watching = options.watch !== false;
  const entries = createSkillEntryCache(warn, clock, { watch: watching });
  const listMaxAge = options.listRevalidateMs ?? 0;
  const rebuildDelay = options.rebuildDelayMs ?? 100;
  let rebuildTimer: NodeJS.Timeout | undefined;
  // A watch event schedules a check of the skills it touched: the check publishes what changed.
  const stopDirty = entries.onDirty(() => {
    if (rebuildTimer !== undefined) return;
    rebuildTimer = setTimeout(() => {
      rebuildTimer = undefined;
      const { byUri } = currentTable();
      for (const uri of entries.dirtyUris()) {
        const skill = byUri.get(uri);
        if (skill !== undefined) void entries.entryFor(skill).catch(() => undefined);
      }
    }, rebuildDelay);
    rebuildTimer.unref?.();
  });
  const reported = new Set<string>();
  let table: Table | undefined;

  /**
   * The served skills. Rebuilt on `invalidate` (registry events); otherwise, once its TTL ran out, the
   * states are asked again (they may have been set by another process) and the table is rebuilt only
   * when a record or an exposure differs: 10,000 state look-ups cost milliseconds, assigning 10,000
   * paths tens of them.
   */
  function currentTable(): Table {
    const now = clock();
    if (table !== undefined && now - table.builtAt < ttl) return table;
    const records = workspace.registry.list({ includeShadowed: true });
    const exposures = new Uint8Array(records.length);
    for (let index = 0; index < records.length; index++) {
      const record = records[index] as SkillRecord;
      const exposure = skillExposure(record, workspace.stateOf(record.name));
      exposures[index] = (exposure.resources ? 1 : 0) | (exposure.listed ? 2 : 0);
    }
    if (table !== undefined && sameTable(table, records, exposures)) {
      table.builtAt = now;
      return table;
    }
    const exposed = new Map<string, boolean>();
    const served: SkillRecord[] = [];
    for (let index = 0; index < records.length; index++) {
      const bits = exposures[index] as number;
      if ((bits & 1) === 0) continue;
      const record = records[index] as SkillRecord;
      exposed.set(record.qualifiedName, (bits & 2) !== 0);
      served.push(record);
    }
    const { paths, unservable } = assignSkillPaths(served);
    for (const { record, reason } of unservable) {
      // Once per file and reason: the table is rebuilt often and warnings should not repeat.
      const key = `${record.file}\0${reason}`;
      if (reported.has(key)) continue;
      reported.add(key);
      warn({ path: record.file, message: `${reason} (not served over MCP)` });
    }
    const skills = paths.map((item) => ({
      ...item,
      listed: exposed.get(item.record.qualifiedName) === true,
    }));
    table = {
      builtAt: now,
      records,
      exposures,
      skills,
      listed: skills.filter((skill) => skill.listed),
      byUri: new Map(skills.map((skill) => [skill.uri, skill])),
      byRoot: new Map(skills.map((skill) => [skill.rootUri, skill])),
      byQualifiedName: new Map(skills.map((skill) => [skill.record.qualifiedName, skill])),
    };
    entries.retain(new Set(table.byUri.keys()));
    return table;
  }

  /** The served skill whose root is `uri` or holds it (longest root wins for nested prefixes). */
  function skillHolding(uri: string): ServedSkill | undefined {
    const { byRoot } = currentTable();
    let candidate = uri;
    for (;;) {
      const found = byRoot.get(candidate);
      if (found !== undefined) return found;
      const slash = candidate.lastIndexOf("/");
      if (slash <= "skill://".length) return undefined;
      candidate = candidate.slice(0, slash);
    }
  }

  async function builtFor(uri: string): Promise<BuiltSkill | undefined> {
    const skill = currentTable().byUri.get(uri);
    return skill === undefined ? undefined : entries.entryFor(skill);
  }

  /**
   * The file at `uri`, its bytes hashed against the digest last published for it. The entry as last
   * built is tried first, without a stamp check (the hash is the check); a file it does not know, or
   * bytes that differ, mean a rebuild of the entry (which publishes the change) and a second try.
   */
  async function readFileOf(uri: string): Promise<SkillReadResult | undefined> {
    const skill = skillHolding(uri);
    if (skill === undefined) return undefined;
    let built = entries.peek(skill);
    let fresh = false;
    if (built === undefined) {
      built = await entries.entryFor(skill);
      fresh = true;
    }
    for (;;) {
      if (built === undefined) return undefined;
      if (isDirectoryOf(skill, built, uri)) {
        throw new ResourceNotFoundError(uri, `${uri} is a directory; use resources/directory/read`);
      }
      const file = fileAt(built, uri);
      const bytes = file === undefined ? undefined : readBytes(absolutePathOf(skill, file));
      if (file !== undefined && bytes !== undefined && matches(bytes, file)) {
        const mimeType = mimeTypeOfFile(file);
        const text = decodeLossless(bytes);
        return text === undefined ? { bytes, mimeType } : { text, mimeType };
      }
      // Changed, added or removed since the entry was built: publish the new entry, then serve its bytes.
      if (fresh) return undefined;
      built = await entries.entryFor(skill);
      fresh = true;
    }
  }

  return {
    async list({ cursor }) {
      // Watch events already queued (a write that finished before this request) are taken in first,
      // so an entry is never reused past an edit made before the listing was asked for: the kernel
      // queued the event when the write returned, and the second hop is past a poll phase that read it
      // (the first may run in the check phase of the very loop turn whose poll already happened).
      if (watching) await pastNextPoll();
      const page = pageByUri(currentTable().listed, cursor, pageSize, (skill) => skill.uri);
      // Each check does its file work synchronously when called; only the SDK's frontmatter parse of
      // a changed SKILL.md is awaited, so the page's parses run together.
      const built = await Promise.all(
        page.items.map((skill) => entries.entryFor(skill, { maxAgeMs: listMaxAge })),
      );
      const skills = built.flatMap((item) => (item === undefined ? [] : [item.entry]));
      return page.nextCursor === undefined ? { skills } : { skills, nextCursor: page.nextCursor };
    },
    async get(uri): Promise<Skill | undefined> {
      return (await builtFor(canonical(uri)))?.entry;
    },
    read: (uri) => readFileOf(canonical(uri)),
    async readDirectory(uri, { cursor }) {
      const key = canonical(uri);
      const skill = skillHolding(key);
      const built = skill === undefined ? undefined : await entries.entryFor(skill);
      const children =
        skill === undefined || built === undefined ? undefined : directoryChildren(skill, built, key);
      if (children === undefined) return undefined;
      const page = pageByUri<DirectoryResource>(children, cursor, pageSize, (child) => child.uri);
      return page.nextCursor === undefined
        ? { resources: page.items }
        : { resources: page.items, nextCursor: page.nextCursor };
    },
    async listResources() {
      // Metadata from the registry: listing resources never reads or hashes a skill's files.
      return currentTable().listed.map((skill) => ({
        uri: skill.uri,
        name: skill.record.name,
        description: skill.record.metadata.description,
        mimeType: "text/markdown",
        size: skill.record.size,
      }));
    },
    servedSkills: () => currentTable().skills,
    baseOf(record) {
      const skill = currentTable().byQualifiedName.get(record.qualifiedName);
      return skill === undefined ? undefined : `${skill.rootUri}/`;
    },
    entryFor: (uri) => builtFor(canonical(uri)),
    invalidate() {
      table = undefined;
    },
    onEntryChanged: (listener) => entries.onEntryChanged(listener),
    close() {
      if (rebuildTimer !== undefined) clearTimeout(rebuildTimer);
      rebuildTimer = undefined;
      stopDirty();
      entries.close();
    },
  };
}

/** Resolves after the event loop has polled for I/O at least once more. */
function pastNextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

function readBytes(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    // Deleted since it was listed: the caller refreshes the entry.
    return undefined;
  }
}

/** The bytes are the ones the published entry describes (so what is served always verifies). */
function matches(bytes: Uint8Array, file: BuiltSkillFile): boolean {
  return (
    bytes.byteLength === file.size &&
    `sha256:${createHash("sha256").update(bytes).digest("hex")}` === file.digest
  );
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function sameTable(table: Table, records: readonly SkillRecord[], exposures: Uint8Array): boolean {
  if (table.records.length !== records.length) return false;
  // Records are immutable: a changed skill is a new object.
  for (let index = 0; index < records.length; index++) {
    if (table.records[index] !== records[index] || table.exposures[index] !== exposures[index]) return false;
  }
  return true;
}

/** UTF-8 text when decoding loses nothing; otherwise undefined (sent as a base64 blob). */
function decodeLossless(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
