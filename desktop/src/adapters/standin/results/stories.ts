// Story results (ETABS's Story Drifts and Story Forces tables):
// - Drift of a joint at a story's top: its displacement minus that of the joint directly below
//   it on the story's bottom level, over the story height, along X and Y; the story's drift
//   in a direction is the largest over its joints (joints with no joint directly below are
//   left out). For a response-spectrum case each joint's modal drifts are combined, not the
//   combined displacements subtracted.
// - Story forces: the resultant of the member forces in a cut just below a story's top and just
//   above its bottom, acting on the part of the building above the cut (so a load to +X above
//   gives a negative VX), moments about (0, 0, z of the cut). Frames only: area objects carry
//   loads and mass here, not forces.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { localAxes, sectionForces, type CaseResult, type Vec3 } from '../solver/index.ts';
import { JOINT_TOLERANCE, type FrameModel } from '../model/model.ts';
import { Responses } from './response.ts';

interface Pair {
  story: string;
  top: number;
  bottom: number;
  height: number;
}

function levels(m: FrameModel) {
  const lv = m.storyLevels();
  if (lv.length < 2) throw new ToolFailure('NOT_FOUND', 'the model has no stories: call define_stories first');
  return lv;
}

function pairs(m: FrameModel): Pair[] {
  const lv = levels(m);
  const byPlace = new Map<string, number>();
  const key = (x: number, y: number, z: number) =>
    [x, y, z].map((v) => Math.round(v / (10 * JOINT_TOLERANCE))).join(',');
  m.joints.forEach((j, k) => byPlace.set(key(...j.xyz), k));
  const out: Pair[] = [];
  for (let s = 1; s < lv.length; s++) {
    const z = lv[s]!.elevation,
      zb = lv[s - 1]!.elevation;
    m.joints.forEach((j, k) => {
      if (Math.abs(j.xyz[2] - z) > JOINT_TOLERANCE) return;
      const below = byPlace.get(key(j.xyz[0], j.xyz[1], zb));
      if (below !== undefined) out.push({ story: lv[s]!.name, top: k, bottom: below, height: z - zb });
    });
  }
  return out;
}

export function storyDrifts(m: FrameModel, a: ToolArgs<'story_drifts'>): ToolResult<'story_drifts'> {
  const res = new Responses(m);
  const ps = pairs(m);
  const extract = (r: CaseResult) => {
    const out = new Float64Array(ps.length * 2);
    ps.forEach((p, k) => {
      const t = r.displacements[p.top]!,
        b = r.displacements[p.bottom]!;
      out[2 * k] = (t[0] - b[0]) / p.height;
      out[2 * k + 1] = (t[1] - b[1]) / p.height;
    });
    return out;
  };
  const rows = Responses.rows(res.evaluate(a.case, extract));
  const dirs = (a.direction === 'both' ? ['X', 'Y'] : [a.direction]) as ('X' | 'Y')[];
  if (m.dimension === '2d' && a.direction !== 'X') dirs.splice(dirs.indexOf('Y'), 1);
  const stories: ToolResult<'story_drifts'>['stories'] = [];
  for (const story of levels(m)
    .slice(1)
    .map((l) => l.name)
    .reverse()) {
    for (const dir of dirs) {
      const d = dir === 'X' ? 0 : 1;
      let best: { drift: number; pair: Pair } | null = null;
      ps.forEach((p, k) => {
        if (p.story !== story) return;
        const v = Math.max(...rows.map((row) => Math.abs(row.values[2 * k + d]!)));
        if (!best || v > best.drift) best = { drift: v, pair: p };
      });
      if (!best) continue;
      const { drift, pair } = best as { drift: number; pair: Pair };
      const j = m.joints[pair.top]!;
      stories.push({
        story,
        direction: dir,
        drift: drift * a.amplification,
        joint: j.name,
        x: j.xyz[0],
        y: j.xyz[1],
        z: j.xyz[2],
        height: pair.height,
      });
    }
  }
  const max = stories.reduce<(typeof stories)[number] | null>((b, s) => (!b || s.drift > b.drift ? s : b), null);
  return {
    case: a.case,
    amplification: a.amplification,
    limit: a.limit ?? null,
    stories,
    max: max && { story: max.story, direction: max.direction, drift: max.drift, joint: max.joint },
    passes: a.limit === undefined ? null : stories.every((s) => s.drift <= a.limit!),
  };
}

