// design_steel on the stand-in: AISC 360-16 (../../../codes/aisc360/) for every steel I-shape
// frame under the strength combinations, with the member forces of this model's analysis
// (first order: the stand-in has no P-Δ; the programs' design uses their own analysis). A
// combination with bounds (a response spectrum or an envelope in it) is checked at its maximum
// and at its minimum, each component at its own extreme.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { checkMember, DESIGN_STATIONS, NotCovered, type ForceState } from '../../../codes/aisc360/member.ts';
import { iSection } from '../../../codes/aisc360/section.ts';
import { sectionForces } from '../solver/index.ts';
import type { FrameModel } from '../model/model.ts';
import { Responses } from '../results/response.ts';

export type SteelDesign = ToolResult<'design_steel'>;

/** The strength combinations, or those named. */
export function designCombinations(m: FrameModel, names: string[] | undefined): string[] {
  const combos = names ?? [...m.combinations].filter(([, c]) => c.design === 'strength').map(([n]) => n);
  if (!combos.length)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      'combinations: the model has no strength combinations; generate them (define_load_combinations with ASCE7-16 LRFD) or name the combinations to design for',
    );
  for (const c of combos)
    if (!m.isCase(c)) throw new ToolFailure('NOT_FOUND', `${c} is not a combination or case`, { combination: c });
  return combos;
}

/** Force states of a frame (one per combination and bound), sampled at the given distances. */
export function forceStates(
  m: FrameModel,
  res: Responses,
  frame: number,
  combos: string[],
  xs: number[],
): ForceState[] {
  const states: ForceState[] = [];
  const index = new Map(xs.map((x, k) => [x.toFixed(9), k]));
  const at = (values: Float64Array) => (x: number) => {
    const k =
      index.get(x.toFixed(9)) ?? xs.reduce((best, v, i) => (Math.abs(v - x) < Math.abs(xs[best]! - x) ? i : best), 0);
    return [...values.subarray(k * 6, k * 6 + 6)];
  };
  const extract = (r: Parameters<Parameters<Responses['evaluate']>[1]>[0]) => {
    const out = new Float64Array(xs.length * 6);
    xs.forEach((x, k) => out.set(sectionForces(r.endForcesI[frame]!, r.localLoads[frame]!, x), k * 6));
    return out;
  };
  for (const combo of combos) {
    const v = res.evaluate(combo, extract);
    // A magnitude (a response spectrum alone) acts both ways.
    if (v.kind === 'magnitude')
      states.push(
        { combination: combo, forcesAt: at(v.value) },
        { combination: combo, forcesAt: at(v.value.map((x) => -x)) },
      );
    else for (const row of Responses.rows(v)) states.push({ combination: combo, forcesAt: at(row.values) });
  }
  return states;
}

export function designSteel(m: FrameModel, a: ToolArgs<'design_steel'>): SteelDesign {
  const res = new Responses(m);
  const combos = designCombinations(m, a.combinations);
  const overrides = new Map(a.overrides.map((o) => [o.frame, o]));
  for (const o of a.overrides) m.frameIndex(o.frame);
  const frames = a.frames
    ? a.frames.map((n) => m.frameIndex(n))
    : m.frames.map((_, k) => k).filter((k) => m.frameMaterial(k).material.kind === 'steel');
  const rows: SteelDesign['frames'] = frames.map((k) => {
    const f = m.frames[k]!;
    const { section, material } = m.frameMaterial(k);
    const skip = (message: string): SteelDesign['frames'][number] => ({
      frame: f.name,
      section: f.section,
      status: 'not_checked',
      ratio: null,
      clause: null,
      combination: null,
      station: null,
      axial: null,
      major: null,
      minor: null,
      shear_major: null,
      shear_minor: null,
      message,
    });
    if (material.kind !== 'steel' || material.fy === undefined)
      return skip(`material ${section.material} is not steel (define_material kind steel with fy)`);
    if (section.shape?.shape !== 'i_section')
      return skip(`section ${f.section} is not an I-shape: the stand-in checks I-shapes only`);
    const o = overrides.get(f.name);
    const L = m.frameLength(k);
    const Lb = o?.unbraced_ltb ?? L;
    const segment = Lb > 0 && Lb < L ? Lb : L;
    const xs = new Set<number>();
    for (let s = 0; s < DESIGN_STATIONS; s++) xs.add((L * s) / (DESIGN_STATIONS - 1));
    for (let a0 = 0; a0 < L - 1e-9 * L; a0 += segment)
      for (let q = 0; q <= 20; q++) xs.add(Math.min(L, a0 + (Math.min(segment, L - a0) * q) / 20));
    const states = forceStates(m, res, k, combos, [...xs]);
    try {
      const check = checkMember(
        {
          section: iSection(section.shape),
          steel: { E: material.e, G: material.e / (2 * (1 + material.poisson)), Fy: material.fy },
          length: L,
          Lcx: (o?.k_major ?? 1) * (o?.unbraced_major ?? L),
          Lcy: (o?.k_minor ?? 1) * (o?.unbraced_minor ?? L),
          Lcz: (o?.k_minor ?? 1) * (o?.unbraced_minor ?? L),
          Lb,
          ...(o?.cb !== undefined ? { cb: o.cb } : {}),
        },
        states,
      );
      if (!check) return skip('no forces');
      return {
        frame: f.name,
        section: f.section,
        status: check.ratio <= 1 ? 'ok' : 'overstressed',
        ratio: check.ratio,
        clause: check.clause,
        combination: check.combination,
        station: check.station,
        axial: check.axial,
        major: check.major,
        minor: check.minor,
        shear_major: check.shear_major,
        shear_minor: check.shear_minor,
        message: null,
      };
    } catch (err) {
      if (err instanceof NotCovered) return skip(err.message);
      throw err;
    }
  });
  const checked = rows.filter((r) => r.ratio !== null);
  const top = checked.reduce<(typeof rows)[number] | null>((b, r) => (!b || r.ratio! > b.ratio! ? r : b), null);
  return {
    code: a.code,
    combinations: combos,
    frames: rows,
    governing: top && { frame: top.frame, ratio: top.ratio!, clause: top.clause!, combination: top.combination! },
  };
}
