// From the model to the solver and back: frames with their stiffness, rigid diaphragms (one
// rigid body per diaphragm and elevation, as ETABS makes one per story), lumped masses from the
// mass source, one linear static case per load pattern (area loads carried to the area's
// corners by tributary shares), the modal cases; the results kept until the model changes.
//
// Masses (CSI lumps them at joints too): element self-mass is the unit weight ÷ g times the
// volume, half of a frame's to each end and an area's by its corners' tributary shares; mass
// from loads is the downward (−Z) component of the pattern's loads ÷ g times the factor, carried
// to joints by the lever rule; every mass acts along X, Y and Z.
import type { Load } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { unitSystem } from '../../../codes/units.ts';
import type { AnalysisRunner } from '../run-analysis.ts';
import {
  localAxes,
  type Diaphragm,
  type LoadCase,
  type MemberLoad,
  type Six,
  type SolverFrame,
  type SolverModel,
  type Vec3,
} from '../solver/index.ts';
import { JOINT_TOLERANCE, polygonArea, tributaryShares, type FrameModel } from './model.ts';

export type { AnalysisState } from './model.ts';

function solverFrames(m: FrameModel): SolverFrame[] {
  return m.frames.map((f, k) => {
    const { section: s, material: mat } = m.frameMaterial(k);
    return {
      name: f.name,
      i: f.i,
      j: f.j,
      e: mat.e,
      g: mat.e / (2 * (1 + mat.poisson)),
      area: s.area,
      i33: s.i33,
      i22: s.i22,
      torsion: s.j,
      angle: f.angle,
      ...(f.releases ? { releases: f.releases } : {}),
    };
  });
}

/** One rigid body per diaphragm and elevation. */
function diaphragmGroups(m: FrameModel): Diaphragm[] {
  const out: Diaphragm[] = [];
  for (const [name, d] of m.diaphragms) {
    const byZ = new Map<number, number[]>();
    for (const k of d.joints) {
      const z = m.joints[k]!.xyz[2];
      const key = [...byZ.keys()].find((zz) => Math.abs(zz - z) <= JOINT_TOLERANCE) ?? z;
      byZ.set(key, [...(byZ.get(key) ?? []), k]);
    }
    for (const [z, joints] of byZ) if (joints.length > 1) out.push({ name: `${name}@${m.storyAt(z) ?? z}`, joints });
  }
  return out;
}

function direction(l: { direction: string }, r: [Vec3, Vec3, Vec3]): Vec3 {
  switch (l.direction) {
    case 'gravity':
      return [0, 0, -1];
    case 'X':
      return [1, 0, 0];
    case 'Y':
      return [0, 1, 0];
    case 'Z':
      return [0, 0, 1];
    default:
      return r[Number(l.direction.slice(-1)) - 1]!;
  }
}

function memberLoad(m: FrameModel, l: Extract<Load, { type: 'frame_point' | 'frame_distributed' }>): MemberLoad {
  const frame = m.frameIndex(l.frame),
    L = m.frameLength(frame);
  const dir =
    l.direction === 'gravity'
      ? { global: [0, 0, -1] as Vec3 }
      : l.direction === 'X'
        ? { global: [1, 0, 0] as Vec3 }
        : l.direction === 'Y'
          ? { global: [0, 1, 0] as Vec3 }
          : l.direction === 'Z'
            ? { global: [0, 0, 1] as Vec3 }
            : { local: (Number(l.direction.slice(-1)) - 1) as 0 | 1 | 2 };
  const at = (d: number) => Math.min(L, Math.max(0, l.relative ? d * L : d));
  if (l.type === 'frame_point') return { frame, kind: 'point', direction: dir, value: l.value, at: at(l.distance) };
  return {
    frame,
    kind: 'distributed',
    direction: dir,
    from: at(l.from),
    to: at(l.to),
    start: l.value,
    end: l.value_end ?? l.value,
  };
}

/** The joint forces of an area load: pressure × area × tributary share at each corner. */
function areaJointLoads(m: FrameModel, l: Extract<Load, { type: 'area_uniform' }>): { joint: number; force: Vec3 }[] {
  const area = m.areas[m.areaIndex(l.area)]!;
  const pts = area.joints.map((k) => m.joints[k]!.xyz);
  const shares = tributaryShares(pts);
  const total = polygonArea(pts);
  const u = direction(l, [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ]);
  return area.joints.map((k, c) => ({
    joint: k,
    force: [
      u[0] * l.value * total * shares[c]!,
      u[1] * l.value * total * shares[c]!,
      u[2] * l.value * total * shares[c]!,
    ] as Vec3,
  }));
}

export function loadCase(m: FrameModel, name: string, loads: Load[]): LoadCase {
  const c: LoadCase = { name, joints: [], members: [] };
  for (const l of loads) {
    if (l.type === 'joint')
      c.joints.push({ joint: m.jointOf(l.joint, false), values: [...l.force, ...l.moment] as Six });
    else if (l.type === 'area_uniform')
      for (const jl of areaJointLoads(m, l)) c.joints.push({ joint: jl.joint, values: [...jl.force, 0, 0, 0] });
    else c.members.push(memberLoad(m, l));
  }
  return c;
}

