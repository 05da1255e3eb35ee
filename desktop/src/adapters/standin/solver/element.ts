// The prismatic 3D frame element: local axes, its 12×12 stiffness (Euler–Bernoulli bending,
// St Venant torsion, no shear deformation: exact for the closed-form textbook cases), member
// loads as equivalent joint loads through its shape functions (the exact fixed-end forces for
// this element), end releases by static condensation, and section forces at a station.
import type { LocalLoad, MemberLoadDirection, Six, SolverFrame, Vec3 } from './types.ts';
import { SolverError } from './types.ts';

/** A pivot below this fraction of its original diagonal means the structure is a mechanism at that freedom. */
export const PIVOT_RATIO = 1e-10;

// ---- element geometry and matrices ------------------------------------------------------

/** Rows are local axes 1, 2, 3 in global components (CSI's default orientation, then `angle` about local 1). */
export function localAxes(a: Vec3, b: Vec3, angleDeg: number): { r: [Vec3, Vec3, Vec3]; length: number } {
  const d: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const length = Math.hypot(...d);
  const v1: Vec3 = [d[0] / length, d[1] / length, d[2] / length];
  // Vertical: the member's horizontal projection is a negligible part of its length.
  const vertical = Math.hypot(v1[0], v1[1]) < 1e-3;
  let v2: Vec3;
  if (vertical) v2 = [1, 0, 0];
  else {
    const up: Vec3 = [-v1[2] * v1[0], -v1[2] * v1[1], 1 - v1[2] * v1[2]];
    const n = Math.hypot(...up);
    v2 = [up[0] / n, up[1] / n, up[2] / n];
  }
  let v3 = cross(v1, v2);
  if (angleDeg !== 0) {
    const c = Math.cos((angleDeg * Math.PI) / 180),
      s = Math.sin((angleDeg * Math.PI) / 180);
    const r2: Vec3 = [c * v2[0] + s * v3[0], c * v2[1] + s * v3[1], c * v2[2] + s * v3[2]];
    const r3: Vec3 = [-s * v2[0] + c * v3[0], -s * v2[1] + c * v3[1], -s * v2[2] + c * v3[2]];
    v2 = r2;
    v3 = r3;
  }
  return { r: [v1, v2, v3], length };
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** 12×12 local stiffness, freedoms [u1 u2 u3 r1 r2 r3] at i then j. */
export function localStiffness(f: SolverFrame, L: number): number[][] {
  const k = Array.from({ length: 12 }, () => new Array<number>(12).fill(0));
  const set = (a: number, b: number, v: number) => {
    k[a]![b] = v;
    k[b]![a] = v;
  };
  const ea = (f.e * f.area) / L,
    gj = (f.g * f.torsion) / L;
  const z = f.e * f.i33,
    y = f.e * f.i22; // bending in the 1-2 plane uses I33, in the 1-3 plane I22
  set(0, 0, ea);
  set(0, 6, -ea);
  set(6, 6, ea);
  set(3, 3, gj);
  set(3, 9, -gj);
  set(9, 9, gj);
  set(1, 1, (12 * z) / L ** 3);
  set(1, 5, (6 * z) / L ** 2);
  set(1, 7, (-12 * z) / L ** 3);
  set(1, 11, (6 * z) / L ** 2);
  set(5, 5, (4 * z) / L);
  set(5, 7, (-6 * z) / L ** 2);
  set(5, 11, (2 * z) / L);
  set(7, 7, (12 * z) / L ** 3);
  set(7, 11, (-6 * z) / L ** 2);
  set(11, 11, (4 * z) / L);
  set(2, 2, (12 * y) / L ** 3);
  set(2, 4, (-6 * y) / L ** 2);
  set(2, 8, (-12 * y) / L ** 3);
  set(2, 10, (-6 * y) / L ** 2);
  set(4, 4, (4 * y) / L);
  set(4, 8, (6 * y) / L ** 2);
  set(4, 10, (2 * y) / L);
  set(8, 8, (12 * y) / L ** 3);
  set(8, 10, (6 * y) / L ** 2);
  set(10, 10, (4 * y) / L);
  return k;
}

/** Equivalent joint loads (local) of a load w (local vector) at x: the shape functions evaluated there. */
function addPointEquivalent(out: number[], L: number, x: number, w: Vec3): void {
  const t = x / L;
  const n1 = 1 - 3 * t * t + 2 * t ** 3,
    n2 = L * (t - 2 * t * t + t ** 3),
    n3 = 3 * t * t - 2 * t ** 3,
    n4 = L * (t ** 3 - t * t);
  out[0]! += (1 - t) * w[0];
  out[6]! += t * w[0];
  out[1]! += n1 * w[1];
  out[5]! += n2 * w[1];
  out[7]! += n3 * w[1];
  out[11]! += n4 * w[1];
  // Rotation about local 2 is −dw/dx, so the moments of a local-3 load change sign.
  out[2]! += n1 * w[2];
  out[4]! -= n2 * w[2];
  out[8]! += n3 * w[2];
  out[10]! -= n4 * w[2];
}

// Three-point Gauss–Legendre: exact to degree 5, enough for a linear load times a cubic shape function.
const GAUSS = [
  [-Math.sqrt(3 / 5), 5 / 9],
  [0, 8 / 9],
  [Math.sqrt(3 / 5), 5 / 9],
] as const;

function integrate(a: number, b: number, fn: (s: number, weight: number) => void): void {
  if (b <= a) return;
  const h = (b - a) / 2,
    m = (a + b) / 2;
  for (const [g, w] of GAUSS) fn(m + h * g, w * h);
}

function loadAt(l: Extract<LocalLoad, { kind: 'distributed' }>, s: number): Vec3 {
  const t = l.to === l.from ? 0 : (s - l.from) / (l.to - l.from);
  return [l.w1[0] + t * (l.w2[0] - l.w1[0]), l.w1[1] + t * (l.w2[1] - l.w1[1]), l.w1[2] + t * (l.w2[2] - l.w1[2])];
}

export function equivalentLoads(loads: LocalLoad[], L: number): number[] {
  const out = new Array<number>(12).fill(0);
  for (const l of loads) {
    if (l.kind === 'point') addPointEquivalent(out, L, l.at, l.w);
    else
      integrate(l.from, l.to, (s, wt) => {
        const q = loadAt(l, s);
        addPointEquivalent(out, L, s, [q[0] * wt, q[1] * wt, q[2] * wt]);
      });
  }
  return out;
}

/** Static condensation of released end freedoms: k* = kcc − kcr krr⁻¹ krc, f* = fc − kcr krr⁻¹ fr (released rows become zero). */
export function condense(
  k: number[][],
  f: number[],
  released: number[],
  frame: string,
): { k: number[][]; f: number[] } {
  if (released.length === 0) return { k, f };
  const r = released,
    m = r.length;
  // Solve krr X = [krc | fr] by Gaussian elimination with partial pivoting (m ≤ 12).
  const a = r.map((ri) => [...r.map((rj) => k[ri]![rj]!), ...k[ri]!, f[ri]!]);
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let q = c + 1; q < m; q++) if (Math.abs(a[q]![c]!) > Math.abs(a[p]![c]!)) p = q;
    const scale = Math.max(...r.map((ri) => Math.abs(k[ri]![ri]!)));
    if (Math.abs(a[p]![c]!) <= PIVOT_RATIO * scale) {
      throw new SolverError(
        'UNSTABLE_STRUCTURE',
        `frame ${frame}: its end releases leave it free to move (for example torsion or axial force released at both ends)`,
        { frame },
      );
    }
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let q = 0; q < m; q++) {
      if (q === c) continue;
      const factor = a[q]![c]! / a[c]![c]!;
      if (factor !== 0) for (let col = c; col < a[q]!.length; col++) a[q]![col]! -= factor * a[c]![col]!;
    }
  }
  const x = a.map((row, i) => row.slice(m).map((v) => v / row[i]!)); // m × (12 + 1)
  const kc = k.map((row) => [...row]),
    fc = [...f];
  for (let i = 0; i < 12; i++) {
    for (let q = 0; q < m; q++) {
      const kir = k[i]![r[q]!]!;
      if (kir === 0) continue;
      for (let j = 0; j < 12; j++) kc[i]![j]! -= kir * x[q]![j]!;
      fc[i]! -= kir * x[q]![12]!;
    }
  }
  for (const ri of r) {
    kc[ri]!.fill(0);
    for (const row of kc) row[ri] = 0;
    fc[ri] = 0;
  }
  return { k: kc, f: fc };
}

