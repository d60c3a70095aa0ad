// Token counts remembered across processes, keyed by a 53-bit hash of the text: loading the BPE
// tokenizer costs about half a second, more than everything else a warm `prompt` does, and the
// texts a Layer 1 listing counts (one line per skill) rarely change between runs.

/** Counts by text hash, with what this process added since loading. */
export interface TokenCountMemo {
  get(text: string): number | undefined;
  set(text: string, count: number): void;
  /** Whether counts were added since it was created, decoded or last marked saved. */
  readonly changed: boolean;
  /** Records that what it holds now has been saved. */
  markSaved(): void;
  readonly size: number;
  /** The bytes to save: the counts used or added in this process first, then older ones up to `limit`. */
  encode(limit?: number): Uint8Array;
}

// "SBTC" and a format version, so a file of another shape is never misread.
const MAGIC = 0x43544253;
const VERSION = 1;
// 16, not 12: the Float64Array of hashes that follows must start at a multiple of 8.
const HEADER_BYTES = 16;
/** Most counts a saved memo keeps (about 1.2 MB). */
export const MAX_MEMO_COUNTS = 100_000;

/**
 * A 53-bit hash of `text` (two 32-bit FNV-1a variants over its UTF-16 code units): for the few
 * hundred thousand texts a memo holds, a collision is about as likely as a cosmic-ray bit flip.
 */
export function hashTokenText(text: string): number {
  let low = 0x811c9dc5;
  let high = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    low = Math.imul(low ^ unit, 0x01000193);
    high = Math.imul(high ^ unit, 0x5bd1e995) ^ (high >>> 15);
  }
  return (high >>> 11) * 0x100000000 + (low >>> 0);
}

/** An empty memo, or one read from `bytes` (an unusable buffer gives an empty memo: it is only a cache). */
export function createTokenCountMemo(bytes?: Uint8Array): TokenCountMemo {
  const saved = bytes === undefined ? undefined : decode(bytes);
  const counts = new Map<number, number>();
  // Counts looked up or added in this process: kept first when the saved memo is trimmed.
  const used = new Set<number>();
  let changed = false;
  if (saved !== undefined) {
    for (let index = 0; index < saved.counts.length; index++) {
      counts.set(saved.hashes[index] as number, saved.counts[index] as number);
    }
  }
  return {
    get(text) {
      const hash = hashTokenText(text);
      const count = counts.get(hash);
      if (count !== undefined) used.add(hash);
      return count;
    },
    set(text, count) {
      const hash = hashTokenText(text);
      if (counts.get(hash) === count) return;
      counts.set(hash, count);
      used.add(hash);
      changed = true;
    },
    get changed() {
      return changed;
    },
    markSaved() {
      changed = false;
    },
    get size() {
      return counts.size;
    },
    encode(limit = MAX_MEMO_COUNTS) {
      const kept: number[] = [...used].slice(0, limit);
      for (const hash of counts.keys()) {
        if (kept.length >= limit) break;
        if (!used.has(hash)) kept.push(hash);
      }
      const buffer = new ArrayBuffer(HEADER_BYTES + kept.length * 12);
      const header = new DataView(buffer);
      header.setUint32(0, MAGIC, true);
      header.setUint32(4, VERSION, true);
      header.setUint32(8, kept.length, true);
      const hashes = new Float64Array(buffer, HEADER_BYTES, kept.length);
      const values = new Uint32Array(buffer, HEADER_BYTES + kept.length * 8, kept.length);
      kept.forEach((hash, index) => {
        hashes[index] = hash;
        values[index] = counts.get(hash) as number;
      });
      return new Uint8Array(buffer);
    },
  };
}

function decode(bytes: Uint8Array): { hashes: Float64Array; counts: Uint32Array } | undefined {
  if (bytes.byteLength < HEADER_BYTES) return undefined;
  // Copy into a fresh, aligned buffer: a Buffer from readFileSync may sit at any offset of a pool.
  const buffer = new Uint8Array(bytes).buffer;
  const header = new DataView(buffer);
  if (header.getUint32(0, true) !== MAGIC || header.getUint32(4, true) !== VERSION) return undefined;
  const length = header.getUint32(8, true);
  if (buffer.byteLength !== HEADER_BYTES + length * 12) return undefined;
  return {
    hashes: new Float64Array(buffer, HEADER_BYTES, length),
    counts: new Uint32Array(buffer, HEADER_BYTES + length * 8, length),
  };
}
