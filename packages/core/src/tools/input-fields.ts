// zod fields the tools' input schemas share.

import { z } from "zod";

/**
 * A whole number from `min` to `max`, described to providers as such. A number outside is clamped
 * (a fraction rounded down) rather than refused, so "as many as possible" costs no retry; anything
 * but a number is refused.
 */
export function clampedInteger(min: number, max: number) {
  const clamp = (value: unknown): unknown =>
    typeof value === "number" && Number.isFinite(value)
      ? Math.min(max, Math.max(min, Math.floor(value)))
      : value;
  return z.preprocess(clamp, z.int().min(min).max(max));
}
