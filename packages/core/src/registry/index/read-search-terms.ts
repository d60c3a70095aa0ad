// The body terms search indexes for one skill file, read once when the library is first searched
// (a scan reads only what listing needs) and then kept in the entry and the saved index.

import type { SkillFileEntry } from "../discovery/load-skill-entry.js";
import { findFrontmatterEnd, readSkillHead } from "../discovery/read-skill-head.js";
import { hasSameValues, type RegistryFileSystem } from "../discovery/registry-file-system.js";
import { BODY_SEARCH_CHARACTERS, extractBodyTerms } from "../search/extract-body-terms.js";

const lenientUtf8 = new TextDecoder("utf-8");

/**
 * Sets `entry.headingTerms` and `entry.bodyTerms` from the head of its file when they are not
 * known yet. Returns true when it set them. A file that changed since it was indexed (or cannot be
 * read now) is left alone: the next refresh reads it again, and its terms are taken after that.
 */
export function readSearchTerms(fs: RegistryFileSystem, entry: SkillFileEntry): boolean {
  if (entry.bodyTerms !== undefined || !entry.loadable) return false;
  let bytes: Uint8Array;
  try {
    const head = readSkillHead(fs, entry.file, { bodyMarginBytes: BODY_SEARCH_CHARACTERS });
    // The same file as indexed (a swapped link has another inode): otherwise wait for the refresh.
    if (!hasSameValues(entry.stamp, head.stamp)) return false;
    bytes = head.bytes;
  } catch {
    // Gone or unreadable since the scan: the next refresh reports it.
    return false;
  }
  const cut = findFrontmatterEnd(bytes);
  const start = cut === -1 ? 0 : cut;
  // A few bytes more than characters wanted: multi-byte characters; a character cut at the end
  // decodes as U+FFFD, which is no word.
  const end = Math.min(bytes.length, start + BODY_SEARCH_CHARACTERS * 2);
  const terms = extractBodyTerms(lenientUtf8.decode(bytes.subarray(start, end)));
  entry.headingTerms = terms.headings;
  entry.bodyTerms = terms.body;
  return true;
}
