// Generates a deterministic tree of skills shaped like a real library (real-frontmatter-shapes.ts):
// one flat folder of skill folders named by the installer (`<owner>__<repo>__<dir>`, rarely the
// skill's name), names shared between folders, frontmatter in the real styles and shares, bodies of
// real sizes, references/ scripts/ assets/ trees, and a few skills nested inside others.
import { Buffer } from "node:buffer";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { generateSyntheticSkills } from "@skillbox/core/registry/__fixtures__/synthetic-skills";
import { type BenchRandom, createBenchRandom } from "./bench-random.js";
import { type DescriptionStyle, generateFrontmatter } from "./generate-frontmatter.js";
import { generateSkillBody } from "./generate-skill-body.js";
import { type ExtraFile, generateSkillExtras } from "./generate-skill-extras.js";
import { REAL_FEATURE_SHARES, REAL_FOLDERS } from "./real-frontmatter-shapes.js";

/** One generated skill (a top-level folder's, or one nested inside it). */
export interface GeneratedSkill {
  /** The frontmatter's `name`, if it has one. */
  name: string | undefined;
  directory: string;
  /** The skill file (SKILL.md, rarely skill.md). */
  file: string;
  /** The description's text, if it has one. */
  description: string | undefined;
  descriptionStyle: DescriptionStyle;
  nested: boolean;
  /** A valid name no other folder uses and a clean frontmatter with a description: usable for search checks. */
  searchable: boolean;
  /** Searchable, LF line ends and a one-line plain description that an edit may append to. */
  editable: boolean;
}

/** One skill folder's files, before they are written. */
export interface GeneratedFolder {
  skills: GeneratedSkill[];
  files: ExtraFile[];
  /** Sizes of its skill files (bytes) and of their frontmatter (the YAML between the delimiters). */
  skillFileSizes: number[];
  frontmatterSizes: number[];
}

/** What was generated. */
export interface GeneratedSkillTree {
  root: string;
  /** Top-level skill folders, in creation order. */
  directories: string[];
  /** Every skill, nested ones included. */
  skills: GeneratedSkill[];
  skillFileSizes: number[];
  frontmatterSizes: number[];
  fileCount: number;
  directoryCount: number;
}

const FRONTMATTER_QUANTILES: [number, number][] = [
  [0, 110],
  [0.5, 337],
  [0.9, 559],
  [0.99, 960],
  [1, 2700],
];
const SKILL_FILE_QUANTILES: [number, number][] = [
  [0, 700],
  [0.5, 4400],
  [0.9, 15_000],
  [0.99, 30_000],
  [1, 61_440],
];
// Boilerplate real descriptions carry: common words, so they never count as distinctive in search.
const FILLER = [
  "Use it when the user asks for this kind of task in the current project.",
  "It explains each step before running anything and reports what changed.",
  "Works with the files in the working directory and keeps the original files untouched.",
  "Prefer it over ad hoc commands because it follows the team conventions.",
  "It asks before making changes that cannot be undone.",
  "The output is a short summary followed by the details.",
  "Also covers the common mistakes and how to avoid them.",
  "Designed for everyday use by developers and analysts alike.",
];
const VALID_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Yields the `count` top-level folders of a tree under `root`, files and all, without writing them. */
export function* generateSkillFolders(root: string, count: number, seed = 1): Generator<GeneratedFolder> {
  const random = createBenchRandom(seed);
  const synthetic = generateSyntheticSkills(count + Math.ceil(count * 0.05) + 8, seed);
  const names = assignNames(random, synthetic.map((skill) => skill.name).slice(0, count));
  const usedFolders = new Set<string>();
  let spare = count;
  for (let index = 0; index < count; index++) {
    const { name, shared } = names[index] as { name: string; shared: boolean };
    const folder = folderName(random, name, shared, usedFolders);
    const directory = join(root, folder);
    const about = aboutText(synthetic[index]);
    const folderFiles: ExtraFile[] = generateSkillExtras(random);
    const generated: GeneratedFolder = { skills: [], files: [], skillFileSizes: [], frontmatterSizes: [] };
    addSkill(random, generated, {
      directory,
      relative: "",
      name,
      shared,
      about,
      extras: folderFiles,
      nested: false,
    });
    if (random.chance(REAL_FOLDERS.withNestedSkills)) {
      const nestedCount = random.chance(0.13) ? 2 : 1;
      for (let nested = 0; nested < nestedCount; nested++) {
        const skill = synthetic[spare++];
        const nestedName = skill?.name ?? `nested-${index}-${nested}`;
        addSkill(random, generated, {
          directory: join(directory, "skills", nestedName),
          relative: `skills/${nestedName}/`,
          name: nestedName,
          shared: false,
          about: aboutText(skill),
          extras: [],
          nested: true,
        });
      }
    }
    generated.files.push(
      ...folderFiles.map((file) => ({ path: join(directory, file.path), content: file.content })),
    );
    yield generated;
  }
}

