// The on-disk cache of MCP skill files that were verified once. The path encodes the server label and
// the URI, so same-URI files of two servers never meet and the origin is recoverable from the path.
// Every read re-hashes the cached bytes against the entry's digest (SEP-2640's second cache option):
// nothing trusts a file because it sits here, and a stale or edited copy is simply a miss.

import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";

/** Cached, verified bytes of MCP skill files. */
export interface VerifiedFileCache {
  /** The bytes cached for (label, uri) when they hash to `digest`; otherwise undefined. */
  get(label: string, uri: string, digest: string): Uint8Array | undefined;
  /** Stores bytes that were just verified (atomically: temp file + rename). */
  put(label: string, uri: string, bytes: Uint8Array): void;
  /** Where (label, uri) is stored. */
  pathOf(label: string, uri: string): string;
  /** Removes everything cached for a server (when the user removes it). */
  removeServer(label: string): void;
}

/** A cache under `directory` (keep it outside every skill root, e.g. `~/.skillbox/mcp-cache`). */
export function createVerifiedFileCache(directory: string): VerifiedFileCache {
  const pathOf = (label: string, uri: string) => path.join(directory, encodePart(label), ...uriParts(uri));
  return {
    pathOf,
    get(label, uri, digest) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(pathOf(label, uri));
      } catch {
        // Not cached (or unreadable): a miss, and the caller fetches the file.
        return undefined;
      }
      return sha256(bytes) === digest ? new Uint8Array(bytes) : undefined;
    },
    put(label, uri, bytes) {
      const target = pathOf(label, uri);
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(temporary, bytes);
        renameSync(temporary, target);
      } catch {
        // A cache that cannot be written only costs a refetch next time.
        rmSync(temporary, { force: true });
      }
    },
    removeServer(label) {
      rmSync(path.join(directory, encodePart(label)), { recursive: true, force: true });
    },
  };
}

/** `skill://acme/refunds/SKILL.md` → `skill`, `acme`, `refunds`, `@SKILL.md` (files carry `@`, folders never do). */
function uriParts(uri: string): string[] {
  const match = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(uri);
  const scheme = match?.[1] ?? "opaque";
  const segments = (match?.[2] ?? uri).split("/").map(encodePart);
  const last = segments.pop() ?? "";
  return [encodePart(scheme.toLowerCase()), ...segments, `@${last}`];
}

/** Percent-encodes everything but a safe set, and `.`/`..` whole, so no part can climb out. */
function encodePart(part: string): string {
  if (part === "" || part === "." || part === "..") return `%${part.length}`;
  return part.replace(/[^A-Za-z0-9._~-]/g, (character) =>
    [...Buffer.from(character)]
      .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
}

function sha256(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}
