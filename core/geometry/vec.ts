import type { Point } from './types.ts';

export const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
export const cross = (a: Point, b: Point) => a[0] * b[1] - a[1] * b[0];
export const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1];
export const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** Angle between two direction vectors, 0..π. */
export function angleBetween(a: Point, b: Point): number {
  const la = Math.hypot(a[0], a[1]);
  const lb = Math.hypot(b[0], b[1]);
  if (!la || !lb) return 0;
  return Math.acos(Math.max(-1, Math.min(1, dot(a, b) / (la * lb))));
}

/** Distance from p to the segment a–b. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  const t = len2 ? Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2)) : 0;
  return dist(p, [a[0] + t * ab[0], a[1] + t * ab[1]]);
}

/** Mean and coefficient of variation (σ / mean) of positive values. @example spread([2, 2, 2]) // → { mean: 2, cv: 0 } */
export function spread(values: readonly number[]): { mean: number; cv: number } {
  if (!values.length) return { mean: 0, cv: Infinity };
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return { mean, cv: mean ? Math.sqrt(variance) / mean : Infinity };
}