/** Writes a tree of `count` skill folders under `root` and returns what it wrote. */
export async function generateSkillTree(root: string, count: number, seed = 1): Promise<GeneratedSkillTree> {
  const tree: GeneratedSkillTree = {
    root,
    directories: [],
    skills: [],
    skillFileSizes: [],
    frontmatterSizes: [],
    fileCount: 0,
    directoryCount: 0,
  };
  const folders = new Set<string>();
  let batch: ExtraFile[] = [];
  const flush = async () => {
    const created = [...new Set(batch.map((file) => dirname(file.path)))].filter(
      (folder) => !folders.has(folder),
    );
    for (const folder of created) {
      await mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    await Promise.all(batch.map((file) => writeFile(file.path, file.content)));
    batch = [];
  };
  for (const folder of generateSkillFolders(root, count, seed)) {
    tree.directories.push((folder.skills[0] as GeneratedSkill).directory);
    tree.skills.push(...folder.skills);
    tree.skillFileSizes.push(...folder.skillFileSizes);
    tree.frontmatterSizes.push(...folder.frontmatterSizes);
    tree.fileCount += folder.files.length;
    batch.push(...folder.files);
    if (batch.length >= 256) await flush();
  }
  await flush();
  tree.directoryCount = countDirectories(root, folders);
  return tree;
}

/** Directories under `root` (itself excluded) that hold the written files, their parents included. */
function countDirectories(root: string, folders: Set<string>): number {
  const all = new Set<string>();
  for (let folder of folders) {
    while (folder.length > root.length && !all.has(folder)) {
      all.add(folder);
      folder = dirname(folder);
    }
  }
  return all.size;
}

interface SkillSpec {
  directory: string;
  /** The skill folder's path relative to the top-level folder (`` or `skills/<name>/`). */
  relative: string;
  name: string;
  shared: boolean;
  about: string;
  extras: readonly ExtraFile[];
  nested: boolean;
}

function addSkill(random: BenchRandom, folder: GeneratedFolder, spec: SkillSpec): void {
  const fileName = random.chance(33 / 10_003) ? "skill.md" : "SKILL.md";
  const kind = random.next();
  const noFrontmatter = kind < REAL_FEATURE_SHARES.noFrontmatter;
  const unclosed = !noFrontmatter && kind < REAL_FEATURE_SHARES.noFrontmatter + REAL_FEATURE_SHARES.unclosed;
  const targetBytes = random.quantiles(FRONTMATTER_QUANTILES);
  const missingName = random.chance(0.0009);
  const frontmatter = generateFrontmatter(random, {
    name: missingName ? undefined : spec.name,
    about: spec.about,
    filler: FILLER,
    targetBytes,
  });
  const fileTarget = Math.max(targetBytes + 200, random.quantiles(SKILL_FILE_QUANTILES));
  const links = spec.extras
    .filter((file) => /^(references|scripts)\//.test(file.path))
    .map((file) => file.path);
  // An unclosed block's body has no `---` rule, which would close it.
  const body = generateSkillBody(random, fileTarget - targetBytes, links, { rules: !unclosed });
  let text: string;
  if (noFrontmatter) {
    // About 1 in 70 of these starts with a byte order mark (2 files of 10,003).
    text = `${random.chance(REAL_FEATURE_SHARES.bom / REAL_FEATURE_SHARES.noFrontmatter) ? "\ufeff" : ""}${body}`;
  } else if (unclosed) {
    text = `---\n${frontmatter.yaml}\n${body}`;
  } else {
    text = `---\n${frontmatter.yaml}---\n${body}`;
  }
  const crlf = random.chance(REAL_FEATURE_SHARES.crlf);
  if (crlf) text = text.replaceAll("\n", "\r\n");
  const file = join(spec.directory, fileName);
  folder.files.push({ path: file, content: text });
  folder.skillFileSizes.push(Buffer.byteLength(text));
  if (!noFrontmatter && !unclosed) folder.frontmatterSizes.push(Buffer.byteLength(frontmatter.yaml));
  const loaded = !noFrontmatter && !unclosed && frontmatter.clean;
  const searchable =
    loaded &&
    !missingName &&
    !spec.shared &&
    VALID_NAME.test(spec.name) &&
    frontmatter.description !== undefined;
  folder.skills.push({
    name: noFrontmatter || missingName ? undefined : spec.name,
    directory: spec.directory,
    file,
    description: noFrontmatter ? undefined : frontmatter.description,
    descriptionStyle: noFrontmatter ? "missing" : frontmatter.descriptionStyle,
    nested: spec.nested,
    searchable,
    editable: searchable && !crlf && frontmatter.descriptionStyle === "plain",
  });
}

function aboutText(skill: { description: string; whenToUse?: string } | undefined): string {
  if (skill === undefined) return "Helps with the task at hand.";
  return skill.whenToUse === undefined ? skill.description : `${skill.description} ${skill.whenToUse}`;
}

/**
 * Gives each of `count` folders a name: about 75% distinct, the rest reusing one of a pool of
 * names (15.8% of folders' worth) that then belong to two or more folders. A few names are not
 * valid skill names (uppercase, underscores, spaces), as in real libraries.
 */
function assignNames(random: BenchRandom, base: string[]): { name: string; shared: boolean }[] {
  const count = base.length;
  const distinct = Math.min(count, Math.round(count * REAL_FOLDERS.distinctNames));
  const pool = Math.min(distinct, Math.round(count * REAL_FOLDERS.sharedNames));
  const names = base.slice(0, distinct).map((name) => oddName(random, name));
  const assigned = names.map((name, index) => ({ name, shared: index < pool }));
  for (let extra = 0; assigned.length < count; extra++) {
    const name = names[extra < pool ? extra : random.integer(0, Math.max(0, pool - 1))] as string;
    assigned.push({ name, shared: true });
  }
  for (let index = assigned.length - 1; index > 0; index--) {
    const other = random.integer(0, index);
    [assigned[index], assigned[other]] = [
      assigned[other] as (typeof assigned)[0],
      assigned[index] as (typeof assigned)[0],
    ];
  }
  return assigned;
}

function oddName(random: BenchRandom, name: string): string {
  const draw = random.next();
  if (draw < 0.024) return name.replace(/^[a-z]+/, (word) => word.toUpperCase());
  if (draw < 0.038) return name.replaceAll("-", "_");
  if (draw < 0.045) return name.replaceAll("-", " ");
  return name;
}

const OWNERS = Array.from({ length: 38 }, (_, index) => `owner${index}__skills`);

/** The installer's folder name, `<owner>__<repo>__<dir>` (1.2% of folders keep the skill's own name). */
function folderName(random: BenchRandom, name: string, shared: boolean, used: Set<string>): string {
  const slug = name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-");
  // Only unshared names can be a folder's own name; they are about 60% of the folders.
  const kept = (1 - REAL_FOLDERS.renamed) / (1 - REAL_FOLDERS.sharedNames - (1 - REAL_FOLDERS.distinctNames));
  let folder = !shared && random.chance(kept) ? name : `${random.pick(OWNERS)}__${slug}`;
  for (let suffix = 2; used.has(folder); suffix++) folder = `${random.pick(OWNERS)}__${slug}-${suffix}`;
  used.add(folder);
  return folder;
}

/** The value at quantile `q` (0-1) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
