// Test helpers for the installer: temp folders, a git source repository with a bare remote, skill
// text, hostile tar and zip builders, and a hash of a whole folder tree to prove nothing changed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { crc32, deflateRawSync, gzipSync } from "node:zlib";

/** A temp base with a project (a git root), a home, and a scratch folder for clones. */
export interface TempFolders {
  base: string;
  project: string;
  home: string;
  scratch: string;
  remove(): void;
}

export function createTempFolders(): TempFolders {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), "skillbox-install-")));
  const project = path.join(base, "project");
  const home = path.join(base, "home");
  const scratch = path.join(base, "scratch");
  for (const folder of [path.join(project, ".git"), home, scratch]) mkdirSync(folder, { recursive: true });
  return { base, project, home, scratch, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** SKILL.md text with a name, a description and optional extra frontmatter lines. */
export function skillText(name: string, description = `Helps with ${name}.`, extra: string[] = [], body = `# ${name}\n`): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra.map((line) => `${line}\n`).join("")}---\n${body}`;
}

/** File contents to commit: text, or `{ symlink }` for a link; `null` deletes. */
export type RepoFiles = Record<string, string | { symlink: string } | { executable: string } | null>;

/** A working repository with a bare remote (`remote`), pushed after each commit. */
export interface SourceRepository {
  work: string;
  remote: string;
  fileUrl: string;
  commit(files: RepoFiles, message: string): string;
}

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

export function git(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" }).trim();
}

export function createSourceRepository(folder: string): SourceRepository {
  const work = path.join(folder, "work");
  const remote = path.join(folder, "remote.git");
  mkdirSync(work, { recursive: true });
  git(work, ["init", "-q", "-b", "main"]);
  git(folder, ["init", "-q", "--bare", "-b", "main", remote]);
  git(work, ["remote", "add", "origin", remote]);
  return {
    work,
    remote,
    fileUrl: `file://${remote}`,
    commit(files, message) {
      writeFiles(work, files);
      git(work, ["add", "-A"]);
      git(work, ["commit", "-q", "-m", message]);
      git(work, ["push", "-q", "origin", "main"]);
      return git(work, ["rev-parse", "HEAD"]);
    },
  };
}

/** Writes `files` under `folder` (links as symlinks, `null` removes). */
export function writeFiles(folder: string, files: RepoFiles): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(folder, relative);
    if (content === null) {
      rmSync(target, { recursive: true, force: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    rmSync(target, { force: true });
    if (typeof content === "string") writeFileSync(target, content);
    else if ("symlink" in content) symlinkSync(content.symlink, target);
    else writeFileSync(target, content.executable, { mode: 0o755 });
  }
}

/**
 * Every path under `folder` with its type, mode, size, mtime and content hash: equal before and
 * after an operation means nothing in the tree was created, changed or removed.
 */
export function hashTree(folder: string, skip: readonly string[] = []): Map<string, string> {
  const result = new Map<string, string>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory).sort()) {
      const full = path.join(directory, name);
      if (skip.includes(full)) continue;
      const stats = lstatSync(full);
      const relative = path.relative(folder, full);
      if (stats.isDirectory()) {
        result.set(relative, `dir ${stats.mode}`);
        walk(full);
      } else if (stats.isSymbolicLink()) {
        result.set(relative, `link ${readlinkSync(full)}`);
      } else {
        const digest = createHash("sha256").update(readFileSync(full)).digest("hex");
        result.set(relative, `file ${stats.mode} ${stats.size} ${stats.mtimeMs} ${digest}`);
      }
    }
  };
  walk(folder);
  return result;
}

/** One entry of a hand-built tar. */
export interface TarEntry {
  path: string;
  type?: "file" | "dir" | "symlink" | "hardlink" | "chardev" | "fifo";
  content?: string | Buffer;
  linkpath?: string;
  mode?: number;
}

/** A gzip-compressed ustar archive with exactly these headers (no sanitising: for hostile tests). */
export function buildTarGz(entries: readonly TarEntry[]): Buffer {
  return gzipSync(buildTar(entries));
}

export function buildTar(entries: readonly TarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  const typeFlags = { file: "0", hardlink: "1", symlink: "2", chardev: "3", dir: "5", fifo: "6" } as const;
  for (const entry of entries) {
    const type = entry.type ?? "file";
    const content = type === "file" ? Buffer.from(entry.content ?? "") : Buffer.alloc(0);
    const header = Buffer.alloc(512);
    const write = (text: string, offset: number, length: number) => header.write(text, offset, length, "utf8");
    const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, "0");
    write(entry.path, 0, 100);
    write(octal(entry.mode ?? (type === "dir" ? 0o755 : 0o644), 8), 100, 8);
    write(octal(0, 8), 108, 8);
    write(octal(0, 8), 116, 8);
    write(octal(content.length, 12), 124, 12);
    write(octal(0, 12), 136, 12);
    write("        ", 148, 8);
    write(typeFlags[type], 156, 1);
    write(entry.linkpath ?? "", 157, 100);
    write("ustar\u000000", 257, 8);
    let sum = 0;
    for (const byte of header) sum += byte;
    write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8);
    blocks.push(header, content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** One entry of a hand-built zip: a name as written and content; `unixMode` sets the external attributes. */
export interface ZipEntry {
  /** The name, stored as UTF-8 bytes unless `nameBytes` is given. */
  name: string;
  nameBytes?: Buffer;
  /** Set the UTF-8 flag (general purpose bit 11); default true. */
  utf8Flag?: boolean;
  content?: string | Buffer;
  unixMode?: number;
}

/** A zip with exactly these names (deflated), for zip-slip and symlink tests. */
export function buildZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.nameBytes ?? Buffer.from(entry.name, "utf8");
    const flags = entry.utf8Flag === false ? 0 : 0x800;
    const data = Buffer.from(entry.content ?? "");
    const compressed = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
