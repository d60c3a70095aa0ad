// The scan's frontmatter-only path on the generator's real-shaped corpus: for every generated skill
// file, its head gives exactly the entry (key order included) that parsing the whole head gives.
import { Buffer } from "node:buffer";
import * as path from "node:path";
import { parseScannedHead, parseSkillEntry } from "@skillbox/core/registry/discovery/load-skill-entry";
import { utf8Boundary } from "@skillbox/core/registry/discovery/read-skill-head";
import { describe, expect, it } from "vitest";
import { generateSkillFolders } from "./generate-skills.js";

const HEAD_BYTES = 4096;

describe("parseScannedHead on real-shaped skill files", () => {
  it("gives the same entry as parsing the whole head, for every generated file", () => {
    let files = 0;
    for (const folder of generateSkillFolders("/skills", 2500, 11)) {
      for (const file of folder.files) {
        if (!/\/(SKILL|skill)\.md$/.test(file.path)) continue;
        const whole = Buffer.from(file.content);
        // What a scan reads: the first 4 KiB, cut at a character boundary (longer heads are rare).
        const bytes = whole.length <= HEAD_BYTES ? whole : whole.subarray(0, utf8Boundary(whole, HEAD_BYTES));
        const stamp = { size: whole.length, mtimeMs: 1, ino: 2 };
        const directory = path.dirname(file.path);
        const place = { file: file.path, directory, rootIndex: 0, orderKey: directory, firstSeenAt: 3 };
        const scanned = parseScannedHead(place, bytes, stamp, {});
        const parsed = parseSkillEntry(place, bytes, stamp, {}).entry;
        expect(JSON.stringify(scanned), file.path).toBe(JSON.stringify(parsed));
        files++;
      }
    }
    expect(files).toBeGreaterThan(2500);
  });
});
