// Figures the benchmarks print.

/** The q-quantile (0..1) of xs by the nearest rank below, xs left unsorted. */
export const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
