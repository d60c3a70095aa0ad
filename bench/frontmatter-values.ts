// The values the synthetic generator writes under each frontmatter key, in the styles real skills
// use (plain, quoted, block scalars, flow and block collections, nested mappings), with the mix of
// styles chosen so the generated tree matches real-frontmatter-shapes.ts.
import type { BenchRandom } from "./bench-random.js";

/** Lines of YAML for one top-level key (the first line holds the key). */
export type KeyLines = string[];

const TOOLS = ["Read", "Write", "Edit", "Grep", "Glob", "Bash", "WebFetch", "WebSearch", "Task"];
const BASH_TOOLS = ["Bash(git:*)", "Bash(npm run:*)", "Bash(python3:*)", "Bash(jq:*)", "Bash(gh pr:*)"];
const BINS = ["jq", "curl", "python3", "node", "gh", "ffmpeg", "pandoc", "rg", "docker", "uv"];
const TAGS = ["pdf", "docs", "git", "testing", "devops", "data", "security", "frontend", "writing", "ai"];
const AUTHORS = ["Jane Doe", "acme-labs", "Anthropic", "openclaw", "K. Tanaka", "dev-tools team"];
const LICENSES = [
  "MIT",
  "Apache-2.0",
  "Proprietary. LICENSE.txt has complete terms",
  "CC-BY-4.0",
  "BSD-3-Clause",
];
const EMOJI = ["📄", "🔧", "🧪", "📊", "🛡️", "🚀"];

const some = <T>(random: BenchRandom, items: readonly T[], min: number, max: number): T[] => {
  const count = random.integer(min, max);
  return Array.from({ length: count }, () => random.pick(items));
};
const quoted = (text: string) => `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

function version(random: BenchRandom): string {
  const text = `${random.integer(0, 3)}.${random.integer(0, 12)}.${random.integer(0, 9)}`;
  const style = random.next();
  return style < 0.56 ? text : style < 0.96 ? quoted(text) : `'${text}'`;
}

function toolList(random: BenchRandom): string[] {
  return [...new Set([...some(random, TOOLS, 1, 4), ...some(random, BASH_TOOLS, 0, 2)])];
}

/** A list under `key`: flow, block (indented or not) or plain text, with the given shares. */
function list(
  random: BenchRandom,
  key: string,
  items: string[],
  shares: { flow: number; block: number; quotedItems?: number },
): KeyLines {
  const style = random.next();
  const quote = random.chance(shares.quotedItems ?? 0.1);
  const written = items.map((item) => (quote ? quoted(item) : item));
  if (style < shares.flow) return [`${key}: [${written.join(", ")}]`];
  if (style < shares.flow + shares.block) {
    const indent = random.chance(0.75) ? "  " : "";
    return [`${key}:`, ...written.map((item) => `${indent}- ${item}`)];
  }
  return [`${key}: ${items.join(random.chance(0.7) ? " " : ", ")}`];
}

/** Writers for the top-level keys other than name and description. */
export const KEY_WRITERS: Record<string, (random: BenchRandom) => KeyLines> = {
  license: (random) => {
    const license = random.pick(LICENSES);
    if (random.chance(0.0005 / 0.3)) return [`license: ${license} # see LICENSE.txt`];
    return [`license: ${random.chance(0.1) ? quoted(license) : license}`];
  },
  version: (random) => [`version: ${version(random)}`],
  "allowed-tools": (random) => list(random, "allowed-tools", toolList(random), { flow: 0.12, block: 0.035 }),
  author: (random) => {
    const author = random.pick(AUTHORS);
    const style = random.next();
    return [`author: ${style < 0.2 ? quoted(author) : style < 0.21 ? `'${author}'` : author}`];
  },
  metadata: (random) => metadata(random),
  requires: (random) => {
    const bins = some(random, BINS, 1, 3);
    const style = random.next();
    if (style < 0.3)
      return [`requires: {bins: [${bins.join(", ")}]${random.chance(0.3) ? ", env: [API_TOKEN]" : ""}}`];
    if (style < 0.4) return ["requires:", "  bins:", ...bins.map((bin) => `    - ${bin}`)];
    return list(random, "requires", bins, { flow: 0.42, block: 0.12 });
  },
  origin: (random) => [`origin: github.com/${random.pick(["acme", "openclaw", "dev-tools"])}/skills`],
  homepage: (random) => {
    const url = `https://example.com/skills/${random.pick(TAGS)}`;
    return [`homepage: ${random.chance(0.2) ? quoted(url) : url}`];
  },
  tags: (random) => list(random, "tags", some(random, TAGS, 1, 4), { flow: 0.72, block: 0.2 }),
  source: (random) => [`source: https://github.com/acme/skills/tree/main/${random.pick(TAGS)}`],
  "argument-hint": (random) =>
    random.chance(0.7) ? ['argument-hint: "[file] [--format json|md]"'] : ["argument-hint: <file-or-url>"],
  triggers: (random) =>
    list(random, "triggers", some(random, ["pdf", "extract text", "fill form", "merge"], 1, 3), {
      flow: 0.6,
      block: 0.2,
      quotedItems: 0.4,
    }),
  "user-invocable": (random) => [`user-invocable: ${random.chance(0.8) ? "true" : "false"}`],
  dependencies: (random) =>
    list(random, "dependencies", some(random, ["pypdf", "pandas>=2", "playwright"], 1, 3), {
      flow: 0.6,
      block: 0.2,
    }),
  risk: (random) => [`risk: ${random.pick(["low", "medium", "high"])}`],
  date_added: (random) => {
    const date = `2025-${String(random.integer(1, 12)).padStart(2, "0")}-${String(random.integer(1, 28)).padStart(2, "0")}`;
    return [`date_added: ${random.chance(0.5) ? quoted(date) : date}`];
  },
  tools: (random) => [`tools: [${some(random, TOOLS, 1, 3).join(", ")}]`],
  compatibility: (random) => [`compatibility: Requires ${random.pick(BINS)} and network access`],
  category: (random) => [`category: ${random.pick(TAGS)}`],
  "disable-model-invocation": () => ["disable-model-invocation: true"],
  models: (random) => [`models: [${some(random, ["sonnet", "opus", "haiku"], 1, 2).join(", ")}]`],
  model: (random) => [`model: ${random.pick(["sonnet", "opus", "inherit"])}`],
};

