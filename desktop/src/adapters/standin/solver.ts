// Linear static direct-stiffness solver for 3D frames (six freedoms per joint), the stand-in
// for SAP2000/ETABS on machines without them. Pure: a model in, results out, no I/O.
//
// The element is the prismatic Euler–Bernoulli beam with St Venant torsion (no shear
// deformation): exact for the closed-form textbook cases. Member loads become equivalent
// joint loads through the element's cubic (bending) and linear (axial) shape functions,
// which for this element are the exact fixed-end forces. End releases are applied by static
// condensation of the element matrix and its load vector. A 2D model is the same 3D model
// with UY, RX and RZ inactive at every joint (the XZ plane, CSI's plane-frame convention).
// Axes and force signs: see the conventions in tool-schema/index.ts (@structural-platform/tool-schema).
//
// The system is solved by banded Cholesky in the joints' order, so time and memory grow
// with equations × half-bandwidth²; MAX_BAND_ENTRIES bounds the band storage.

export type Six = [number, number, number, number, number, number];
export type Vec3 = [number, number, number];

export interface SolverJoint { name: string; xyz: Vec3; restraint: boolean[] }
export interface SolverFrame {
  name: string;
  i: number; // joint index
  j: number;
  e: number;
  g: number;
  area: number;
  i33: number;
  i22: number;
  torsion: number;
  angle: number; // degrees
  releases?: { i: boolean[]; j: boolean[] };
}
/** Direction of a member load: a global unit vector (per unit length along the member) or a local axis. */
export type MemberLoadDirection = { global: Vec3 } | { local: 0 | 1 | 2 };
export type MemberLoad =
  | { frame: number; kind: 'point'; direction: MemberLoadDirection; value: number; at: number }
  | { frame: number; kind: 'distributed'; direction: MemberLoadDirection; from: number; to: number; start: number; end: number };
export interface JointLoad { joint: number; values: Six }
export interface LoadCase { name: string; joints: JointLoad[]; members: MemberLoad[] }
export interface SolverModel { dimension: '2d' | '3d'; joints: SolverJoint[]; frames: SolverFrame[] }

export interface CaseResult {
  name: string;
  displacements: Six[]; // per joint, global
  reactions: Six[]; // per joint, global; zero where not restrained
  /** Per frame: end forces on the element at end i in local axes, and its local member loads, to compute stations. */
  endForcesI: Six[];
  localLoads: LocalLoad[][];
}
export type LocalLoad = { kind: 'point'; at: number; w: Vec3 } | { kind: 'distributed'; from: number; to: number; w1: Vec3; w2: Vec3 };

