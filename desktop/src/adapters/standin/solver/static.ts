// Linear statics: the global stiffness in the equations of ./numbering.ts (constraints folded
// in), factored once by banded Cholesky, then each load case solved with the same factor.
import { Band } from './band.ts';
import {
  condense,
  equivalentLoads,
  localAxes,
  localStiffness,
  toGlobal,
  toLocal,
  transform,
  unitLocal,
} from './element.ts';
import { numberEquations, type Numbering } from './numbering.ts';
import {
  DOF_NAMES,
  INACTIVE_2D,
  SolverError,
  type CaseResult,
  type LoadCase,
  type LocalLoad,
  type Six,
  type SolverFrame,
  type SolverModel,
  type Vec3,
} from './types.ts';

interface Prepared {
  r: [Vec3, Vec3, Vec3];
  length: number;
  k: number[][]; // local, before condensation
  released: number[];
}

/** The factored stiffness and what the cases need to turn displacements into forces. */
export interface Assembled {
  numbering: Numbering;
  prepared: Prepared[];
  condensedK: number[][][];
  K: Band;
}

const active = (d: number, model: SolverModel) => model.dimension === '3d' || !INACTIVE_2D[d];

function elementSlots(f: SolverFrame): number[] {
  const out: number[] = [];
  for (let a = 0; a < 12; a++) out.push(a < 6 ? f.i * 6 + a : f.j * 6 + a - 6);
  return out;
}

/** Numbers, assembles and factors the stiffness. Throws SolverError for a mechanism, bad input or a model too large. */
export function assemble(model: SolverModel): Assembled {
  const numbering = numberEquations(model);
  const { start, eqs, coefs, n } = numbering;
  const prepared: Prepared[] = model.frames.map((f) => {
    if (f.i === f.j)
      throw new SolverError('INVALID_ARGUMENTS', `frame ${f.name}: both ends are the same joint`, { frame: f.name });
    const { r, length } = localAxes(model.joints[f.i]!.xyz, model.joints[f.j]!.xyz, f.angle);
    if (!(length > 0)) throw new SolverError('INVALID_ARGUMENTS', `frame ${f.name} has zero length`, { frame: f.name });
    const released: number[] = [];
    f.releases?.i.forEach((on, d) => on && released.push(d));
    f.releases?.j.forEach((on, d) => on && released.push(6 + d));
    return { r, length, k: localStiffness(f, length), released };
  });

  let bandwidth = 0;
  for (const f of model.frames) {
    let lo = Infinity,
      hi = -Infinity;
    for (const s of elementSlots(f))
      for (let m = start[s]!; m < start[s + 1]!; m++) {
        lo = Math.min(lo, eqs[m]!);
        hi = Math.max(hi, eqs[m]!);
      }
    if (hi >= lo) bandwidth = Math.max(bandwidth, hi - lo);
  }

  // Element stiffness after condensation; the load part is condensed per case (same k, different f).
  const K = new Band(n, bandwidth);
  const condensedK = prepared.map((p, e) => condense(p.k, new Array(12).fill(0), p.released, model.frames[e]!.name).k);
  model.frames.forEach((f, e) => {
    const slots = elementSlots(f);
    const kg = transform(condensedK[e]!, prepared[e]!.r);
    for (let a = 0; a < 12; a++) {
      for (let ma = start[slots[a]!]!; ma < start[slots[a]! + 1]!; ma++) {
        const ea = eqs[ma]!,
          ca = coefs[ma]!;
        for (let b = 0; b < 12; b++) {
          const v = kg[a]![b]!;
          if (v === 0) continue;
          for (let mb = start[slots[b]!]!; mb < start[slots[b]! + 1]!; mb++) {
            const eb = eqs[mb]!;
            if (eb >= ea) K.add(ea, eb, ca * coefs[mb]! * v);
          }
        }
      }
    }
  });
  const bad = K.factor();
  if (bad >= 0) throw unstable(model, numbering, bad);
  return { numbering, prepared, condensedK, K };
}

function unstable(model: SolverModel, numbering: Numbering, eq: number): SolverError {
  const { start, eqs } = numbering;
  for (let s = 0; s < model.joints.length * 6; s++) {
    for (let m = start[s]!; m < start[s + 1]!; m++) {
      if (eqs[m] !== eq) continue;
      const joint = model.joints[Math.floor(s / 6)]!.name,
        dof = DOF_NAMES[s % 6]!;
      return new SolverError(
        'UNSTABLE_STRUCTURE',
        `the structure is unstable: nothing resists ${dof} at joint ${joint} (add supports, members or check releases)`,
        { joint, dof },
      );
    }
  }
  const master = numbering.masters.find(() => true);
  return new SolverError(
    'UNSTABLE_STRUCTURE',
    `the structure is unstable: nothing resists the motion of diaphragm ${master?.name ?? ''}`,
    { diaphragm: master?.name },
  );
}

/** The joint freedoms' values of an equation vector. */
export function slotValues(model: SolverModel, numbering: Numbering, x: Float64Array): Six[] {
  const { start, eqs, coefs } = numbering;
  const out: Six[] = [];
  for (let j = 0; j < model.joints.length; j++) {
    const v: Six = [0, 0, 0, 0, 0, 0];
    for (let d = 0; d < 6; d++) {
      const s = j * 6 + d;
      let sum = 0;
      for (let m = start[s]!; m < start[s + 1]!; m++) sum += coefs[m]! * x[eqs[m]!]!;
      v[d] = sum;
    }
    out.push(v);
  }
  return out;
}

