// Generates a deterministic tree of realistic skills for benchmarks: SKILL.md sizes with a median of
// about 4 KB, p90 14 KB and p99 30 KB, frontmatter with a median of about 340 bytes, bodies with
// headings, lists, code, horizontal rules and links to bundled files, and about 3% broken skills.
import { Buffer } from "node:buffer";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** What was generated. */
export interface GeneratedSkillTree {
  root: string;
  /** Every skill folder, in creation order. */
  directories: string[];
  /** Size in bytes of each SKILL.md, in the same order. */
  skillFileSizes: number[];
  /** Size in bytes of each frontmatter block (delimiters included). */
  frontmatterSizes: number[];
}

// Quantiles [probability, bytes], interpolated in log space.
const SKILL_FILE_QUANTILES: [number, number][] = [
  [0, 700],
  [0.5, 4096],
  [0.9, 14_336],
  [0.99, 30_720],
  [1, 61_440],
];
const FRONTMATTER_QUANTILES: [number, number][] = [
  [0, 110],
  [0.5, 340],
  [0.9, 760],
  [0.99, 1500],
  [1, 2400],
];
const WORDS = (
  "extract text tables forms pdf files merge documents review code changes commit messages deploy " +
  "service logs query database schema migrate tests coverage report chart plot data clean format " +
  "lint build release notes api endpoint request response token cache index search summarize"
).split(" ");
const SKILLS_PER_GROUP = 100;

/** A seeded PRNG (mulberry32): the same seed gives the same tree. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleQuantiles(quantiles: [number, number][], probability: number): number {
  for (let index = 1; index < quantiles.length; index++) {
    const [p1, v1] = quantiles[index] as [number, number];
    const [p0, v0] = quantiles[index - 1] as [number, number];
    if (probability <= p1) {
      const t = (probability - p0) / (p1 - p0);
      return Math.round(Math.exp(Math.log(v0) + t * (Math.log(v1) - Math.log(v0))));
    }
  }
  return (quantiles[quantiles.length - 1] as [number, number])[1];
}

/** Writes `count` skills under `root` (100 per group folder) and returns what it wrote. */
export async function generateSkillTree(root: string, count: number, seed = 1): Promise<GeneratedSkillTree> {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const tree: GeneratedSkillTree = { root, directories: [], skillFileSizes: [], frontmatterSizes: [] };
  const writes: { path: string; content: string }[] = [];
  for (let index = 0; index < count; index++) {
    const name = `${pick(WORDS)}-${pick(WORDS)}-${index}`;
    const directory = join(
      root,
      `group-${String(Math.floor(index / SKILLS_PER_GROUP)).padStart(3, "0")}`,
      name,
    );
    const frontmatterTarget = sampleQuantiles(FRONTMATTER_QUANTILES, random());
    const fileTarget = Math.max(frontmatterTarget + 200, sampleQuantiles(SKILL_FILE_QUANTILES, random()));
    const broken = random() < 0.03 ? pick(["uppercase", "no-description", "colon", "unknown"]) : undefined;

    const lines = [`name: ${broken === "uppercase" ? name.toUpperCase() : name}`];
    if (random() < 0.6)
      lines.push(`license: ${pick(["MIT", "Apache-2.0", "Proprietary. LICENSE.txt has complete terms"])}`);
    if (random() < 0.3)
      lines.push(
        `allowed-tools: ${pick(["Read Grep", "Bash(git:*) Read", "Bash(jq:*) Bash(npm run:*) Read Write"])}`,
      );
    if (random() < 0.4)
      lines.push(
        "metadata:",
        `  author: ${pick(WORDS)}-org`,
        `  version: "${1 + Math.floor(random() * 3)}.0"`,
      );
    if (broken === "unknown") lines.push(`author: ${pick(WORDS)}`);
    if (random() < 0.2) lines.push(`compatibility: Requires ${words(4)}`);
    const used = lines.join("\n").length + 20;
    const descriptionLength = Math.max(40, Math.min(1000, frontmatterTarget - used - 8));
    let description = "";
    while (description.length < descriptionLength) description += `${description ? " " : ""}${words(6)}.`;
    description = description.slice(0, descriptionLength).trim();
    if (broken === "colon") description = `Use when: ${description}`;
    if (broken !== "no-description") lines.splice(1, 0, `description: ${description}`);
    const frontmatter = `---\n${lines.join("\n")}\n---\n`;

    const files: { path: string; content: string }[] = [];
    const body: string[] = [`# ${words(3)}`, "", words(30), ""];
    let size = frontmatter.length + body.join("\n").length;
    let section = 0;
    while (size < fileTarget) {
      const block = random();
      let text: string;
      if (block < 0.15) text = `## ${words(3)}\n`;
      else if (block < 0.3) text = `${Array.from({ length: 4 }, () => `- ${words(8)}`).join("\n")}\n`;
      else if (block < 0.4) {
        text = `\`\`\`bash\npython \${SKILL_DIR}/scripts/run_${section}.py --input ${pick(WORDS)}\n\`\`\`\n`;
        files.push({ path: join(directory, `scripts/run_${section}.py`), content: "print('ok')\n" });
      } else if (block < 0.47) {
        const file = `references/${pick(WORDS)}-${section}.md`;
        files.push({ path: join(directory, file), content: `# ${words(3)}\n\n${words(80)}\n` });
        text = `See [${words(2)}](${file}) when ${words(6)}.\n`;
      } else if (block < 0.5) text = "---\n";
      else text = `${words(40 + Math.floor(random() * 40))}.\n`;
      body.push(text);
      size += text.length + 1;
      section++;
    }
    const content = frontmatter + body.join("\n");
    writes.push({ path: join(directory, "SKILL.md"), content }, ...files);
    tree.directories.push(directory);
    tree.skillFileSizes.push(Buffer.byteLength(content));
    tree.frontmatterSizes.push(Buffer.byteLength(frontmatter));
  }
  const folders = new Set(writes.map((write) => join(write.path, "..")));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  for (let start = 0; start < writes.length; start += 64) {
    await Promise.all(writes.slice(start, start + 64).map((write) => writeFile(write.path, write.content)));
  }
  return tree;
}

/** The value at quantile `q` (0-1) of `values`. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