export function toLocal(r: [Vec3, Vec3, Vec3], v: Vec3): Vec3 {
  return [
    r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
    r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
    r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2],
  ];
}
export function toGlobal(r: [Vec3, Vec3, Vec3], v: Vec3): Vec3 {
  return [
    r[0][0] * v[0] + r[1][0] * v[1] + r[2][0] * v[2],
    r[0][1] * v[0] + r[1][1] * v[1] + r[2][1] * v[2],
    r[0][2] * v[0] + r[1][2] * v[1] + r[2][2] * v[2],
  ];
}

export function unitLocal(dir: MemberLoadDirection, r: [Vec3, Vec3, Vec3]): Vec3 {
  if ('local' in dir) {
    const u: Vec3 = [0, 0, 0];
    u[dir.local] = 1;
    return u;
  }
  return toLocal(r, dir.global);
}

/** Tᵀ k T with T = diag(R, R, R, R), block by block (Rᵀ k_ab R for each 3×3 block). */
export function transform(k: number[][], r: [Vec3, Vec3, Vec3]): number[][] {
  const out = Array.from({ length: 12 }, () => new Array<number>(12).fill(0));
  const tmp = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let A = 0; A < 4; A++)
    for (let B = 0; B < 4; B++) {
      // tmp = k_AB R
      for (let a = 0; a < 3; a++)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let b = 0; b < 3; b++) s += k[A * 3 + a]![B * 3 + b]! * r[b]![c]!;
          tmp[a * 3 + c] = s;
        }
      // out_AB = Rᵀ tmp
      for (let a = 0; a < 3; a++)
        for (let c = 0; c < 3; c++) {
          let s = 0;
          for (let b = 0; b < 3; b++) s += r[b]![a]! * tmp[b * 3 + c]!;
          out[A * 3 + a]![B * 3 + c] = s;
        }
    }
  return out;
}

/**
 * Section resultants at distance x from end i (conventions in @structural-platform/tool-schema): minus the
 * sum of the end-i force and the member loads on [0, x), and their moments about the station.
 */
export function sectionForces(endI: Six, loads: LocalLoad[], x: number): Six {
  const F: Vec3 = [endI[0], endI[1], endI[2]];
  // Moment of the end-i force about the station: (−x e1) × F = (0, x F3, −x F2).
  const M: Vec3 = [endI[3], endI[4] + x * endI[2], endI[5] - x * endI[1]];
  const addForce = (w: Vec3, at: number) => {
    const d = at - x; // (d e1) × w = (0, −d w3, d w2)
    F[0] += w[0];
    F[1] += w[1];
    F[2] += w[2];
    M[1] -= d * w[2];
    M[2] += d * w[1];
  };
  for (const l of loads) {
    if (l.kind === 'point') {
      if (l.at < x) addForce(l.w, l.at);
    } else
      integrate(l.from, Math.min(l.to, x), (s, wt) => {
        const q = loadAt(l, s);
        addForce([q[0] * wt, q[1] * wt, q[2] * wt], s);
      });
  }
  return [-F[0], -F[1], -F[2], -M[0], -M[1], -M[2]];
}
