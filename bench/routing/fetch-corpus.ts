// `npm run bench:routing:corpus -- [options]`: builds the routing bench's untracked inputs from real
// skills, reading git snapshots of public skill repositories that are already on this machine (each
// `<mirrors>/<owner+name>/repo` is a git directory; nothing is downloaded here):
// - the data: every row of bench/routing/data/sources.tsv (the target skills' SKILL.md, their bodies
//   cut to 4 KB, and the public eval files) copied from its recorded commit to `<data-out>/<to>`;
// - the distractor corpus: every SKILL.md in the snapshots' newest commits, copied to
//   `<out>/<name>/SKILL.md` named by the skill's own frontmatter name, one copy per name and per
//   description (aggregator repositories repeat skills), never a target's name, with MANIFEST.tsv
//   recording repository, commit, path and licence for each.
// Both folders are gitignored: snapshot content is not committed, sources.tsv says where it is.
// Options: --mirrors <dir> (repeatable; default /work/.mirror), --out <dir> (default
// bench/routing/.corpus), --data-out <dir> (default bench/routing/.data), --skip-data, --skip-corpus,
// --only <owner+name,...> (these snapshots only), --limit <n> (stop after n skills), --body-bytes <n>
// (keep the frontmatter and the first n bytes of the body), --licences <MIT,Apache-2.0,...> (only
// skills whose nearest licence file is one of these).

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadSkillText } from "@skillbox/core/skills/load-skill-text";
import { NO_DESCRIPTION } from "@skillbox/core/skills/normalize-skill-metadata";
import { splitFrontmatter } from "@skillbox/core/skills/split-frontmatter";

const here = fileURLToPath(new URL(".", import.meta.url));
const PORTABLE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SKILL_BYTES = 256 * 1024;
const BATCH = 500;

interface CorpusOptions {
  mirrors: string[];
  out: string;
  only: Set<string> | undefined;
  limit: number;
  bodyBytes: number | undefined;
  licences: Set<string> | undefined;
  dataOut: string;
  skipData: boolean;
  skipCorpus: boolean;
}

function parseOptions(argv: readonly string[]): CorpusOptions {
  const options: CorpusOptions = {
    mirrors: [],
    out: join(here, ".corpus"),
    only: undefined,
    limit: Number.POSITIVE_INFINITY,
    bodyBytes: undefined,
    licences: undefined,
    dataOut: join(here, ".data"),
    skipData: false,
    skipCorpus: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = argv[index + 1];
    const need = (): string => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      index++;
      return value;
    };
    if (flag === "--mirrors") options.mirrors.push(resolve(need()));
    else if (flag === "--out") options.out = resolve(need());
    else if (flag === "--only") options.only = new Set(need().split(","));
    else if (flag === "--limit") options.limit = Number(need());
    else if (flag === "--licences") options.licences = new Set(need().split(","));
    else if (flag === "--body-bytes") options.bodyBytes = Number(need());
    else if (flag === "--data-out") options.dataOut = resolve(need());
    else if (flag === "--skip-data") options.skipData = true;
    else if (flag === "--skip-corpus") options.skipCorpus = true;
    else
      throw new Error(`unknown option ${flag}; see the comment at the top of bench/routing/fetch-corpus.ts`);
  }
  if (options.mirrors.length === 0) options.mirrors.push("/work/.mirror");
  return options;
}

interface Snapshot {
  /** `owner/name`. */
  repo: string;
  gitDir: string;
}

function findSnapshots(mirrors: readonly string[], only: Set<string> | undefined): Snapshot[] {
  const snapshots: Snapshot[] = [];
  for (const mirror of mirrors) {
    for (const name of readdirSync(mirror).sort()) {
      if (only !== undefined && !only.has(name)) continue;
      const gitDir = [join(mirror, name, "repo"), join(mirror, name)].find(
        (path) => existsSync(join(path, "HEAD")) && statSync(path).isDirectory(),
      );
      if (gitDir !== undefined) snapshots.push({ repo: name.replace("+", "/"), gitDir });
    }
  }
  return snapshots;
}