export class SolverError extends Error {
  readonly code: 'UNSTABLE_STRUCTURE' | 'INVALID_ARGUMENTS' | 'TOO_LARGE';
  readonly details?: Record<string, unknown>;
  constructor(code: SolverError['code'], message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export const MAX_BAND_ENTRIES = 20_000_000; // 160 MB of doubles
const DOF_NAMES = ['UX', 'UY', 'UZ', 'RX', 'RY', 'RZ'];
const INACTIVE_2D = [false, true, false, true, false, true];
/** A pivot below this fraction of its original diagonal means the structure is a mechanism at that freedom. */
const PIVOT_RATIO = 1e-10;

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
    const c = Math.cos((angleDeg * Math.PI) / 180), s = Math.sin((angleDeg * Math.PI) / 180);
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
function localStiffness(f: SolverFrame, L: number): number[][] {
  const k = Array.from({ length: 12 }, () => new Array<number>(12).fill(0));
  const set = (a: number, b: number, v: number) => { k[a]![b] = v; k[b]![a] = v; };
  const ea = (f.e * f.area) / L, gj = (f.g * f.torsion) / L;
  const z = f.e * f.i33, y = f.e * f.i22; // bending in the 1-2 plane uses I33, in the 1-3 plane I22
  set(0, 0, ea); set(0, 6, -ea); set(6, 6, ea);
  set(3, 3, gj); set(3, 9, -gj); set(9, 9, gj);
  set(1, 1, 12 * z / L ** 3); set(1, 5, 6 * z / L ** 2); set(1, 7, -12 * z / L ** 3); set(1, 11, 6 * z / L ** 2);
  set(5, 5, 4 * z / L); set(5, 7, -6 * z / L ** 2); set(5, 11, 2 * z / L);
  set(7, 7, 12 * z / L ** 3); set(7, 11, -6 * z / L ** 2); set(11, 11, 4 * z / L);
  set(2, 2, 12 * y / L ** 3); set(2, 4, -6 * y / L ** 2); set(2, 8, -12 * y / L ** 3); set(2, 10, -6 * y / L ** 2);
  set(4, 4, 4 * y / L); set(4, 8, 6 * y / L ** 2); set(4, 10, 2 * y / L);
  set(8, 8, 12 * y / L ** 3); set(8, 10, 6 * y / L ** 2); set(10, 10, 4 * y / L);
  return k;
}

/** Equivalent joint loads (local) of a load w (local vector) at x: the shape functions evaluated there. */
function addPointEquivalent(out: number[], L: number, x: number, w: Vec3): void {
  const t = x / L;
  const n1 = 1 - 3 * t * t + 2 * t ** 3, n2 = L * (t - 2 * t * t + t ** 3), n3 = 3 * t * t - 2 * t ** 3, n4 = L * (t ** 3 - t * t);
  out[0]! += (1 - t) * w[0]; out[6]! += t * w[0];
  out[1]! += n1 * w[1]; out[5]! += n2 * w[1]; out[7]! += n3 * w[1]; out[11]! += n4 * w[1];
  // Rotation about local 2 is −dw/dx, so the moments of a local-3 load change sign.
  out[2]! += n1 * w[2]; out[4]! -= n2 * w[2]; out[8]! += n3 * w[2]; out[10]! -= n4 * w[2];
}

// Three-point Gauss–Legendre: exact to degree 5, enough for a linear load times a cubic shape function.
const GAUSS = [[-Math.sqrt(3 / 5), 5 / 9], [0, 8 / 9], [Math.sqrt(3 / 5), 5 / 9]] as const;

function integrate(a: number, b: number, fn: (s: number, weight: number) => void): void {
  if (b <= a) return;
  const h = (b - a) / 2, m = (a + b) / 2;
  for (const [g, w] of GAUSS) fn(m + h * g, w * h);
}

function loadAt(l: Extract<LocalLoad, { kind: 'distributed' }>, s: number): Vec3 {
  const t = l.to === l.from ? 0 : (s - l.from) / (l.to - l.from);
  return [l.w1[0] + t * (l.w2[0] - l.w1[0]), l.w1[1] + t * (l.w2[1] - l.w1[1]), l.w1[2] + t * (l.w2[2] - l.w1[2])];
}

function equivalentLoads(loads: LocalLoad[], L: number): number[] {
  const out = new Array<number>(12).fill(0);
  for (const l of loads) {
    if (l.kind === 'point') addPointEquivalent(out, L, l.at, l.w);
    else integrate(l.from, l.to, (s, wt) => { const q = loadAt(l, s); addPointEquivalent(out, L, s, [q[0] * wt, q[1] * wt, q[2] * wt]); });
  }
  return out;
}

/** Static condensation of released end freedoms: k* = kcc − kcr krr⁻¹ krc, f* = fc − kcr krr⁻¹ fr (released rows become zero). */
function condense(k: number[][], f: number[], released: number[], frame: string): { k: number[][]; f: number[] } {
  if (released.length === 0) return { k, f };
  const r = released, m = r.length;
  // Solve krr X = [krc | fr] by Gaussian elimination with partial pivoting (m ≤ 12).
  const a = r.map((ri) => [...r.map((rj) => k[ri]![rj]!), ...k[ri]!, f[ri]!]);
  for (let c = 0; c < m; c++) {
    let p = c;
    for (let q = c + 1; q < m; q++) if (Math.abs(a[q]![c]!) > Math.abs(a[p]![c]!)) p = q;
    const scale = Math.max(...r.map((ri) => Math.abs(k[ri]![ri]!)));
    if (Math.abs(a[p]![c]!) <= PIVOT_RATIO * scale) {
      throw new SolverError('UNSTABLE_STRUCTURE', `frame ${frame}: its end releases leave it free to move (for example torsion or axial force released at both ends)`, { frame });
    }
    [a[c], a[p]] = [a[p]!, a[c]!];
    for (let q = 0; q < m; q++) {
      if (q === c) continue;
      const factor = a[q]![c]! / a[c]![c]!;
      if (factor !== 0) for (let col = c; col < a[q]!.length; col++) a[q]![col]! -= factor * a[c]![col]!;
    }
  }
  const x = a.map((row, i) => row.slice(m).map((v) => v / row[i]!)); // m × (12 + 1)
  const kc = k.map((row) => [...row]), fc = [...f];
  for (let i = 0; i < 12; i++) {
    for (let q = 0; q < m; q++) {
      const kir = k[i]![r[q]!]!;
      if (kir === 0) continue;
      for (let j = 0; j < 12; j++) kc[i]![j]! -= kir * x[q]![j]!;
      fc[i]! -= kir * x[q]![12]!;
    }
  }
  for (const ri of r) { kc[ri]!.fill(0); for (const row of kc) row[ri] = 0; fc[ri] = 0; }
  return { k: kc, f: fc };
}

function toLocal(r: [Vec3, Vec3, Vec3], v: Vec3): Vec3 {
  return [r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2], r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2], r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2]];
}
function toGlobal(r: [Vec3, Vec3, Vec3], v: Vec3): Vec3 {
  return [r[0][0] * v[0] + r[1][0] * v[1] + r[2][0] * v[2], r[0][1] * v[0] + r[1][1] * v[1] + r[2][1] * v[2], r[0][2] * v[0] + r[1][2] * v[1] + r[2][2] * v[2]];
}

