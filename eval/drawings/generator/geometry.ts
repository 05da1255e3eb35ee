/**
 * Plain 2-D math shared by the generator and the ground truth. Everything is
 * laid out once in "layout" space (the displayed sheet, origin bottom-left,
 * y up) and only turned into PDF user space or displayed top-left coordinates
 * through explicit matrices, so truth and drawing can never drift apart.
 */
import { boxOfPoints } from '../../../core/geometry/bbox.ts';

export type Point = [number, number];
/** [x1, y1, x2, y2] with x1 <= x2 and y1 <= y2. */
export type Box = [number, number, number, number];
/** PDF matrix [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f. */
export type Matrix = [number, number, number, number, number, number];
export type Rotation = 0 | 90 | 180 | 270;

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `inner` first and then `outer` (pdf.js `Util.transform(outer, inner)`). */
export function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = outer;
  const [a2, b2, c2, d2, e2, f2] = inner;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

export function invert(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-12) throw new Error('matrix is not invertible');
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export function apply(m: Matrix, p: Point): Point {
  return [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
}

/** Uniform scale factor of a matrix (line widths and dash lengths scale by it). */
export function matrixScale(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}

/** True when the matrix keeps axis-aligned rectangles axis-aligned (so `re` stays exact). */
export function isAxisAligned(m: Matrix): boolean {
  const eps = 1e-9;
  return (Math.abs(m[1]) < eps && Math.abs(m[2]) < eps) || (Math.abs(m[0]) < eps && Math.abs(m[3]) < eps);
}

export function translate(x: number, y: number): Matrix {
  return [1, 0, 0, 1, x, y];
}

export function scaleMatrix(s: number): Matrix {
  return [s, 0, 0, s, 0, 0];
}

/**
 * The matrix pdf.js's `page.getViewport({ scale: 1 }).transform` holds for a
 * page whose view box is [0, 0, userWidth, userHeight], restated here so the
 * truth does not depend on pdf.js; the tests compare both.
 */
export function viewportTransform(rotation: Rotation, userWidth: number, userHeight: number): Matrix {
  const centerX = userWidth / 2;
  const centerY = userHeight / 2;
  const [ra, rb, rc, rd] =
    rotation === 0 ? [1, 0, 0, -1] : rotation === 90 ? [0, 1, 1, 0] : rotation === 180 ? [-1, 0, 0, 1] : [0, -1, -1, 0];
  const offsetX = ra === 0 ? centerY : centerX;
  const offsetY = ra === 0 ? centerX : centerY;
  return [ra, rb, rc, rd, offsetX - ra * centerX - rc * centerY, offsetY - rb * centerX - rd * centerY];
}

/**
 * Layout space (displayed sheet, y up) to PDF user space. It is the inverse of
 * the viewport transform after flipping y, so that viewport ∘ layoutToUser is
 * exactly "flip y" whatever the page rotation.
 */
export function layoutToUser(
  rotation: Rotation,
  userWidth: number,
  userHeight: number,
  displayedHeight: number,
): Matrix {
  const flip: Matrix = [1, 0, 0, -1, 0, displayedHeight];
  return compose(invert(viewportTransform(rotation, userWidth, userHeight)), flip);
}

export const boxOf = (points: readonly Point[]): Box => boxOfPoints(points);

export function unionBox(...boxes: Box[]): Box {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3])),
  ];
}

export function corners(b: Box): Point[] {
  return [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[2], b[3]],
    [b[0], b[3]],
  ];
}

export function transformBox(m: Matrix, b: Box): Box {
  return boxOf(corners(b).map((p) => apply(m, p)));
}

export function inflate(b: Box, d: number): Box {
  return [b[0] - d, b[1] - d, b[2] + d, b[3] + d];
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

export function boxInside(inner: Box, outer: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

export function circleBox(c: Point, r: number): Box {
  return [c[0] - r, c[1] - r, c[0] + r, c[1] + r];
}

export function add(p: Point, q: Point): Point {
  return [p[0] + q[0], p[1] + q[1]];
}

export function sub(p: Point, q: Point): Point {
  return [p[0] - q[0], p[1] - q[1]];
}

export function mul(p: Point, s: number): Point {
  return [p[0] * s, p[1] * s];
}

export function length(p: Point): number {
  return Math.hypot(p[0], p[1]);
}

export function unit(p: Point): Point {
  const l = length(p);
  return [p[0] / l, p[1] / l];
}

/** Counter-clockwise perpendicular. */
export function perp(p: Point): Point {
  return [-p[1], p[0]];
}

export function polar(center: Point, r: number, angle: number): Point {
  return [center[0] + r * Math.cos(angle), center[1] + r * Math.sin(angle)];
}

export function round(v: number, digits = 3): number {
  const f = 10 ** digits;
  const r = Math.round(v * f) / f;
  return r === 0 ? 0 : r;
}