interface Cut {
  story: string;
  location: 'top' | 'bottom';
  z: number;
}

export function storyForces(m: FrameModel, a: ToolArgs<'story_forces'>): ToolResult<'story_forces'> {
  const res = new Responses(m);
  const lv = levels(m);
  const cuts: Cut[] = [];
  for (let s = lv.length - 1; s >= 1; s--) {
    const h = lv[s]!.elevation - lv[s - 1]!.elevation;
    cuts.push(
      { story: lv[s]!.name, location: 'top', z: lv[s]!.elevation - 1e-6 * h },
      { story: lv[s]!.name, location: 'bottom', z: lv[s - 1]!.elevation + 1e-6 * h },
    );
  }
  // Members crossing each cut, where they cross it, and which side of them is above.
  const geometry = m.frames.map((f) => {
    const a = m.joints[f.i]!.xyz,
      b = m.joints[f.j]!.xyz;
    return { a, b, r: localAxes(a, b, f.angle).r, length: Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) };
  });
  const crossing = cuts.map((c) =>
    geometry.flatMap((g, k) => {
      const lo = Math.min(g.a[2], g.b[2]),
        hiZ = Math.max(g.a[2], g.b[2]);
      if (!(c.z > lo && c.z < hiZ)) return [];
      const t = (c.z - g.a[2]) / (g.b[2] - g.a[2]);
      const p: Vec3 = [g.a[0] + t * (g.b[0] - g.a[0]), g.a[1] + t * (g.b[1] - g.a[1]), c.z];
      return [{ k, x: t * g.length, p, sign: g.a[2] < g.b[2] ? -1 : 1 }];
    }),
  );
  const extract = (r: CaseResult) => {
    const out = new Float64Array(cuts.length * 6);
    crossing.forEach((members, c) => {
      const F = [0, 0, 0],
        M = [0, 0, 0];
      for (const { k, x, p, sign } of members) {
        const s = sectionForces(r.endForcesI[k]!, r.localLoads[k]!, x);
        const R = geometry[k]!.r;
        const g = (v: number[]) =>
          [0, 1, 2].map((i) => sign * (R[0]![i]! * v[0]! + R[1]![i]! * v[1]! + R[2]![i]! * v[2]!));
        const f = g([s[0], s[1], s[2]]),
          mm = g([s[3], s[4], s[5]]);
        const arm = [p[0], p[1], 0];
        F[0]! += f[0]!;
        F[1]! += f[1]!;
        F[2]! += f[2]!;
        M[0]! += mm[0]! + arm[1]! * f[2]! - arm[2]! * f[1]!;
        M[1]! += mm[1]! + arm[2]! * f[0]! - arm[0]! * f[2]!;
        M[2]! += mm[2]! + arm[0]! * f[1]! - arm[1]! * f[0]!;
      }
      // [P, VX, VY, T, MX, MY]
      out.set([F[2]!, F[0]!, F[1]!, M[2]!, M[0]!, M[1]!], c * 6);
    });
    return out;
  };
  const rows = Responses.rows(res.evaluate(a.case, extract));
  return {
    case: a.case,
    stories: cuts.flatMap((c, n) =>
      rows.map((row) => {
        const v = row.values.subarray(n * 6, n * 6 + 6);
        return {
          story: c.story,
          location: c.location,
          ...(row.step ? { step: row.step } : {}),
          p: v[0]!,
          vx: v[1]!,
          vy: v[2]!,
          t: v[3]!,
          mx: v[4]!,
          my: v[5]!,
        };
      }),
    ),
  };
}