function unitLocal(dir: MemberLoadDirection, r: [Vec3, Vec3, Vec3]): Vec3 {
  if ('local' in dir) { const u: Vec3 = [0, 0, 0]; u[dir.local] = 1; return u; }
  return toLocal(r, dir.global);
}

// ---- banded Cholesky ------------------------------------------------------------------

class Band {
  readonly a: Float64Array;
  readonly n: number;
  readonly b: number;
  constructor(n: number, b: number) {
    this.n = n;
    this.b = b;
    if (n * (b + 1) > MAX_BAND_ENTRIES) throw new SolverError('TOO_LARGE', `the model has ${n} equations with a half-bandwidth of ${b}; the stand-in solver stores at most ${MAX_BAND_ENTRIES} band entries`);
    this.a = new Float64Array(n * (b + 1));
  }
  /** Upper triangle only: (i, j) with i ≤ j ≤ i + b. */
  add(i: number, j: number, v: number): void { this.a[i * (this.b + 1) + (j - i)]! += v; }
  get(i: number, j: number): number { return this.a[i * (this.b + 1) + (j - i)]!; }
  set(i: number, j: number, v: number): void { this.a[i * (this.b + 1) + (j - i)] = v; }

  /** In-place UᵀU factorisation; returns the index of the first freedom whose pivot vanishes, or −1. */
  factor(): number {
    const { n, b } = this;
    for (let i = 0; i < n; i++) {
      const diag = this.get(i, i);
      for (let j = i; j <= Math.min(n - 1, i + b); j++) {
        let s = this.get(i, j);
        for (let k = Math.max(0, j - b); k < i; k++) s -= this.get(k, i) * this.get(k, j);
        if (j === i) {
          if (!(s > PIVOT_RATIO * Math.abs(diag)) || diag === 0) return i;
          this.set(i, i, Math.sqrt(s));
        } else this.set(i, j, s / this.get(i, i));
      }
    }
    return -1;
  }

  solve(f: Float64Array): Float64Array {
    const { n, b } = this, y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = f[i]!;
      for (let k = Math.max(0, i - b); k < i; k++) s -= this.get(k, i) * y[k]!;
      y[i] = s / this.get(i, i);
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = y[i]!;
      for (let j = i + 1; j <= Math.min(n - 1, i + b); j++) s -= this.get(i, j) * y[j]!;
      y[i] = s / this.get(i, i);
    }
    return y;
  }
}

// ---- the analysis ------------------------------------------------------------------------

interface Prepared {
  r: [Vec3, Vec3, Vec3];
  length: number;
  k: number[][]; // local, before condensation
  released: number[];
}

