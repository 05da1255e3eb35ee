// Equation numbers: which unknown each joint freedom is. A free freedom is its own equation; a
// restrained or inactive one (UY, RX, RZ of a 2D model) is none; the UX, UY and RZ of a joint in
// a rigid diaphragm follow the diaphragm's rigid-body motion (a master with UX, UY, RZ at the
// centroid of its joints): ux = UXm − (y − yc)·RZm, uy = UYm + (x − xc)·RZm, rz = RZm. So each
// joint freedom ("slot", joint·6 + freedom) maps to a short list of (equation, coefficient).
//
// The unknowns are ordered by reverse Cuthill–McKee over the joints and masters (two are
// neighbours when a frame connects them, or a joint and its master), which keeps the band of
// the stiffness matrix narrow whatever order the joints were created in.
import { DOF_NAMES, INACTIVE_2D, SolverError, type SolverModel } from './types.ts';

export interface Master {
  name: string;
  z: number;
  center: [number, number];
  joints: number[];
}

export interface Numbering {
  /** Number of equations. */
  n: number;
  /** Slot s maps to eqs[start[s] … start[s+1]) with coefs alongside. */
  start: Int32Array;
  eqs: Int32Array;
  coefs: Float64Array;
  masters: Master[];
  /** What each equation is: joint·6 + freedom for a joint's own freedom, −(master·3 + k) − 1 for a master's UX, UY, RZ (k = 0, 1, 2). */
  owner: Int32Array;
}

const active = (d: number, model: SolverModel) => model.dimension === '3d' || !INACTIVE_2D[d];
const CONSTRAINED = [0, 1, 5]; // UX, UY, RZ follow a diaphragm

/** Numbers the equations of a model (see the module comment). */
export function numberEquations(model: SolverModel): Numbering {
  const { masterOf, masters } = diaphragmMasters(model);
  const order = equationOrder(model, masterOf, masters);
  const { n, ownEq, masterEq, owner } = assignEquations(model, masterOf, masters, order);
  const { start, eqs, coefs } = slotMaps(model, masterOf, masters, ownEq, masterEq);
  return {
    n,
    start,
    eqs: Int32Array.from(eqs),
    coefs: Float64Array.from(coefs),
    masters,
    owner: Int32Array.from(owner),
  };
}

/** One master per rigid diaphragm, at the centroid of its joints; a joint in two diaphragms or restrained in a constrained freedom is refused. */
function diaphragmMasters(model: SolverModel): { masterOf: Int32Array; masters: Master[] } {
  const masterOf = new Int32Array(model.joints.length).fill(-1);
  const masters: Master[] = [];
  for (const d of model.diaphragms ?? []) {
    if (d.joints.length === 0) continue;
    const m = masters.length;
    let x = 0,
      y = 0;
    for (const j of d.joints) {
      if (masterOf[j] !== -1 && masterOf[j] !== m)
        throw new SolverError('INVALID_ARGUMENTS', `joint ${model.joints[j]!.name} is in two diaphragms`, {
          joint: model.joints[j]!.name,
        });
      masterOf[j] = m;
      const joint = model.joints[j]!;
      for (const c of CONSTRAINED) {
        if (active(c, model) && joint.restraint[c]) {
          throw new SolverError(
            'INVALID_ARGUMENTS',
            `joint ${joint.name} is restrained in ${DOF_NAMES[c]} and constrained by diaphragm ${d.name}: take supports out of the diaphragm`,
            { joint: joint.name, diaphragm: d.name },
          );
        }
      }
      x += joint.xyz[0];
      y += joint.xyz[1];
    }
    masters.push({
      name: d.name,
      z: model.joints[d.joints[0]!]!.xyz[2],
      center: [x / d.joints.length, y / d.joints.length],
      joints: [...d.joints],
    });
  }
  return { masterOf, masters };
}

