// Modal analysis: the lowest eigenpairs of K φ = ω² M φ with lumped joint masses (CSI's
// programs lump mass at joints too), by block Lanczos on K⁻¹M in the M inner product, with
// full reorthogonalisation, reusing the static analysis's Cholesky factor of K.
// Massless freedoms (rotations, joints without mass) need no condensation: K⁻¹M maps every
// vector into the space the masses span. The tridiagonal matrix's eigenpairs come from cyclic
// Jacobi rotations (it is small: a few times the number of modes asked for).
//
// Modes are normalised to unit modal mass (φᵀ M φ = 1), as CSI reports them, with the sign
// that makes the largest component positive. Participation factor Γ_d = φᵀ M r_d for unit
// ground motion r_d along X, Y, Z and about Z through the origin; effective mass Γ_d²; the
// participating mass ratio divides it by the total mass rᵀ M r on free freedoms.
import type { Numbering } from './numbering.ts';
import { response, type Assembled } from './static.ts';
import { SolverError, type Mode, type ModalResult, type SolverModel } from './types.ts';

/**
 * A Ritz pair is converged when its residual norm is below this fraction of its value: the
 * eigenvalue's relative error is then about the square of that over the relative gap to the
 * next mode (1e-10 / gap: under 1e-7 for modes 0.1% apart), the mode shape's about 1e-5 / gap.
 */
const TOLERANCE = 1e-5;

/** The mass matrix in equation space: symmetric, stored as its upper triangle's nonzeros. */
export interface MassMatrix {
  n: number;
  rows: Int32Array;
  cols: Int32Array;
  values: Float64Array;
}

export function assembleMass(model: SolverModel, numbering: Numbering): MassMatrix {
  const { start, eqs, coefs, n } = numbering;
  const acc = new Map<number, number>();
  model.masses?.forEach((m, j) => {
    for (let d = 0; d < 6; d++) {
      const md = m[d]!;
      if (!md) continue;
      const s = j * 6 + d;
      for (let a = start[s]!; a < start[s + 1]!; a++) {
        for (let b = start[s]!; b < start[s + 1]!; b++) {
          const ea = eqs[a]!,
            eb = eqs[b]!;
          if (eb < ea) continue;
          const key = ea * n + eb;
          acc.set(key, (acc.get(key) ?? 0) + coefs[a]! * coefs[b]! * md);
        }
      }
    }
  });
  const rows = new Int32Array(acc.size),
    cols = new Int32Array(acc.size),
    values = new Float64Array(acc.size);
  let k = 0;
  for (const [key, v] of acc) {
    rows[k] = Math.floor(key / n);
    cols[k] = key - rows[k]! * n;
    values[k++] = v;
  }
  return { n, rows, cols, values };
}

export function massTimes(M: MassMatrix, x: Float64Array): Float64Array {
  const y = new Float64Array(M.n);
  for (let k = 0; k < M.values.length; k++) {
    const r = M.rows[k]!,
      c = M.cols[k]!,
      v = M.values[k]!;
    y[r]! += v * x[c]!;
    if (r !== c) y[c]! += v * x[r]!;
  }
  return y;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Unit ground motion along X, Y, Z and rotation about Z through the origin, in equation space. */
export function influenceVectors(model: SolverModel, numbering: Numbering): Float64Array[] {
  const { n, owner, masters } = numbering;
  const r = [0, 1, 2, 3].map(() => new Float64Array(n));
  for (let e = 0; e < n; e++) {
    const o = owner[e]!;
    if (o >= 0) {
      const j = Math.floor(o / 6),
        d = o % 6;
      const [x, y] = model.joints[j]!.xyz;
      if (d < 3) r[d]![e] = 1;
      if (d === 0) r[3]![e] = -y;
      if (d === 1) r[3]![e] = x;
      if (d === 5) r[3]![e] = 1;
    } else {
      const m = Math.floor((-o - 1) / 3),
        k = (-o - 1) % 3;
      const [xc, yc] = masters[m]!.center;
      if (k === 0) {
        r[0]![e] = 1;
        r[3]![e] = -yc;
      }
      if (k === 1) {
        r[1]![e] = 1;
        r[3]![e] = xc;
      }
      if (k === 2) r[3]![e] = 1;
    }
  }
  return r;
}

/** Deterministic pseudo-random numbers (a start vector must not be orthogonal to a wanted mode by accident of symmetry). */
function* lcg(seed: number): Generator<number> {
  let s = seed >>> 0;
  for (;;) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    yield s / 4294967296 - 0.5;
  }
}

