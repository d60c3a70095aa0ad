// The adapter that feeds the SDK's SkillsExtension from Skillbox's registry: which skills are served
// (states), where (paths), and their entries, files and folders. Paging is by URI; digests come from
// the SDK's `skillEntry`, cached per skill by file stamps.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { ResourceNotFoundError } from "@modelcontextprotocol/server";
import type {
  DirectoryResource,
  Skill,
  SkillReadResult,
  SkillSource,
  SkillWarning,
} from "@modelcontextprotocol/server/ext/skills";
import { mapWithConcurrency } from "../registry/files/map-with-concurrency.js";
import type { SkillRegistry } from "../registry/skill-registry-types.js";
import type { SkillState } from "../store/skill-state.js";
import { assignSkillPaths, type SkillPath } from "./assign-skill-paths.js";
import { pageByUri } from "./page-by-uri.js";
import {
  type BuiltSkill,
  type BuiltSkillFile,
  canonical,
  createSkillEntryCache,
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
   * skills/list reuses an entry whose file stamps were checked this recently; default 1,000 ms.
   * skills/get, resources/read and directory reads always check (reads also verify the bytes).
   */
  listRevalidateMs?: number;
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
  /** The built entry of a served skill's SKILL.md URI. */
  entryFor(uri: string): Promise<BuiltSkill | undefined>;
  /** Rebuild the served table on next use (registry or state changes). */
  invalidate(): void;
  /** Called when a rebuilt entry's digests differ from the previous one's. */
  onEntryChanged(listener: (change: SkillEntryChange) => void): () => void;
}

type Table = {
  builtAt: number;
  skills: ServedSkill[];
  listed: ServedSkill[];
  byUri: Map<string, ServedSkill>;
  byRoot: Map<string, ServedSkill>;
};

const ENTRY_CONCURRENCY = 16;

/** Creates the adapter over `workspace.registry` and `workspace.stateOf`. */
export function createSkillboxSkillSource(
  workspace: SkillSourceWorkspace,
  options: SkillboxSkillSourceOptions = {},
): SkillboxSkillSource {
  const pageSize = options.pageSize ?? 100;
  const ttl = options.tableTtlMs ?? 1000;
  const clock = options.clock ?? Date.now;
  const warn = options.onWarning ?? (() => undefined);
  const entries = createSkillEntryCache(warn, clock);
  const listMaxAge = options.listRevalidateMs ?? 1000;
  const reported = new Set<string>();
  let table: Table | undefined;

  function currentTable(): Table {
    const now = clock();
    if (table !== undefined && now - table.builtAt < ttl) return table;
    const exposed = new Map<string, boolean>();
    const records = workspace.registry.list({ includeShadowed: true }).filter((record) => {
      const exposure = skillExposure(record, workspace.stateOf(record.name));
      if (exposure.resources) exposed.set(record.qualifiedName, exposure.listed);
      return exposure.resources;
    });
    const { paths, unservable } = assignSkillPaths(records);
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
      skills,
      listed: skills.filter((skill) => skill.listed),
      byUri: new Map(skills.map((skill) => [skill.uri, skill])),
      byRoot: new Map(skills.map((skill) => [skill.rootUri, skill])),
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

  async function readFileOf(uri: string): Promise<SkillReadResult | undefined> {
    const skill = skillHolding(uri);
    if (skill === undefined) return undefined;
    let built = await entries.entryFor(skill);
    let file = built?.files.get(uri);
    if (built?.directories.has(uri) === true) {
      throw new ResourceNotFoundError(uri, `${uri} is a directory; use resources/directory/read`);
    }
    if (file === undefined) return undefined;
    let bytes = await readBytes(file);
    if (bytes === undefined || !matches(bytes, file)) {
      // Changed between the stamp check and the read: publish the new entry, then serve its bytes.
      built = await entries.entryFor(skill);
      file = built?.files.get(uri);
      if (file === undefined) return undefined;
      bytes = await readBytes(file);
      if (bytes === undefined || !matches(bytes, file)) return undefined;
    }
    const text = decodeLossless(bytes);
    return text === undefined ? { bytes, mimeType: file.mimeType } : { text, mimeType: file.mimeType };
  }

  return {
    async list({ cursor }) {
      const page = pageByUri(currentTable().listed, cursor, pageSize, (skill) => skill.uri);
      const built = await mapWithConcurrency(page.items, ENTRY_CONCURRENCY, (skill) =>
        entries.entryFor(skill, { maxAgeMs: listMaxAge }),
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
      const children =
        skill === undefined ? undefined : (await entries.entryFor(skill))?.directories.get(key);
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
    entryFor: (uri) => builtFor(canonical(uri)),
    invalidate() {
      table = undefined;
    },
    onEntryChanged: (listener) => entries.onEntryChanged(listener),
  };
}

async function readBytes(file: BuiltSkillFile): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file.absolute);
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

/** UTF-8 text when decoding loses nothing; otherwise undefined (sent as a base64 blob). */
function decodeLossless(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}