/** Nodes: joints 0 … nj−1, then masters. Neighbours through frames and constraints. */
function nodeAdjacency(model: SolverModel, masterOf: Int32Array, masters: readonly Master[]): Set<number>[] {
  const nj = model.joints.length;
  const adjacency: Set<number>[] = Array.from({ length: nj + masters.length }, () => new Set<number>());
  const link = (a: number, b: number) => {
    if (a === b) return;
    adjacency[a]!.add(b);
    adjacency[b]!.add(a);
  };
  for (const f of model.frames) {
    const group = [f.i, f.j];
    if (masterOf[f.i]! >= 0) group.push(nj + masterOf[f.i]!);
    if (masterOf[f.j]! >= 0) group.push(nj + masterOf[f.j]!);
    for (let a = 0; a < group.length; a++) for (let b = a + 1; b < group.length; b++) link(group[a]!, group[b]!);
  }
  for (let j = 0; j < nj; j++) if (masterOf[j]! >= 0) link(j, nj + masterOf[j]!);
  return adjacency;
}

/**
 * The nodes in whichever order gives the narrower band: the joints' creation order (each
 * diaphragm's master amid its joints), or reverse Cuthill–McKee. A building created floor by
 * floor is already near its best; RCM rescues any other creation order.
 */
function equationOrder(model: SolverModel, masterOf: Int32Array, masters: readonly Master[]): number[] {
  const nj = model.joints.length;
  const eqCount = (node: number) => {
    if (node >= nj) return CONSTRAINED.filter((d) => active(d, model)).length;
    const joint = model.joints[node]!;
    let c = 0;
    for (let d = 0; d < 6; d++)
      if (active(d, model) && !joint.restraint[d] && !(masterOf[node]! >= 0 && CONSTRAINED.includes(d))) c++;
    return c;
  };
  const creation: number[] = [];
  const afterJoint = new Map<number, number[]>();
  masters.forEach((m, k) => {
    const sorted = [...m.joints].sort((p, q) => p - q);
    const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
    afterJoint.set(mid, [...(afterJoint.get(mid) ?? []), nj + k]);
  });
  for (let j = 0; j < nj; j++) creation.push(j, ...(afterJoint.get(j) ?? []));
  return [creation, reverseCuthillMcKee(nodeAdjacency(model, masterOf, masters))]
    .map((o) => ({ o, band: bandOf(o, eqCount, model, masterOf, nj) }))
    .sort((p, q) => p.band - q.band)[0]!.o;
}

/** Equation numbers node by node in `order`: a joint's free, unconstrained freedoms, a master's UX, UY, RZ. */
function assignEquations(
  model: SolverModel,
  masterOf: Int32Array,
  masters: readonly Master[],
  order: readonly number[],
): { n: number; ownEq: Int32Array; masterEq: number[][]; owner: number[] } {
  const nj = model.joints.length;
  const masterEq: number[][] = masters.map(() => [-1, -1, -1]);
  const ownEq = new Int32Array(nj * 6).fill(-1);
  let n = 0;
  const owner: number[] = [];
  for (const node of order) {
    if (node >= nj) {
      const m = node - nj;
      CONSTRAINED.forEach((d, k) => {
        if (active(d, model)) {
          masterEq[m]![k] = n++;
          owner.push(-(m * 3 + k) - 1);
        }
      });
      continue;
    }
    const joint = model.joints[node]!;
    for (let d = 0; d < 6; d++) {
      if (!active(d, model) || joint.restraint[d]) continue;
      if (masterOf[node]! >= 0 && CONSTRAINED.includes(d)) continue;
      ownEq[node * 6 + d] = n++;
      owner.push(node * 6 + d);
    }
  }
  return { n, ownEq, masterEq, owner };
}

