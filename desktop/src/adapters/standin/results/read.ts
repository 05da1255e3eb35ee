// read_results: joint displacements and reactions, member forces at equally spaced stations,
// and base reactions (the sum of the support reactions, moments about the global origin), of
// any case or combination.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { sectionForces, type CaseResult, type Six } from '../solver/index.ts';
import type { FrameModel } from '../model/model.ts';
import { Responses, type Extract } from './response.ts';

type Six6 = Six;

/** The sum of the support reactions, moments about the origin. */
export function baseReaction(m: FrameModel, r: CaseResult): Float64Array {
  const out = new Float64Array(6);
  m.joints.forEach((jt, k) => {
    if (!jt.restraint.some(Boolean)) return;
    const [fx, fy, fz, mx, my, mz] = r.reactions[k]!;
    const [x, y, z] = jt.xyz;
    out[0]! += fx;
    out[1]! += fy;
    out[2]! += fz;
    out[3]! += mx + y * fz - z * fy;
    out[4]! += my + z * fx - x * fz;
    out[5]! += mz + x * fy - y * fx;
  });
  return out;
}

export function readResults(m: FrameModel, a: ToolArgs<'read_results'>): ToolResult<'read_results'> {
  const res = new Responses(m);
  res.caseType(a.case);
  if (a.kind === 'base_reactions') {
    return {
      kind: 'base_reactions',
      case: a.case,
      rows: Responses.rows(res.evaluate(a.case, (r) => baseReaction(m, r))).map((row) => ({
        ...(row.step ? { step: row.step } : {}),
        values: [...row.values] as Six6,
      })),
    };
  }
  if (a.kind === 'member_forces') {
    const frames = a.frames ? a.frames.map((n) => m.frameIndex(n)) : m.frames.map((_, k) => k);
    const stationsOf = frames.map((k) =>
      Array.from({ length: a.stations }, (_, s) => (m.frameLength(k) * s) / (a.stations - 1)),
    );
    const extract: Extract = (r) => {
      const out = new Float64Array(frames.length * a.stations * 6);
      frames.forEach((k, fi) =>
        stationsOf[fi]!.forEach((x, s) =>
          out.set(sectionForces(r.endForcesI[k]!, r.localLoads[k]!, x), (fi * a.stations + s) * 6),
        ),
      );
      return out;
    };
    const rows = Responses.rows(res.evaluate(a.case, extract));
    return {
      kind: 'member_forces',
      case: a.case,
      frames: frames.map((k, fi) => ({
        frame: m.frames[k]!.name,
        stations: stationsOf[fi]!.flatMap((x, s) =>
          rows.map((row) => ({
            distance: x,
            ...(row.step ? { step: row.step } : {}),
            values: [...row.values.subarray((fi * a.stations + s) * 6, (fi * a.stations + s + 1) * 6)] as Six6,
          })),
        ),
      })),
    };
  }
  const joints = a.joints
    ? a.joints.map((j) => m.jointOf(j, false))
    : m.joints.map((_, k) => k).filter((k) => a.kind === 'displacements' || m.joints[k]!.restraint.some(Boolean));
  const extract: Extract = (r) => {
    const out = new Float64Array(joints.length * 6);
    const source = a.kind === 'displacements' ? r.displacements : r.reactions;
    joints.forEach((k, n) => out.set(source[k]!, n * 6));
    return out;
  };
  const rows = Responses.rows(res.evaluate(a.case, extract));
  return {
    kind: a.kind,
    case: a.case,
    joints: joints.flatMap((k, n) =>
      rows.map((row) => ({
        joint: m.joints[k]!.name,
        ...(row.step ? { step: row.step } : {}),
        values: [...row.values.subarray(n * 6, n * 6 + 6)] as Six6,
      })),
    ),
  } as ToolResult<'read_results'>;
}
