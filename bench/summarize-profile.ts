// Reads a V8 .cpuprofile (node --cpu-prof) and lists the functions with the most self time.

import { readFileSync } from "node:fs";
import { relative } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The `limit` functions with the most self time, one per line: share, milliseconds, name and place. */
export function summarizeProfile(file: string, limit = 20): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    total += delta;
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    // Positions inside the bench bundle mean nothing to a reader; the function name says enough.
    const bundled = frame.url === "" || frame.url.includes("skillbox-bench/");
    const place = bundled
      ? ""
      : ` ${relative(process.cwd(), frame.url.replace(/^file:\/\//, ""))}:${frame.lineNumber + 1}`;
    const key = `${frame.functionName || "(anonymous)"}${place}`;
    selfTime.set(key, (selfTime.get(key) ?? 0) + delta);
  });
  return [...selfTime.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, limit)
    .map(
      ([key, milliseconds]) =>
        `${((milliseconds / total) * 100).toFixed(1).padStart(5)}%  ${milliseconds.toFixed(0).padStart(6)} ms  ${key}`,
    )
    .join("\n");
}
