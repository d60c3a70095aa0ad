// The benchmark's table: each figure, its ratio to the readFileSync floor, its target and PASS/MISS.

import { renderTextTable } from "./render-text-table.js";

/** One figure. A target is a ratio to the floor (`maxRatio`) or an absolute bound (`max`, `min`). */
export interface BenchRow {
  size: number;
  label: string;
  value: number;
  unit: "ms" | "MB" | "%";
  /** The floor in milliseconds, for the ratio column (ms figures only). */
  floor?: number;
  maxRatio?: number | undefined;
  max?: number | undefined;
  min?: number | undefined;
}

/** The verdict of one row, or undefined when it has no target. */
export function judgeRow(row: BenchRow): "PASS" | "MISS" | undefined {
  const ratio = row.floor === undefined || row.floor === 0 ? undefined : row.value / row.floor;
  if (row.maxRatio !== undefined && ratio !== undefined) return ratio <= row.maxRatio ? "PASS" : "MISS";
  if (row.max !== undefined) return row.value <= row.max ? "PASS" : "MISS";
  if (row.min !== undefined) return row.value >= row.min ? "PASS" : "MISS";
  return undefined;
}

/** A fixed-width text table. */
export function renderBenchTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) => {
    const ratio = row.unit === "ms" && row.floor ? `${(row.value / row.floor).toFixed(3)}x` : "-";
    const target =
      row.maxRatio !== undefined
        ? `<= ${row.maxRatio}x floor`
        : row.max !== undefined
          ? `<= ${row.max} ${row.unit}`
          : row.min !== undefined
            ? `>= ${row.min} ${row.unit}`
            : "-";
    const digits = row.unit === "ms" && row.value < 10 ? 3 : 1;
    return [
      row.size.toLocaleString("en-US"),
      row.label,
      `${row.value.toFixed(digits)} ${row.unit}`,
      ratio,
      target,
      judgeRow(row) ?? "",
    ];
  });
  const header = ["skills", "measure", "value", "vs floor", "target", "result"];
  return renderTextTable(header, cells);
}