/** Solves one load case with the factored stiffness. */
export function solveCase(model: SolverModel, asm: Assembled, c: LoadCase): CaseResult {
  const { prepared, numbering } = asm;
  const nj = model.joints.length;
  const applied = new Float64Array(nj * 6); // total joint loads: direct ones plus member loads' equivalents
  const direct = new Float64Array(nj * 6);
  for (const jl of c.joints)
    for (let d = 0; d < 6; d++) {
      applied[jl.joint * 6 + d]! += jl.values[d]!;
      direct[jl.joint * 6 + d]! += jl.values[d]!;
    }

  const localLoads: LocalLoad[][] = model.frames.map(() => []);
  for (const ml of c.members) {
    const p = prepared[ml.frame]!,
      u = unitLocal(ml.direction, p.r);
    if (ml.kind === 'point')
      localLoads[ml.frame]!.push({ kind: 'point', at: ml.at, w: [u[0] * ml.value, u[1] * ml.value, u[2] * ml.value] });
    else
      localLoads[ml.frame]!.push({
        kind: 'distributed',
        from: ml.from,
        to: ml.to,
        w1: [u[0] * ml.start, u[1] * ml.start, u[2] * ml.start],
        w2: [u[0] * ml.end, u[1] * ml.end, u[2] * ml.end],
      });
  }
  const equivalents = model.frames.map((f, e) => {
    const p = prepared[e]!;
    if (localLoads[e]!.length === 0) return null;
    const feq = condense(p.k, equivalentLoads(localLoads[e]!, p.length), p.released, f.name).f;
    const slots = elementSlots(f);
    for (let blk = 0; blk < 4; blk++) {
      const g = toGlobal(p.r, [feq[blk * 3]!, feq[blk * 3 + 1]!, feq[blk * 3 + 2]!]);
      for (let a = 0; a < 3; a++) applied[slots[blk * 3 + a]!]! += g[a]!;
    }
    return feq;
  });

  if (model.dimension === '2d') {
    let scale = 1e-300;
    for (const v of applied) scale = Math.max(scale, Math.abs(v));
    for (let s = 0; s < applied.length; s++) {
      if (INACTIVE_2D[s % 6] && Math.abs(applied[s]!) > 1e-9 * scale) {
        throw new SolverError(
          'INVALID_ARGUMENTS',
          `load case ${c.name}: a load acts out of the XZ plane of this 2D model (${DOF_NAMES[s % 6]} at joint ${model.joints[Math.floor(s / 6)]!.name})`,
          { case: c.name },
        );
      }
    }
  }

  const { start, eqs, coefs, n } = numbering;
  const rhs = new Float64Array(n);
  for (let s = 0; s < applied.length; s++) {
    if (applied[s] === 0) continue;
    for (let m = start[s]!; m < start[s + 1]!; m++) rhs[eqs[m]!]! += coefs[m]! * applied[s]!;
  }
  return response(model, asm, c.name, asm.K.solve(rhs), equivalents, localLoads, direct);
}

/**
 * Displacements, member end forces and reactions of an equation vector x (a load case's
 * solution, or a mode shape with no member loads).
 */
export function response(
  model: SolverModel,
  asm: Assembled,
  name: string,
  x: Float64Array,
  equivalents: (number[] | null)[] | null = null,
  localLoads: LocalLoad[][] | null = null,
  direct: Float64Array | null = null,
): CaseResult {
  const { prepared, condensedK, numbering } = asm;
  const displacements = slotValues(model, numbering, x);
  // End forces on each element from its joints: k* u_local − f*; summed at joints they give the reactions.
  const nodal = new Float64Array(model.joints.length * 6);
  const endForcesI: Six[] = model.frames.map((f, e) => {
    const p = prepared[e]!;
    const ul: number[] = [];
    for (const [joint, off] of [
      [f.i, 0],
      [f.i, 3],
      [f.j, 0],
      [f.j, 3],
    ] as const) {
      const d = displacements[joint]!;
      ul.push(...toLocal(p.r, [d[off]!, d[off + 1]!, d[off + 2]!]));
    }
    const k = condensedK[e]!,
      feq = equivalents?.[e] ?? null;
    const fl: number[] = [];
    for (let a = 0; a < 12; a++) {
      let s = 0;
      const row = k[a]!;
      for (let b = 0; b < 12; b++) s += row[b]! * ul[b]!;
      fl.push(s - (feq ? feq[a]! : 0));
    }
    const slots = elementSlots(f);
    for (let blk = 0; blk < 4; blk++) {
      const g = toGlobal(p.r, [fl[blk * 3]!, fl[blk * 3 + 1]!, fl[blk * 3 + 2]!]);
      for (let a = 0; a < 3; a++) nodal[slots[blk * 3 + a]!]! += g[a]!;
    }
    return fl.slice(0, 6) as Six;
  });
  const reactions: Six[] = model.joints.map(
    (jt, j) =>
      [0, 1, 2, 3, 4, 5].map((d) =>
        jt.restraint[d] && active(d, model) ? nodal[j * 6 + d]! - (direct ? direct[j * 6 + d]! : 0) : 0,
      ) as Six,
  );
  return { name, displacements, reactions, endForcesI, localLoads: localLoads ?? model.frames.map(() => []) };
}