/** Downward force per joint of a pattern's loads (joint loads, member loads by the lever rule, area loads by tributary shares). */
function downwardAtJoints(m: FrameModel, loads: Load[]): Float64Array {
  const out = new Float64Array(m.joints.length);
  for (const l of loads) {
    if (l.type === 'joint') out[m.jointOf(l.joint, false)]! -= l.force[2];
    else if (l.type === 'area_uniform') for (const jl of areaJointLoads(m, l)) out[jl.joint]! -= jl.force[2];
    else {
      const ml = memberLoad(m, l);
      const f = m.frames[ml.frame]!,
        L = m.frameLength(ml.frame);
      const down = -direction(l, localAxes(m.joints[f.i]!.xyz, m.joints[f.j]!.xyz, f.angle).r)[2];
      if (ml.kind === 'point') {
        out[f.i]! += down * ml.value * (1 - ml.at / L);
        out[f.j]! += down * ml.value * (ml.at / L);
      } else {
        // ∫ w(s)(1 − s/L) ds and ∫ w(s) s/L ds over [from, to] by three-point Gauss (exact for these quadratics).
        const h = (ml.to - ml.from) / 2,
          c = (ml.from + ml.to) / 2;
        for (const [g, wt] of [
          [-Math.sqrt(3 / 5), 5 / 9],
          [0, 8 / 9],
          [Math.sqrt(3 / 5), 5 / 9],
        ] as const) {
          const s = c + h * g,
            t = ml.to === ml.from ? 0 : (s - ml.from) / (ml.to - ml.from);
          const w = (ml.start + t * (ml.end - ml.start)) * wt * h * down;
          out[f.i]! += w * (1 - s / L);
          out[f.j]! += w * (s / L);
        }
      }
    }
  }
  return out;
}

/** Lumped joint masses from the mass source. */
export function jointMasses(m: FrameModel): Six[] {
  const g = unitSystem(m.units).g;
  const out: Six[] = m.joints.map(() => [0, 0, 0, 0, 0, 0]);
  const translation = (k: number, mass: number) => {
    for (let d = 0; d < 3; d++) out[k]![d]! += mass;
  };
  const src = m.massSource;
  if (src.elements) {
    m.frames.forEach((f, k) => {
      const { section, material } = m.frameMaterial(k);
      const mass = (material.unit_weight / g) * section.area * m.frameLength(k);
      translation(f.i, mass / 2);
      translation(f.j, mass / 2);
    });
    for (const a of m.areas) {
      const s = m.areaSections.get(a.section)!,
        mat = m.materials.get(s.material);
      if (!mat) throw new ToolFailure('NOT_FOUND', `area section ${a.section}: material ${s.material} is not defined`);
      const pts = a.joints.map((k) => m.joints[k]!.xyz);
      const mass = (mat.unit_weight / g) * s.thickness * polygonArea(pts);
      tributaryShares(pts).forEach((share, c) => translation(a.joints[c]!, mass * share));
    }
  }
  if (src.joint_masses) for (const [k, v] of m.jointMasses) v.forEach((x, d) => (out[k]![d]! += x));
  for (const { pattern, factor } of src.loads) {
    const loads = m.patterns.get(pattern);
    if (!loads)
      throw new ToolFailure('NOT_FOUND', `mass source ${src.name}: load pattern ${pattern} does not exist`, {
        pattern,
      });
    downwardAtJoints(m, loads).forEach((down, k) => translation(k, (down / g) * factor));
  }
  for (const v of out) for (let d = 0; d < 6; d++) v[d] = Math.max(0, v[d]!);
  return out;
}

/** Runs every case of the model (in the runner's worker thread) and keeps the results in the model. */
export async function analyseModel(
  m: FrameModel,
  runner: AnalysisRunner,
): Promise<{ cases: string[]; equations: number }> {
  if (m.frames.length === 0) throw new ToolFailure('INVALID_ARGUMENTS', 'the model has no frames');
  for (const [name, rs] of m.rsCases)
    if (!m.modalCases.has(rs.modal_case))
      throw new ToolFailure(
        'NOT_FOUND',
        `response-spectrum case ${name}: modal case ${rs.modal_case} is not defined (define_modal_case)`,
        { case: name },
      );
  const modal = [...m.modalCases].map(([name, c]) => ({ name, modes: c.modes }));
  const model: SolverModel = {
    dimension: m.dimension,
    joints: m.joints,
    frames: solverFrames(m),
    diaphragms: diaphragmGroups(m),
    ...(modal.length ? { masses: jointMasses(m) } : {}),
  };
  const cases = [...m.patterns].map(([name, loads]) => loadCase(m, name, loads));
  const out = await runner.analyse({ model, cases, modal });
  m.analysed = {
    equations: out.equations,
    static: new Map(out.results.map((r) => [r.name, r])),
    modal: new Map(out.modal.map((r) => [r.name, r])),
  };
  return {
    cases: [...cases.map((c) => c.name), ...modal.map((c) => c.name), ...m.rsCases.keys()],
    equations: out.equations,
  };
}
