import type { Point } from './types.ts';

/** Point of the cubic p0,c1,c2,p3 at t. @example cubicAt([0,0],[0,1],[1,1],[1,0],0.5) // → [0.5, 0.75] */
export function cubicAt(p0: Point, c1: Point, c2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [a * p0[0] + b * c1[0] + c * c2[0] + d * p3[0], a * p0[1] + b * c1[1] + c * c2[1] + d * p3[1]];
}

/** Points along the cubic, endpoints included. */
export function flattenCubic(p0: Point, c1: Point, c2: Point, p3: Point, steps = 8): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= steps; i++) out.push(cubicAt(p0, c1, c2, p3, i / steps));
  return out;
}
