// Writes the Markdown body of a synthetic SKILL.md: headings, lists, code and links to the skill's
// bundled files, up to a target size (sizes follow real skills: p50 4.4 KB, p90 15 KB, p99 30 KB).
import type { BenchRandom } from "./bench-random.js";

const WORDS = (
  "extract text tables forms pdf files merge documents review code changes commit messages deploy " +
  "service logs query database schema migrate tests coverage report chart plot data clean format " +
  "lint build release notes api endpoint request response token cache index search summarize"
).split(" ");

/** Body text of about `targetBytes`, linking to `links` (paths relative to the skill folder). */
export function generateSkillBody(
  random: BenchRandom,
  targetBytes: number,
  links: readonly string[],
  options: { rules: boolean } = { rules: true },
): string {
  const words = (count: number) => {
    let text = random.pick(WORDS);
    for (let index = 1; index < count; index++) text += ` ${random.pick(WORDS)}`;
    return text;
  };
  const blocks: string[] = [`# ${words(3)}`, "", words(30), ""];
  let size = blocks.join("\n").length;
  let linked = 0;
  while (size < targetBytes) {
    const block = random.next();
    let text: string;
    if (linked < links.length && block < 0.12) {
      const link = links[linked++] as string;
      text = link.endsWith(".md")
        ? `See [${words(2)}](${link}) when ${words(6)}.\n`
        : `\`\`\`bash\npython3 \${SKILL_DIR}/${link} --input ${random.pick(WORDS)}\n\`\`\`\n`;
    } else if (block < 0.25) text = `## ${words(3)}\n`;
    else if (block < 0.4) text = `- ${words(8)}\n- ${words(8)}\n- ${words(8)}\n- ${words(8)}\n`;
    else if (block < 0.47) text = `\`\`\`bash\n${words(4)} --${random.pick(WORDS)}\n\`\`\`\n`;
    else if (block < 0.5 && options.rules) text = "---\n";
    else text = `${words(40 + Math.floor(random.next() * 40))}.\n`;
    blocks.push(text);
    size += text.length + 1;
  }
  return blocks.join("\n");
}

/** `bytes` of filler text (for bundled files nobody reads during a listing). */
export function fillerText(bytes: number): string {
  return FILLER_SOURCE.repeat(Math.ceil(bytes / FILLER_SOURCE.length)).slice(0, bytes);
}

const FILLER_SOURCE = `${WORDS.join(" ")}\n`.repeat(4);