/** `metadata`: a block mapping (some nested two to four levels), a one-line flow mapping, or JSON over lines. */
function metadata(random: BenchRandom): KeyLines {
  const style = random.next();
  const author = random.pick(AUTHORS);
  if (style < 0.3) {
    if (random.chance(0.5)) return [`metadata: {author: ${author}, version: ${version(random)}}`];
    const bins = some(random, BINS, 1, 2).map(quoted).join(", ");
    return [`metadata: {"openclaw": {"emoji": "${random.pick(EMOJI)}", "requires": {"bins": [${bins}]}}}`];
  }
  if (style < 0.315) {
    // JSON written over several lines: valid YAML, but a multi-line flow collection.
    return ["metadata:", "  {", `    "openclaw": { "emoji": "${random.pick(EMOJI)}" }`, "  }"];
  }
  const lines = ["metadata:", `  author: ${author}`, `  version: ${version(random)}`];
  if (random.chance(0.2)) lines.push(`  tags: [${some(random, TAGS, 1, 3).join(", ")}]`);
  const depth = random.next();
  if (depth < 0.05) {
    lines.push("  openclaw:", `    emoji: "${random.pick(EMOJI)}"`, "    homepage: https://example.com");
  } else if (depth < 0.1) {
    lines.push("  openclaw:", "    requires:", `      bins: [${random.pick(BINS)}]`);
  } else if (depth < 0.15) {
    lines.push("  openclaw:", "    requires:", "      bins:", `        - ${random.pick(BINS)}`);
  }
  return lines;
}