/** Solves every load case of the model. Throws SolverError for a mechanism, bad input or a model too large. */
export function analyse(model: SolverModel, cases: LoadCase[]): { equations: number; results: CaseResult[] } {
  const nj = model.joints.length;
  // Equation numbers: free, active freedoms in joint order.
  const eq = new Int32Array(nj * 6).fill(-1);
  let n = 0;
  for (let j = 0; j < nj; j++) for (let d = 0; d < 6; d++) if (active(d, model) && !model.joints[j]!.restraint[d]) eq[j * 6 + d] = n++;

  const prepared: Prepared[] = model.frames.map((f) => {
    if (f.i === f.j) throw new SolverError('INVALID_ARGUMENTS', `frame ${f.name}: both ends are the same joint`, { frame: f.name });
    const { r, length } = localAxes(model.joints[f.i]!.xyz, model.joints[f.j]!.xyz, f.angle);
    if (!(length > 0)) throw new SolverError('INVALID_ARGUMENTS', `frame ${f.name} has zero length`, { frame: f.name });
    const released: number[] = [];
    f.releases?.i.forEach((on, d) => on && released.push(d));
    f.releases?.j.forEach((on, d) => on && released.push(6 + d));
    return { r, length, k: localStiffness(f, length), released };
  });

  let bandwidth = 0;
  for (const f of model.frames) {
    const eqs = [...Array(6).keys()].flatMap((d) => [eq[f.i * 6 + d]!, eq[f.j * 6 + d]!]).filter((e) => e >= 0);
    if (eqs.length) bandwidth = Math.max(bandwidth, Math.max(...eqs) - Math.min(...eqs));
  }

  // Element stiffness after condensation; the load part is condensed per case (same k, different f).
  const K = new Band(n, bandwidth);
  const condensedK = prepared.map((p, e) => condense(p.k, new Array(12).fill(0), p.released, model.frames[e]!.name).k);
  const globalK = condensedK.map((k, e) => transform(k, prepared[e]!.r));
  model.frames.forEach((f, e) => {
    const dofs = elementDofs(f);
    const kg = globalK[e]!;
    for (let a = 0; a < 12; a++) {
      const ea = eq[dofs[a]!]!;
      if (ea < 0) continue;
      for (let b = 0; b < 12; b++) {
        const eb = eq[dofs[b]!]!;
        if (eb >= ea) K.add(ea, eb, kg[a]![b]!);
      }
    }
  });
  const bad = K.factor();
  if (bad >= 0) {
    const slot = eq.indexOf(bad), joint = model.joints[Math.floor(slot / 6)]!.name, dof = DOF_NAMES[slot % 6]!;
    throw new SolverError('UNSTABLE_STRUCTURE', `the structure is unstable: nothing resists ${dof} at joint ${joint} (add supports, members or check releases)`, { joint, dof });
  }

  const results = cases.map((c) => solveCase(model, c, prepared, condensedK, eq, n, K));
  return { equations: n, results };
}

function elementDofs(f: SolverFrame): number[] {
  return [...Array(12).keys()].map((a) => (a < 6 ? f.i * 6 + a : f.j * 6 + a - 6));
}

/** Tᵀ k T with T = diag(R, R, R, R). */
function transform(k: number[][], r: [Vec3, Vec3, Vec3]): number[][] {
  const t = Array.from({ length: 12 }, () => new Array<number>(12).fill(0));
  for (let blk = 0; blk < 4; blk++) for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) t[blk * 3 + a]![blk * 3 + b] = r[a]![b]!;
  const kt = k.map((row) => t[0]!.map((_, j) => row.reduce((s, v, m) => s + v * t[m]![j]!, 0)));
  return t[0]!.map((_, i) => t[0]!.map((_, j) => t.reduce((s, row, m) => s + row[i]! * kt[m]![j]!, 0)));
}