/** Eigenpairs of a small dense symmetric matrix by cyclic Jacobi rotations; columns of `vectors` are the eigenvectors. */
export function jacobiEigen(a: number[][]): { values: number[]; vectors: number[][] } {
  const m = a.length;
  const A = a.map((row) => [...row]);
  const V: number[][] = Array.from({ length: m }, (_, i) => Array.from({ length: m }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0,
      scale = 0;
    for (let p = 0; p < m; p++)
      for (let q = 0; q < m; q++) p === q ? (scale += A[p]![q]! ** 2) : (off += A[p]![q]! ** 2);
    if (off <= 1e-30 * scale) break;
    for (let p = 0; p < m - 1; p++)
      for (let q = p + 1; q < m; q++) {
        const apq = A[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (A[q]![q]! - A[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < m; k++) {
          const akp = A[k]![p]!,
            akq = A[k]![q]!;
          A[k]![p] = c * akp - s * akq;
          A[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < m; k++) {
          const apk = A[p]![k]!,
            aqk = A[q]![k]!;
          A[p]![k] = c * apk - s * aqk;
          A[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < m; k++) {
          const vkp = V[k]![p]!,
            vkq = V[k]![q]!;
          V[k]![p] = c * vkp - s * vkq;
          V[k]![q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: A.map((row, i) => row[i]!), vectors: V };
}

/**
 * A vector whose M-norm falls below this fraction of its size before it was made M-orthogonal
 * to the basis adds nothing new. Small on purpose: the components along stiff modes (a beam's
 * axial vibration between two massed joints) shrink by ω₁²/ω² at every K⁻¹M, 1e-8 for such a
 * mode; the basis stops growing at the rank of M instead (massRank), which also keeps a
 * singular M (one point mass on a diaphragm) from taking round-off as a direction.
 */
const DEPENDENT = 1e-10;

/**
 * The rank of M: the number of independent motions the masses take part in. M is
 * block-diagonal (a joint's freedom maps to its own equation or to its diaphragm master's
 * three), so the rank is the sum of its diagonal blocks' ranks, each from its eigenvalues.
 */
export function massRank(M: MassMatrix): number {
  const parent = Int32Array.from({ length: M.n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let k = 0; k < M.values.length; k++) if (M.values[k] !== 0) parent[find(M.rows[k]!)] = find(M.cols[k]!);
  const blocks = new Map<number, number[]>();
  for (let k = 0; k < M.values.length; k++) {
    if (M.values[k] === 0) continue;
    for (const e of [M.rows[k]!, M.cols[k]!]) {
      const root = find(e),
        members = blocks.get(root) ?? [];
      if (!members.includes(e)) members.push(e);
      blocks.set(root, members);
    }
  }
  const entry = new Map<number, number>();
  for (let k = 0; k < M.values.length; k++) entry.set(M.rows[k]! * M.n + M.cols[k]!, M.values[k]!);
  let rank = 0;
  for (const members of blocks.values()) {
    if (members.length === 1) {
      rank++;
      continue;
    }
    const a = members.map((r) => members.map((c) => entry.get(Math.min(r, c) * M.n + Math.max(r, c)) ?? 0));
    const { values } = jacobiEigen(a);
    const top = Math.max(...values.map(Math.abs));
    rank += values.filter((v) => v > 1e-12 * top).length;
  }
  return rank;
}

/** Block size of the Krylov method: a solve reads the whole factor, so several vectors share each read. */
const BLOCK = 4;

/**
 * The `count` lowest modes (fewer when the masses span fewer freedoms), by block Lanczos on
 * K⁻¹M in the M inner product with full reorthogonalisation: the basis Q grows a block at a
 * time (W = K⁻¹ M Q_block, made M-orthogonal to Q twice, then M-orthonormalised: W = Q_new R),
 * the projected matrix H = Qᵀ M K⁻¹ M Q gives Ritz values θ = 1/ω², and a Ritz pair (θ, s) has
 * residual norm ‖R s_last‖ (its components on the last block), so convergence is known
 * without another solve. `solveMany` applies K⁻¹ (the factored stiffness) to several vectors.
 */
export function lanczos(
  M: MassMatrix,
  solveMany: (fs: Float64Array[]) => Float64Array[],
  count: number,
): { omega2: number[]; vectors: Float64Array[] } {
  const n = M.n;
  const diag = new Float64Array(n);
  for (let k = 0; k < M.values.length; k++) if (M.rows[k] === M.cols[k]) diag[M.rows[k]!] = M.values[k]!;
  const massDofs = massRank(M);
  const want = Math.min(count, massDofs);
  if (want === 0) return { omega2: [], vectors: [] };
  const p = Math.min(BLOCK, want);
  const maxSize = Math.min(massDofs, Math.max(5 * want, want + 32));
  const k: Krylov = { M, n, diag, massDofs, random: lcg(12345), solveMany, Q: [], MQ: [], H: [] };

  const first = orthonormalise(k, solveMany(Array.from({ length: p }, () => massTimes(M, randomVector(k)))), true);
  if (first.block.length === 0)
    throw new SolverError(
      'INVALID_ARGUMENTS',
      'the model has no mass on free freedoms: assign masses or a mass source first',
    );
  let block = first.block,
    mblock = first.mblock;
  for (;;) {
    const start = k.Q.length;
    const next = grow(k, block, mblock);
    const size = k.Q.length;
    // (A basis that stops growing spans every mode there is: fewer than asked when the masses
    // span fewer independent motions than their count of freedoms, e.g. one point mass on a diaphragm.)
    if (size >= want || next.block.length === 0) {
      const last = size + next.block.length > maxSize || next.block.length === 0;
      const modes = ritzModes(k, { start, width: block.length, R: next.R }, want, last);
      if (modes) return modes;
    }
    if (next.block.length === 0) break;
    block = next.block;
    mblock = next.mblock;
  }
  return { omega2: [], vectors: [] };
}

/** The state of one block Lanczos run: the mass matrix, the M-orthonormal basis Q (and M·Q), and the projected matrix H. */
interface Krylov {
  M: MassMatrix;
  n: number;
  /** The mass matrix's diagonal: a random start vector has no component on a massless freedom. */
  diag: Float64Array;
  massDofs: number;
  random: ReturnType<typeof lcg>;
  solveMany: (fs: Float64Array[]) => Float64Array[];
  Q: Float64Array[];
  MQ: Float64Array[];
  H: number[][];
}

/** Makes v M-orthogonal to a basis (twice, for round-off); returns the coefficients removed. */
function orthogonalise(n: number, v: Float64Array, basis: Float64Array[], mbasis: Float64Array[]): number[] {
  const removed = basis.map(() => 0);
  for (let pass = 0; pass < 2; pass++) {
    for (let k = 0; k < basis.length; k++) {
      const c = dot(mbasis[k]!, v);
      if (c === 0) continue;
      removed[k]! += c;
      const q = basis[k]!;
      for (let i = 0; i < n; i++) v[i]! -= c * q[i]!;
    }
  }
  return removed;
}

function randomVector(k: Krylov): Float64Array {
  const w = new Float64Array(k.n);
  for (let i = 0; i < k.n; i++) w[i] = k.diag[i]! > 0 ? 1 + k.random.next().value! : 0;
  return w;
}

const mNorm = (M: MassMatrix, v: Float64Array) => Math.sqrt(Math.max(0, dot(v, massTimes(M, v))));

/** M-orthonormalises a block against Q and itself: W = Q_new R (a dependent vector is replaced by a fresh one, its R column zero). */
function orthonormalise(
  k: Krylov,
  W: Float64Array[],
  first = false,
  scales?: number[],
): { block: Float64Array[]; mblock: Float64Array[]; R: number[][] } {
  const { M, n, Q, MQ } = k;
  const block: Float64Array[] = [],
    mblock: Float64Array[] = [];
  const R = W.map(() => W.map(() => 0));
  for (let c = 0; c < W.length; c++) {
    const v = W[c]!;
    // Its size before any projection (the caller's, when it projected on Q already).
    const before = scales?.[c] ?? mNorm(M, v);
    if (Q.length && first) orthogonalise(n, v, Q, MQ);
    const inBlock = orthogonalise(n, v, block, mblock);
    inBlock.forEach((r, i) => (R[i]![c] = r));
    // The basis spans every massed freedom already: the rest of W lies in it (its
    // coefficients are in R); another vector would be round-off.
    if (Q.length + block.length >= k.massDofs) continue;
    let Mv = massTimes(M, v);
    let norm = Math.sqrt(Math.max(0, dot(v, Mv)));
    if (!(norm > DEPENDENT * before)) {
      // Deflation: the block spans less than its size; continue from a fresh direction.
      const fresh = k.solveMany([massTimes(M, randomVector(k))])[0]!;
      const freshBefore = mNorm(M, fresh);
      orthogonalise(n, fresh, Q, MQ);
      orthogonalise(n, fresh, block, mblock);
      Mv = massTimes(M, fresh);
      norm = Math.sqrt(Math.max(0, dot(fresh, Mv)));
      if (!(norm > DEPENDENT * freshBefore)) continue; // nothing new left: the space is exhausted
      v.set(fresh);
      R[c]![c] = 0;
    } else R[c]![c] = norm;
    for (let i = 0; i < n; i++) {
      v[i]! /= norm;
      Mv[i]! /= norm;
    }
    block.push(v);
    mblock.push(Mv);
  }
  return { block, mblock, R };
}

/**
 * One Lanczos step: the block joins Q, W = K⁻¹ M block is projected on the whole basis (the
 * symmetric H: a block's column is its row), and what is left is M-orthonormalised into the next block.
 */
function grow(
  k: Krylov,
  block: Float64Array[],
  mblock: Float64Array[],
): { block: Float64Array[]; mblock: Float64Array[]; R: number[][] } {
  const { Q, MQ, H } = k;
  const start = Q.length;
  Q.push(...block);
  MQ.push(...mblock);
  for (const row of H) row.push(...block.map(() => 0));
  for (let c = 0; c < block.length; c++) H.push(new Array<number>(Q.length).fill(0));
  const W = k.solveMany(mblock);
  // The vectors are then M-orthogonal to Q, and orthonormalise only works within the block.
  const scales = W.map((w) => mNorm(k.M, w));
  W.forEach((w, c) => {
    const removed = orthogonalise(k.n, w, Q, MQ);
    removed.forEach((h, i) => {
      H[i]![start + c] = h;
      H[start + c]![i] = h;
    });
  });
  for (let c = 0; c < block.length; c++)
    for (let d = c + 1; d < block.length; d++) {
      const h = (H[start + c]![start + d]! + H[start + d]![start + c]!) / 2;
      H[start + c]![start + d] = H[start + d]![start + c] = h;
    }
  return orthonormalise(k, W, false, scales);
}

/**
 * The `want` Ritz pairs of H with the largest θ (the lowest ω² = 1/θ), once every one has
 * converged or the basis can grow no further (`last`); null to grow it. A pair's residual is
 * ‖R s_last‖, its components on the last block (`start`, `width`) times the next block's R.
 */
function ritzModes(
  k: Krylov,
  lastBlock: { start: number; width: number; R: number[][] },
  want: number,
  last: boolean,
): { omega2: number[]; vectors: Float64Array[] } | null {
  const { start, width, R } = lastBlock;
  const { values, vectors } = jacobiEigen(k.H);
  const order = values
    .map((_, i) => i)
    .sort((x, y) => values[y]! - values[x]!)
    .slice(0, want);
  const residual = (j: number) => {
    let sum = 0;
    for (let r = 0; r < width; r++) {
      let v = 0;
      for (let c = 0; c < width; c++) v += R[r]![c]! * vectors[start + c]![j]!;
      sum += v * v;
    }
    return Math.sqrt(sum);
  };
  const converged = order.every((j) => residual(j) <= TOLERANCE * Math.abs(values[j]!));
  if (!converged && !last) return null;
  const size = k.Q.length;
  return {
    omega2: order.map((j) => 1 / values[j]!),
    vectors: order.map((j) => {
      const x = new Float64Array(k.n);
      for (let c = 0; c < size; c++) {
        const s = vectors[c]![j]!;
        if (s !== 0) {
          const q = k.Q[c]!;
          for (let i = 0; i < k.n; i++) x[i]! += s * q[i]!;
        }
      }
      return x;
    }),
  };
}

/** Modal analysis of an assembled model. */
export function modalAnalysis(model: SolverModel, asm: Assembled, name: string, count: number): ModalResult {
  const M = assembleMass(model, asm.numbering);
  const { omega2, vectors } = lanczos(M, (fs) => asm.K.solveMany(fs), count);
  const r = influenceVectors(model, asm.numbering);
  const Mr = r.map((v) => massTimes(M, v));
  const totalMass = r.map((v, d) => dot(v, Mr[d]!)) as [number, number, number, number];
  const modes: Mode[] = omega2.map((w2, k) => {
    const phi = vectors[k]!;
    // Sign: the largest component positive (the eigenproblem leaves it free).
    let big = 0;
    for (let i = 0; i < phi.length; i++) if (Math.abs(phi[i]!) > Math.abs(big)) big = phi[i]!;
    if (big < 0) for (let i = 0; i < phi.length; i++) phi[i] = -phi[i]!;
    const circular = Math.sqrt(w2);
    return {
      eigenvalue: w2,
      circular,
      frequency: circular / (2 * Math.PI),
      period: (2 * Math.PI) / circular,
      participation: Mr.map((v) => dot(phi, v)) as [number, number, number, number],
      shape: response(model, asm, `${name} mode ${k + 1}`, phi),
    };
  });
  return { name, modes, totalMass };
}
