import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { createTempDirectory } from "@skillbox/testing/skill-folders";
import { afterEach, describe, expect, it } from "vitest";
import { needsMore, readSkillHead, utf8Boundary } from "./read-skill-head.js";
import { nodeFileSystem } from "./registry-file-system.js";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function fileWith(content: string | Buffer) {
  const directory = createTempDirectory();
  cleanups.push(directory.remove);
  const file = path.join(directory.path, "SKILL.md");
  writeFileSync(file, content);
  return file;
}

const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

describe("readSkillHead", () => {
  it("reads a small file whole", () => {
    const head = readSkillHead(nodeFileSystem, fileWith("---\nname: a\n---\nbody\n"));
    expect(head.complete).toBe(true);
    expect(decode(head.bytes)).toBe("---\nname: a\n---\nbody\n");
    expect(head.stamp.size).toBe(21);
  });

  it("stops after the first 4 KiB when the frontmatter closed early", () => {
    const text = `---\nname: a\n---\n${"x".repeat(20_000)}`;
    const head = readSkillHead(nodeFileSystem, fileWith(text));
    expect(head.complete).toBe(false);
    expect(head.bytes.length).toBe(4096);
  });

  it("extends the read until the closing delimiter and a margin of body are in", () => {
    const long = `description: ${"d".repeat(6000)}`;
    const text = `---\nname: a\n${long}\n---\nThe first paragraph.\n\n${"y".repeat(50_000)}`;
    const head = readSkillHead(nodeFileSystem, fileWith(text));
    const decoded = decode(head.bytes);
    expect(decoded).toContain("\n---\nThe first paragraph.");
    expect(head.complete).toBe(false);
  });

  it("reads an unclosed frontmatter to the end of the file", () => {
    const text = `---\nname: a\n${"z: 1\n".repeat(3000)}`;
    const head = readSkillHead(nodeFileSystem, fileWith(text));
    expect(head.complete).toBe(true);
    expect(decode(head.bytes)).toBe(text);
  });

  it("never cuts a multi-byte character in two", () => {
    const text = `---\nname: a\n---\n${"é".repeat(5000)}`;
    const head = readSkillHead(nodeFileSystem, fileWith(text));
    expect(decode(head.bytes)).not.toContain("\ufffd");
    expect(head.bytes.length).toBeLessThanOrEqual(4096);
  });
});

describe("helpers", () => {
  it("finds UTF-8 boundaries", () => {
    const bytes = Buffer.from("aé€😀", "utf8");
    expect(utf8Boundary(bytes, bytes.length)).toBe(bytes.length);
    expect(utf8Boundary(bytes, 2)).toBe(1);
    expect(utf8Boundary(bytes, 4)).toBe(3);
    expect(utf8Boundary(bytes, bytes.length - 1)).toBe(6);
  });

  it("asks for more only while an opened frontmatter is unclosed or closed too near the end", () => {
    const check = (text: string, margin = 4) => needsMore(Buffer.from(text), Buffer.byteLength(text), margin);
    expect(check("no frontmatter")).toBe(false);
    expect(check("---\nname: a\n")).toBe(true);
    expect(check("---\nname: a\n---\nbody text\n")).toBe(false);
    expect(check("---\nname: a\n---\nb")).toBe(true);
    expect(check("\ufeff---\r\nname: a\r\n---  \r\nbody text\n")).toBe(false);
  });
});