function solveCase(model: SolverModel, c: LoadCase, prepared: Prepared[], condensedK: number[][][], eq: Int32Array, n: number, K: Band): CaseResult {
  const nj = model.joints.length;
  const applied = new Float64Array(nj * 6); // total joint loads: direct ones plus member loads' equivalents
  const direct = new Float64Array(nj * 6);
  for (const jl of c.joints) for (let d = 0; d < 6; d++) { applied[jl.joint * 6 + d]! += jl.values[d]!; direct[jl.joint * 6 + d]! += jl.values[d]!; }

  const localLoads: LocalLoad[][] = model.frames.map(() => []);
  for (const ml of c.members) {
    const p = prepared[ml.frame]!, u = unitLocal(ml.direction, p.r);
    if (ml.kind === 'point') localLoads[ml.frame]!.push({ kind: 'point', at: ml.at, w: [u[0] * ml.value, u[1] * ml.value, u[2] * ml.value] });
    else localLoads[ml.frame]!.push({ kind: 'distributed', from: ml.from, to: ml.to, w1: [u[0] * ml.start, u[1] * ml.start, u[2] * ml.start], w2: [u[0] * ml.end, u[1] * ml.end, u[2] * ml.end] });
  }
  const equivalents = model.frames.map((f, e) => {
    const p = prepared[e]!;
    if (localLoads[e]!.length === 0) return new Array<number>(12).fill(0);
    const feq = condense(p.k, equivalentLoads(localLoads[e]!, p.length), p.released, f.name).f;
    const dofs = elementDofs(f);
    for (let blk = 0; blk < 4; blk++) {
      const g = toGlobal(p.r, [feq[blk * 3]!, feq[blk * 3 + 1]!, feq[blk * 3 + 2]!]);
      for (let a = 0; a < 3; a++) applied[dofs[blk * 3 + a]!]! += g[a]!;
    }
    return feq;
  });

  if (model.dimension === '2d') {
    const scale = Math.max(1e-300, ...applied.map(Math.abs));
    for (let s = 0; s < applied.length; s++) {
      if (INACTIVE_2D[s % 6] && Math.abs(applied[s]!) > 1e-9 * scale) {
        throw new SolverError('INVALID_ARGUMENTS', `load case ${c.name}: a load acts out of the XZ plane of this 2D model (${DOF_NAMES[s % 6]} at joint ${model.joints[Math.floor(s / 6)]!.name})`, { case: c.name });
      }
    }
  }

  const rhs = new Float64Array(n);
  for (let s = 0; s < eq.length; s++) if (eq[s]! >= 0) rhs[eq[s]!] = applied[s]!;
  const x = K.solve(rhs);
  const displacements: Six[] = [];
  for (let j = 0; j < nj; j++) displacements.push([0, 1, 2, 3, 4, 5].map((d) => (eq[j * 6 + d]! >= 0 ? x[eq[j * 6 + d]!]! : 0)) as Six);

  // End forces on each element from its joints: k* u_local − f*; summed at joints they give the reactions.
  const nodal = new Float64Array(nj * 6);
  const endForcesI: Six[] = model.frames.map((f, e) => {
    const p = prepared[e]!;
    const ul: number[] = [];
    for (const [joint, off] of [[f.i, 0], [f.i, 3], [f.j, 0], [f.j, 3]] as const) {
      const d = displacements[joint]!;
      ul.push(...toLocal(p.r, [d[off]!, d[off + 1]!, d[off + 2]!]));
    }
    const k = condensedK[e]!, feq = equivalents[e]!;
    const fl = k.map((row, a) => row.reduce((s, v, b) => s + v * ul[b]!, 0) - feq[a]!);
    const dofs = elementDofs(f);
    for (let blk = 0; blk < 4; blk++) {
      const g = toGlobal(p.r, [fl[blk * 3]!, fl[blk * 3 + 1]!, fl[blk * 3 + 2]!]);
      for (let a = 0; a < 3; a++) nodal[dofs[blk * 3 + a]!]! += g[a]!;
    }
    return fl.slice(0, 6) as Six;
  });
  const reactions: Six[] = model.joints.map((jt, j) => [0, 1, 2, 3, 4, 5].map((d) => (jt.restraint[d] && active(d, model) ? nodal[j * 6 + d]! - direct[j * 6 + d]! : 0)) as Six);
  return { name: c.name, displacements, reactions, endForcesI, localLoads };
}

function active(d: number, model: SolverModel): boolean {
  return model.dimension === '3d' || !INACTIVE_2D[d];
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
    F[0] += w[0]; F[1] += w[1]; F[2] += w[2];
    M[1] -= d * w[2]; M[2] += d * w[1];
  };
  for (const l of loads) {
    if (l.kind === 'point') { if (l.at < x) addForce(l.w, l.at); }
    else integrate(l.from, Math.min(l.to, x), (s, wt) => { const q = loadAt(l, s); addForce([q[0] * wt, q[1] * wt, q[2] * wt], s); });
  }
  return [-F[0], -F[1], -F[2], -M[0], -M[1], -M[2]];
}
