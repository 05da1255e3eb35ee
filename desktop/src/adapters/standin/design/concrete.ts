// design_concrete on the stand-in: ACI 318-19 (../../../codes/aci318/) for every concrete frame
// with a rectangular section. Vertical frames are columns, others beams (the programs' design
// orientation). Beams at five stations: top steel for hogging (M3 < 0), bottom steel for
// sagging (M3 > 0, local 2 up), shear steel for V2; columns: the least longitudinal steel for
// every combination at both ends and mid-height. Areas are answered in model units.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { beamFlexure, beamShear, columnSteel } from '../../../codes/aci318/design.ts';
import { unitSystem } from '../../../codes/units.ts';
import { localAxes } from '../solver/index.ts';
import type { FrameModel } from '../model/model.ts';
import { Responses } from '../results/response.ts';
import { designCombinations, forceStates } from './steel.ts';

export function designConcrete(m: FrameModel, a: ToolArgs<'design_concrete'>): ToolResult<'design_concrete'> {
  const res = new Responses(m);
  const combos = designCombinations(m, a.combinations);
  const u = unitSystem(m.units);
  const mm = u.length * 1000; // mm per model length unit
  const N = u.force;
  const cover = a.cover !== undefined ? a.cover * mm : 60;
  const frames = a.frames
    ? a.frames.map((n) => m.frameIndex(n))
    : m.frames.map((_, k) => k).filter((k) => m.frameMaterial(k).material.kind === 'concrete');
  const beams: ToolResult<'design_concrete'>['beams'] = [];
  const columns: ToolResult<'design_concrete'>['columns'] = [];
  for (const k of frames) {
    const f = m.frames[k]!;
    const { section, material } = m.frameMaterial(k);
    const message =
      material.kind !== 'concrete' || material.fc === undefined || material.rebar_fy === undefined
        ? `material ${section.material} is not concrete (define_material kind concrete with fc and rebar_fy)`
        : section.shape?.shape !== 'rectangle'
          ? `section ${f.section} is not a rectangle: the stand-in designs rectangular sections only`
          : null;
    const L = m.frameLength(k);
    const vertical = localAxes(m.joints[f.i]!.xyz, m.joints[f.j]!.xyz, 0).r[0][2] ** 2 > 1 - 1e-6;
    if (message) {
      if (vertical) columns.push({ frame: f.name, required_area: 0, ratio: 0, combination: null, station: 0, message });
      else
        beams.push({
          frame: f.name,
          station: 0,
          top_area: 0,
          top_combination: null,
          bottom_area: 0,
          bottom_combination: null,
          shear_area_per_length: 0,
          shear_combination: null,
          message,
        });
      continue;
    }
    const shape = section.shape as { shape: 'rectangle'; depth: number; width: number };
    const h = shape.depth * mm,
      b = shape.width * mm,
      fc = u.toMpa(material.fc!),
      fy = u.toMpa(material.rebar_fy!);
    const xs = vertical ? [0, L / 2, L] : [0, L / 4, L / 2, (3 * L) / 4, L];
    const states = forceStates(m, res, k, combos, xs);
    if (vertical) {
      const demands = states.flatMap((s) =>
        xs.map((x) => {
          const v = s.forcesAt(x);
          return { Pu: -v[0]! * N, M3: v[5]! * N * mm, M2: v[4]! * N * mm, combination: s.combination, x };
        }),
      );
      const need = columnSteel(demands, b, h, cover, fc, fy);
      // The governing demand: the one needing the most steel on its own.
      let gov = demands[0]!;
      let most = -1;
      for (const d of demands) {
        const r = columnSteel([d], b, h, cover, fc, fy).area;
        if (r > most) {
          most = r;
          gov = d;
        }
      }
      columns.push({
        frame: f.name,
        required_area: need.area / (mm * mm),
        ratio: need.area / (b * h),
        combination: gov?.combination ?? null,
        station: gov?.x ?? 0,
        message: need.message,
      });
      continue;
    }
    const d = h - cover;
    for (const x of xs) {
      let top = 0,
        bottom = 0,
        shear = 0;
      let topC: string | null = null,
        botC: string | null = null,
        shC: string | null = null;
      const notes: string[] = [];
      for (const s of states) {
        const v = s.forcesAt(x);
        const M = v[5]! * N * mm,
          V = Math.abs(v[1]!) * N;
        const flex = beamFlexure(Math.abs(M), b, d, fc, fy);
        if (flex.message) notes.push(flex.message);
        if (M < 0 && flex.area > top) [top, topC] = [flex.area, s.combination];
        if (M > 0 && flex.area > bottom) [bottom, botC] = [flex.area, s.combination];
        const sh = beamShear(V, b, d, fc, fy);
        if (sh.message) notes.push(sh.message);
        if (sh.areaPerLength > shear) [shear, shC] = [sh.areaPerLength, s.combination];
      }
      beams.push({
        frame: f.name,
        station: x,
        top_area: top / (mm * mm),
        top_combination: topC,
        bottom_area: bottom / (mm * mm),
        bottom_combination: botC,
        shear_area_per_length: shear / mm,
        shear_combination: shC,
        message: notes[0] ?? null,
      });
    }
  }
  return { code: a.code, combinations: combos, beams, columns };
}
