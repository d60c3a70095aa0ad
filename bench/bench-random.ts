// Seeded randomness for the synthetic skill generator: the same seed always gives the same tree.

/** A PRNG in [0, 1) with helpers. */
export interface BenchRandom {
  next(): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A whole number in [min, max]. */
  integer(min: number, max: number): number;
  /** Draws from quantiles `[probability, value][]`, interpolated in log space. */
  quantiles(points: readonly (readonly [number, number])[]): number;
}

/** mulberry32, seeded. */
export function createBenchRandom(seed: number): BenchRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    quantiles: (points) => sampleQuantiles(points, next()),
  };
}

function sampleQuantiles(points: readonly (readonly [number, number])[], probability: number): number {
  for (let index = 1; index < points.length; index++) {
    const [p1, v1] = points[index] as [number, number];
    const [p0, v0] = points[index - 1] as [number, number];
    if (probability <= p1) {
      const t = (probability - p0) / (p1 - p0);
      return Math.round(Math.exp(Math.log(v0) + t * (Math.log(v1) - Math.log(v0))));
    }
  }
  return (points[points.length - 1] as [number, number])[1];
}
