import type { BBox, Point } from './types.ts';

/** @example union([0, 0, 1, 1], [2, 2, 3, 3]) // → [0, 0, 3, 3] */
export const union = (a: BBox, b: BBox): BBox => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

export function unionAll(boxes: readonly BBox[]): BBox {
  return boxes.reduce(union, [Infinity, Infinity, -Infinity, -Infinity] as BBox);
}

/** The smallest box holding every point. @example boxOfPoints([[1, 5], [3, 2]]) // → [1, 2, 3, 5] */
export function boxOfPoints(points: readonly Point[]): BBox {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of points) {
    if (x < x1) x1 = x;
    if (y < y1) y1 = y;
    if (x > x2) x2 = x;
    if (y > y2) y2 = y;
  }
  return [x1, y1, x2, y2];
}

export const width = (b: BBox) => b[2] - b[0];
export const height = (b: BBox) => b[3] - b[1];
export const area = (b: BBox) => Math.max(0, width(b)) * Math.max(0, height(b));
export const center = (b: BBox): Point => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
export const expand = (b: BBox, by: number): BBox => [b[0] - by, b[1] - by, b[2] + by, b[3] + by];

export const overlaps = (a: BBox, b: BBox) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
export const containsPoint = (b: BBox, p: Point, tol = 0) =>
  p[0] >= b[0] - tol && p[0] <= b[2] + tol && p[1] >= b[1] - tol && p[1] <= b[3] + tol;
export const containsBox = (outer: BBox, inner: BBox, tol = 0) =>
  inner[0] >= outer[0] - tol && inner[1] >= outer[1] - tol && inner[2] <= outer[2] + tol && inner[3] <= outer[3] + tol;

/** Intersection over union; degenerate (zero-area) boxes are widened by `pad` so lines can match. @example iou([0,0,2,2],[1,0,3,2]) // → 1/3 */
export function iou(a: BBox, b: BBox, pad = 0): number {
  const A = pad ? expand(a, pad) : a;
  const B = pad ? expand(b, pad) : b;
  const inter = area([Math.max(A[0], B[0]), Math.max(A[1], B[1]), Math.min(A[2], B[2]), Math.min(A[3], B[3])]);
  const u = area(A) + area(B) - inter;
  return u > 0 ? inter / u : 0;
}

/** Distance between two boxes (0 when they touch or overlap). */
export function boxDistance(a: BBox, b: BBox): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.hypot(dx, dy);
}

export const round = (b: BBox, digits = 2): BBox => b.map((v) => Number(v.toFixed(digits))) as BBox;