function git(gitDir: string, args: readonly string[], input?: string): Buffer {
  const result = spawnSync("git", ["--git-dir", gitDir, ...args], {
    input,
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} in ${gitDir}: ${result.stderr}`);
  return result.stdout;
}

interface TreeFile {
  oid: string;
  size: number;
  path: string;
}

function listFiles(gitDir: string): TreeFile[] {
  const files: TreeFile[] = [];
  for (const line of git(gitDir, ["ls-tree", "-r", "-l", "-z", "HEAD"]).toString("utf8").split("\0")) {
    const match = /^\d+ blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(line);
    if (match) files.push({ oid: match[1] ?? "", size: Number(match[2]), path: match[3] ?? "" });
  }
  return files;
}

/** Reads blobs through one `git cat-file --batch` per batch of ids. */
function readBlobs(gitDir: string, oids: readonly string[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (let start = 0; start < oids.length; start += BATCH) {
    const output = git(gitDir, ["cat-file", "--batch"], `${oids.slice(start, start + BATCH).join("\n")}\n`);
    let offset = 0;
    while (offset < output.length) {
      const headerEnd = output.indexOf(10, offset);
      const header = output.subarray(offset, headerEnd).toString("utf8").split(" ");
      const size = Number(header[2]);
      if (header[1] !== "blob" || !Number.isFinite(size)) {
        offset = headerEnd + 1;
        continue;
      }
      texts.set(header[0] ?? "", output.subarray(headerEnd + 1, headerEnd + 1 + size).toString("utf8"));
      offset = headerEnd + 1 + size + 1;
    }
  }
  return texts;
}

/** A licence's usual name from its text, or `other`. */
function licenceName(text: string | undefined): string {
  if (text === undefined) return "none stated";
  if (/MIT License|Permission is hereby granted, free of charge/i.test(text)) return "MIT";
  if (/Apache License/i.test(text)) return "Apache-2.0";
  if (/Mozilla Public License/i.test(text)) return "MPL-2.0";
  if (/Attribution-ShareAlike 4\.0/i.test(text)) return "CC-BY-SA-4.0";
  if (/Attribution 4\.0/i.test(text)) return "CC-BY-4.0";
  if (/Redistribution and use in source and binary forms/i.test(text)) return "BSD";
  if (/GNU GENERAL PUBLIC LICENSE/i.test(text)) return "GPL";
  return "other (see its LICENSE)";
}

const LICENCE_FILE = /^(LICEN[CS]E|COPYING)(\.(md|txt))?$/i;

/** The frontmatter and the first `bytes` of the body, cut at a line end. */
function trimBody(text: string, bytes: number): string {
  const split = splitFrontmatter(text);
  if (split.kind !== "closed") return text.slice(0, bytes);
  const bodyStart = split.bodyOffset;
  const body = split.body;
  if (Buffer.byteLength(body, "utf8") <= bytes) return text;
  // Whole characters only: a cut inside a multi-byte one decodes to U+FFFD, dropped here.
  const cut = Buffer.from(body, "utf8")
    .subarray(0, bytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  const lineEnd = cut.lastIndexOf("\n");
  return `${text.slice(0, bodyStart)}${lineEnd > 0 ? cut.slice(0, lineEnd + 1) : cut}`;
}

const normalizeDescription = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

interface SourceRow {
  what: string;
  repo: string;
  commit: string;
  path: string;
  to: string;
}

function readSources(): SourceRow[] {
  return readFileSync(join(here, "data", "sources.tsv"), "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [what = "", repo = "", commit = "", path = "", , to = ""] = line.split("\t");
      return { what, repo, commit, path, to };
    });
}

/** Copies sources.tsv's files from their recorded commits; says which snapshots are missing. */
function extractData(options: CorpusOptions, rows: readonly SourceRow[]): void {
  rmSync(options.dataOut, { recursive: true, force: true });
  const missing = new Set<string>();
  let copied = 0;
  for (const row of rows) {
    const snapshot = findSnapshots(options.mirrors, new Set([row.repo.replace("/", "+")]))[0];
    if (snapshot === undefined) {
      missing.add(row.repo);
      continue;
    }
    const text = git(snapshot.gitDir, ["show", `${row.commit}:${row.path}`]).toString("utf8");
    const target = join(options.dataOut, row.to);
    mkdirSync(posix.dirname(target), { recursive: true });
    writeFileSync(target, row.what === "skill" ? trimBody(text, 4096) : text);
    copied++;
  }
  process.stderr.write(`${copied} of ${rows.length} data files in ${options.dataOut}\n`);
  if (missing.size > 0) {
    process.stderr.write(
      `missing snapshots (fetch them into the mirrors folder, then run this again): ${[...missing].join(", ")}\n`,
    );
  }
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const rows = readSources();
  if (!options.skipData) extractData(options, rows);
  if (options.skipCorpus) return;
  const snapshots = findSnapshots(options.mirrors, options.only);
  if (snapshots.length === 0) {
    throw new Error(
      `no git snapshots under ${options.mirrors.join(", ")}: fetch public skill repositories there first (<dir>/<owner+name>/repo)`,
    );
  }
  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  // A target's name never appears among the distractors: the registry would shadow one of them.
  const seenNames = new Set(
    rows.filter((row) => row.what === "skill").map((row) => posix.basename(posix.dirname(row.to))),
  );
  const seenDescriptions = new Set<string>();
  const manifest = ["name\trepository\tcommit\tpath\tlicence"];
  const counts: string[] = [];
  // Smaller repositories first: they are mostly the originals that aggregators copy.
  const listed = snapshots
    .map((snapshot) => {
      const files = listFiles(snapshot.gitDir);
      return { snapshot, files, skills: files.filter((file) => posix.basename(file.path) === "SKILL.md") };
    })
    .sort((a, b) => a.skills.length - b.skills.length || a.snapshot.repo.localeCompare(b.snapshot.repo));
  let total = 0;
  for (const { snapshot, files, skills } of listed) {
    if (total >= options.limit) break;
    const commit = git(snapshot.gitDir, ["rev-parse", "HEAD"]).toString("utf8").trim();
    const licences = files.filter((file) => LICENCE_FILE.test(posix.basename(file.path)));
    const wanted = skills.filter((file) => file.size > 0 && file.size <= MAX_SKILL_BYTES);
    const texts = readBlobs(snapshot.gitDir, [
      ...new Set([...wanted.map((file) => file.oid), ...licences.map((file) => file.oid)]),
    ]);
    const licenceOf = (folder: string): string => {
      // The skill folder's own licence first, then the nearest one above it.
      for (let current = folder; ; current = posix.dirname(current)) {
        const file = licences.find((candidate) => posix.dirname(candidate.path) === current);
        if (file !== undefined) return licenceName(texts.get(file.oid));
        if (current === "." || current === "") return "none stated";
      }
    };
    let added = 0;
    for (const file of wanted.sort((a, b) => a.path.localeCompare(b.path))) {
      if (total >= options.limit) break;
      const text = texts.get(file.oid);
      if (text === undefined) continue;
      const folder = posix.dirname(file.path);
      const loaded = loadSkillText(text, { path: file.path, directoryName: posix.basename(folder) });
      const { name, description } = loaded.metadata;
      if (!loaded.loadable || description === NO_DESCRIPTION || !PORTABLE_NAME.test(name)) continue;
      const key = normalizeDescription(description);
      if (seenNames.has(name) || seenDescriptions.has(key)) continue;
      const licence = licenceOf(folder);
      if (options.licences !== undefined && !options.licences.has(licence)) continue;
      seenNames.add(name);
      seenDescriptions.add(key);
      mkdirSync(join(options.out, name));
      const content = options.bodyBytes === undefined ? text : trimBody(text, options.bodyBytes);
      writeFileSync(join(options.out, name, "SKILL.md"), content);
      manifest.push([name, snapshot.repo, commit, file.path, licence].join("\t"));
      added++;
      total++;
    }
    counts.push(`${snapshot.repo}: ${added} of ${skills.length}`);
  }
  writeFileSync(join(options.out, "MANIFEST.tsv"), `${manifest.join("\n")}\n`);
  process.stderr.write(`${counts.join("\n")}\n${total} distinct real skills in ${options.out}\n`);
}

main();
