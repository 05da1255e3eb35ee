// A symmetric positive definite banded matrix and its Cholesky factor (Uᵀ U), stored by rows:
// row i holds columns i … i + b contiguously, so the factorisation's inner loop (the update
// of row j by row i) runs over contiguous memory. Cost: n·b²/2 multiply-adds, storage n·(b+1).
import { PIVOT_RATIO } from './element.ts';
import { SolverError } from './types.ts';

export const MAX_BAND_ENTRIES = 20_000_000; // 160 MB of doubles

export class Band {
  readonly a: Float64Array;
  readonly n: number;
  readonly b: number;
  private readonly w: number;

  constructor(n: number, b: number) {
    this.n = n;
    this.b = b;
    this.w = b + 1;
    if (n * (b + 1) > MAX_BAND_ENTRIES)
      throw new SolverError(
        'TOO_LARGE',
        `the model has ${n} equations with a half-bandwidth of ${b}; the stand-in solver stores at most ${MAX_BAND_ENTRIES} band entries`,
      );
    this.a = new Float64Array(n * (b + 1));
  }

  /** Adds v at (i, j), i ≤ j ≤ i + b (upper triangle only). */
  add(i: number, j: number, v: number): void {
    this.a[i * this.w + (j - i)]! += v;
  }

  get(i: number, j: number): number {
    return this.a[i * this.w + (j - i)]!;
  }

  /**
   * In-place factorisation; returns the index of the first equation whose pivot vanishes
   * (below PIVOT_RATIO of its original diagonal: a mechanism), or −1.
   */
  factor(): number {
    const { n, b, w, a } = this;
    const original = new Float64Array(n);
    for (let i = 0; i < n; i++) original[i] = a[i * w]!;
    for (let i = 0; i < n; i++) {
      const ri = i * w;
      const diag = a[ri]!;
      if (!(diag > PIVOT_RATIO * Math.abs(original[i]!)) || original[i] === 0) return i;
      const d = Math.sqrt(diag);
      a[ri] = d;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) a[ri + j - i]! /= d;
      // Rows j > i lose u_ij · u_ik (k = j … i + b); four rows at a time share the loads of row i.
      const off = ri - i; // a[off + k] is (i, k)
      let j = i + 1;
      for (; j + 3 <= last; j += 4) {
        const u0 = a[off + j]!,
          u1 = a[off + j + 1]!,
          u2 = a[off + j + 2]!,
          u3 = a[off + j + 3]!;
        if (u0 === 0 && u1 === 0 && u2 === 0 && u3 === 0) continue;
        const r0 = j * w - j,
          r1 = r0 + w - 1,
          r2 = r1 + w - 1,
          r3 = r2 + w - 1; // a[rX + k] is (j + X, k)
        a[r0 + j]! -= u0 * u0;
        a[r0 + j + 1]! -= u0 * u1;
        a[r0 + j + 2]! -= u0 * u2;
        a[r1 + j + 1]! -= u1 * u1;
        a[r1 + j + 2]! -= u1 * u2;
        a[r2 + j + 2]! -= u2 * u2;
        for (let k = j + 3; k <= last; k++) {
          const x = a[off + k]!;
          a[r0 + k]! -= u0 * x;
          a[r1 + k]! -= u1 * x;
          a[r2 + k]! -= u2 * x;
          a[r3 + k]! -= u3 * x;
        }
      }
      for (; j <= last; j++) {
        const uij = a[off + j]!;
        if (uij === 0) continue;
        const rj = j * w - j;
        for (let k = j; k <= last; k++) a[rj + k]! -= uij * a[off + k]!;
      }
    }
    return -1;
  }

  /** Solves Uᵀ U x = f with the factor; f is not changed. */
  solve(f: Float64Array): Float64Array {
    const { n, b, w, a } = this;
    const y = Float64Array.from(f);
    // Forward: Uᵀ y = f, by rows of U (column-oriented on Uᵀ).
    for (let i = 0; i < n; i++) {
      const ri = i * w;
      const yi = (y[i] = y[i]! / a[ri]!);
      if (yi === 0) continue;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) y[j]! -= a[ri + j - i]! * yi;
    }
    // Backward: U x = y.
    for (let i = n - 1; i >= 0; i--) {
      const ri = i * w;
      let s = y[i]!;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) s -= a[ri + j - i]! * y[j]!;
      y[i] = s / a[ri]!;
    }
    return y;
  }

  /**
   * Solves for several right-hand sides at once: the factor is read once for all of them (a
   * solve is bound by reading the band from memory, not by arithmetic).
   */
  solveMany(fs: Float64Array[]): Float64Array[] {
    if (fs.length !== 4) return fs.map((f) => this.solve(f));
    const { n, b, w, a } = this;
    // Four right-hand sides interleaved (y[4i + c]), each row's four values in locals.
    const y = new Float64Array(n * 4);
    const [f0, f1, f2, f3] = fs as [Float64Array, Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < n; i++) {
      y[4 * i] = f0[i]!;
      y[4 * i + 1] = f1[i]!;
      y[4 * i + 2] = f2[i]!;
      y[4 * i + 3] = f3[i]!;
    }
    for (let i = 0; i < n; i++) {
      const ri = i * w,
        d = a[ri]!;
      const y0 = (y[4 * i] = y[4 * i]! / d),
        y1 = (y[4 * i + 1] = y[4 * i + 1]! / d);
      const y2 = (y[4 * i + 2] = y[4 * i + 2]! / d),
        y3 = (y[4 * i + 3] = y[4 * i + 3]! / d);
      const last = Math.min(n - 1, i + b),
        off = ri - i;
      for (let j = i + 1; j <= last; j++) {
        const aij = a[off + j]!;
        if (aij === 0) continue;
        const k = 4 * j;
        y[k]! -= aij * y0;
        y[k + 1]! -= aij * y1;
        y[k + 2]! -= aij * y2;
        y[k + 3]! -= aij * y3;
      }
    }
    for (let i = n - 1; i >= 0; i--) {
      const ri = i * w,
        off = ri - i;
      let s0 = y[4 * i]!,
        s1 = y[4 * i + 1]!,
        s2 = y[4 * i + 2]!,
        s3 = y[4 * i + 3]!;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) {
        const aij = a[off + j]!;
        if (aij === 0) continue;
        const k = 4 * j;
        s0 -= aij * y[k]!;
        s1 -= aij * y[k + 1]!;
        s2 -= aij * y[k + 2]!;
        s3 -= aij * y[k + 3]!;
      }
      const d = a[ri]!;
      y[4 * i] = s0 / d;
      y[4 * i + 1] = s1 / d;
      y[4 * i + 2] = s2 / d;
      y[4 * i + 3] = s3 / d;
    }
    return [0, 1, 2, 3].map((c) => {
      const x = new Float64Array(n);
      for (let i = 0; i < n; i++) x[i] = y[4 * i + c]!;
      return x;
    });
  }
}