/** Each slot's (equation, coefficient) list: its own equation, or its diaphragm master's rigid-body motion. */
function slotMaps(
  model: SolverModel,
  masterOf: Int32Array,
  masters: readonly Master[],
  ownEq: Int32Array,
  masterEq: number[][],
): { start: Int32Array; eqs: number[]; coefs: number[] } {
  const nj = model.joints.length;
  const start = new Int32Array(nj * 6 + 1);
  const eqs: number[] = [];
  const coefs: number[] = [];
  const push = (e: number, c: number) => {
    if (e! >= 0 && c !== 0) {
      eqs.push(e);
      coefs.push(c);
    }
  };
  for (let j = 0; j < nj; j++) {
    const m = masterOf[j]!;
    for (let d = 0; d < 6; d++) {
      const s = j * 6 + d;
      start[s] = eqs.length;
      if (ownEq[s]! >= 0) {
        eqs.push(ownEq[s]!);
        coefs.push(1);
        continue;
      }
      if (m < 0 || !active(d, model) || !CONSTRAINED.includes(d)) continue;
      const [ux, uy, rz] = masterEq[m]!;
      const [xc, yc] = masters[m]!.center;
      const [x, y] = model.joints[j]!.xyz;
      // ux = UXm − (y − yc)·RZm, uy = UYm + (x − xc)·RZm, rz = RZm.
      if (d === 0) {
        push(ux!, 1);
        push(rz!, -(y - yc));
      } else if (d === 1) {
        push(uy!, 1);
        push(rz!, x - xc);
      } else push(rz!, 1);
    }
  }
  start[nj * 6] = eqs.length;
  return { start, eqs, coefs };
}

/** The half-bandwidth an order of the nodes gives (the widest span of equations one frame touches). */
function bandOf(
  order: number[],
  eqCount: (node: number) => number,
  model: SolverModel,
  masterOf: Int32Array,
  nj: number,
): number {
  const first = new Int32Array(order.length),
    last = new Int32Array(order.length);
  let n = 0;
  for (const node of order) {
    first[node] = n;
    n += eqCount(node);
    last[node] = n - 1;
  }
  let band = 0;
  for (const f of model.frames) {
    const group = [f.i, f.j];
    if (masterOf[f.i]! >= 0) group.push(nj + masterOf[f.i]!);
    if (masterOf[f.j]! >= 0) group.push(nj + masterOf[f.j]!);
    let lo = Infinity,
      hi = -Infinity;
    for (const g of group)
      if (last[g]! >= first[g]!) {
        lo = Math.min(lo, first[g]!);
        hi = Math.max(hi, last[g]!);
      }
    if (hi >= lo) band = Math.max(band, hi - lo);
  }
  return band;
}

/** Reverse Cuthill–McKee order of a graph's nodes, component by component from a pseudo-peripheral node. */
export function reverseCuthillMcKee(adjacency: Set<number>[]): number[] {
  const count = adjacency.length;
  const degree = adjacency.map((s) => s.size);
  const visited = new Uint8Array(count);
  const order: number[] = [];
  const bfs = (root: number, mark: Uint8Array): { order: number[]; depth: Int32Array } => {
    const depth = new Int32Array(count).fill(-1);
    const out = [root];
    depth[root] = 0;
    mark[root] = 1;
    for (let h = 0; h < out.length; h++) {
      const v = out[h]!;
      const next = [...adjacency[v]!].filter((u) => !mark[u]).sort((p, q) => degree[p]! - degree[q]! || p - q);
      for (const u of next) {
        mark[u] = 1;
        depth[u] = depth[v]! + 1;
        out.push(u);
      }
    }
    return { order: out, depth };
  };
  for (let seed = 0; seed < count; seed++) {
    if (visited[seed]) continue;
    // A pseudo-peripheral start: the lowest-degree node of the last level of a search from the seed, twice.
    let root = seed;
    for (let pass = 0; pass < 2; pass++) {
      const { order: reach, depth } = bfs(root, Uint8Array.from(visited));
      let far = 0;
      for (const v of reach) far = Math.max(far, depth[v]!);
      root = reach.filter((v) => depth[v] === far).sort((p, q) => degree[p]! - degree[q]! || p - q)[0]!;
    }
    order.push(...bfs(root, visited).order);
  }
  return order.reverse();
}
