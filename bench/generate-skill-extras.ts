// Decides what a synthetic skill folder holds besides SKILL.md: references/, scripts/ and assets/
// trees and a few top-level files, in the counts real folders have (about 1.7 directories and 3.7
// files per skill, folders included). Real folders average 40 KB of such files; these are smaller
// (about 11 KB), since a listing never reads them and a 10,000-skill tree should write quickly.
import type { BenchRandom } from "./bench-random.js";
import { fillerText } from "./generate-skill-body.js";

/** One bundled file: its path relative to the skill folder and its content. */
export interface ExtraFile {
  path: string;
  content: string;
}

const COUNT_QUANTILES: [number, number][] = [
  [0, 1],
  [0.5, 3],
  [0.9, 8],
  [1, 18],
];
const REFERENCE_BYTES: [number, number][] = [
  [0, 400],
  [0.5, 3000],
  [0.9, 9000],
  [1, 30_000],
];

/** The bundled files of one skill. */
export function generateSkillExtras(random: BenchRandom): ExtraFile[] {
  const files: ExtraFile[] = [];
  if (random.chance(0.32)) {
    const count = random.quantiles(COUNT_QUANTILES);
    for (let index = 0; index < count; index++) {
      files.push({
        path: `references/topic-${index}.md`,
        content: fillerText(random.quantiles(REFERENCE_BYTES)),
      });
    }
  }
  if (random.chance(0.24)) {
    const count = Math.max(1, random.quantiles(COUNT_QUANTILES) - 1);
    for (let index = 0; index < count; index++) {
      files.push({
        path: `scripts/run_${index}.py`,
        content: `print("step ${index}")\n${fillerText(random.integer(200, 3000))}`,
      });
    }
  }
  if (random.chance(0.1)) {
    const nested = random.chance(0.3) ? "templates/" : "";
    const count = random.quantiles(COUNT_QUANTILES);
    for (let index = 0; index < count; index++) {
      files.push({
        path: `assets/${nested}asset-${index}.txt`,
        content: fillerText(random.integer(500, 12_000)),
      });
    }
  }
  if (random.chance(0.2)) files.push({ path: "LICENSE.txt", content: fillerText(1100) });
  if (random.chance(0.08)) files.push({ path: "README.md", content: fillerText(random.integer(300, 3000)) });
  return files;
}
