/**
 * Affine matrices in PDF order [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f.
 *
 * @example
 * multiply([2, 0, 0, 2, 0, 0], [1, 0, 0, 1, 10, 0]) // → [2, 0, 0, 2, 20, 0]: translate first, then scale
 */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 ∘ m2: a point is mapped by m2 first, then by m1 (PDF's `cm` gives CTM' = multiply(CTM, M)). */
export function multiply(m1: Matrix, m2: ArrayLike<number>): Matrix {
  return [
    m1[0] * m2[0]! + m1[2] * m2[1]!,
    m1[1] * m2[0]! + m1[3] * m2[1]!,
    m1[0] * m2[2]! + m1[2] * m2[3]!,
    m1[1] * m2[2]! + m1[3] * m2[3]!,
    m1[0] * m2[4]! + m1[2] * m2[5]! + m1[4],
    m1[1] * m2[4]! + m1[3] * m2[5]! + m1[5],
  ];
}

/** The point (x, y) mapped by m. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** How much m scales lengths (geometric mean of its axes), for line widths. */
export function scaleOf(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}
