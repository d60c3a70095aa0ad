// The whole-process table: per command the median wall time of its runs, the median of its
// per-pair ratios to the baseline (floor, or `node -e 0`), median peak RSS, target and PASS/MISS.
import type { ProcessMeasure } from "./measure-processes.js";
import { renderTextTable } from "./render-text-table.js";

/** Medians of one measure. */
export interface ProcessSummary {
  seconds: number;
  minSeconds: number;
  maxSeconds: number;
  baselineSeconds: number;
  ratio: number;
  /** Median of the per-pair differences to the baseline, in milliseconds. */
  extraMilliseconds: number;
  rssMegabytes: number | undefined;
  verdict: "PASS" | "MISS" | undefined;
}

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Medians of a measure's runs and of its per-pair ratios; undefined when it has no runs. */
export function summarizeMeasure(measure: ProcessMeasure): ProcessSummary | undefined {
  const runs = measure.runs;
  if (runs === undefined || runs.length === 0) return undefined;
  const seconds = runs.map((run) => run.milliseconds / 1000);
  const ratios = runs.map(
    (run, index) => run.milliseconds / (measure.baselineRuns[index]?.milliseconds ?? Number.NaN),
  );
  const rss = runs.map((run) => run.maxRssMegabytes).filter((value): value is number => value !== undefined);
  const ratio = median(ratios);
  const extraMilliseconds = median(
    runs.map((run, index) => run.milliseconds - (measure.baselineRuns[index]?.milliseconds ?? Number.NaN)),
  );
  const rssMegabytes = rss.length === 0 ? undefined : median(rss);
  const misses = [
    measure.maxRatio !== undefined && !(ratio <= measure.maxRatio),
    measure.maxExtraMilliseconds !== undefined && !(extraMilliseconds <= measure.maxExtraMilliseconds),
    measure.maxRssMegabytes !== undefined &&
      rssMegabytes !== undefined &&
      rssMegabytes > measure.maxRssMegabytes,
  ];
  const targeted =
    measure.maxRatio !== undefined ||
    measure.maxRssMegabytes !== undefined ||
    measure.maxExtraMilliseconds !== undefined;
  return {
    seconds: median(seconds),
    minSeconds: Math.min(...seconds),
    maxSeconds: Math.max(...seconds),
    baselineSeconds: median(measure.baselineRuns.map((run) => run.milliseconds / 1000)),
    ratio,
    extraMilliseconds,
    rssMegabytes,
    verdict: targeted ? (misses.some(Boolean) ? "MISS" : "PASS") : undefined,
  };
}

/** A fixed-width text table of the measures. */
export function renderProcessTable(measures: readonly ProcessMeasure[]): string {
  const header = [
    "whole process",
    "skills",
    "wall s (min-max)",
    "baseline s",
    "x baseline",
    "peak MB",
    "target",
    "result",
  ];
  const cells = measures.map((measure) => {
    const summary = summarizeMeasure(measure);
    const target = [
      measure.maxRatio === undefined ? "" : `<= ${measure.maxRatio}x ${measure.baseline}`,
      measure.maxRssMegabytes === undefined ? "" : `<= ${measure.maxRssMegabytes} MB`,
      measure.maxExtraMilliseconds === undefined
        ? ""
        : `<= ${measure.maxExtraMilliseconds} ms over ${measure.baseline}`,
    ]
      .filter((part) => part !== "")
      .join(", ");
    if (summary === undefined) {
      return [measure.label, "", measure.note ?? "n/a", "", "", "", target || "-", ""];
    }
    return [
      measure.label,
      measure.skillsReported === undefined ? "" : measure.skillsReported.toLocaleString("en-US"),
      `${summary.seconds.toFixed(2)} (${summary.minSeconds.toFixed(2)}-${summary.maxSeconds.toFixed(2)})`,
      `${summary.baselineSeconds.toFixed(2)} ${measure.baseline === "floor" ? "floor" : "node -e 0"}`,
      measure.maxExtraMilliseconds === undefined
        ? `${summary.ratio.toFixed(2)}x`
        : `${summary.ratio.toFixed(2)}x (+${summary.extraMilliseconds.toFixed(0)} ms)`,
      summary.rssMegabytes === undefined ? "-" : summary.rssMegabytes.toFixed(0),
      target || "-",
      summary.verdict ?? "",
    ];
  });
  return renderTextTable(header, cells);
}
