// Revision clouds: closed chains of scallops. CAD programs draw them as one
// path or as many separate one-arc paths, in any colour, so curves are
// chained by their end points first. A chain is a cloud when it closes, its
// scallops are of similar size and all bulge outwards.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { flattenCubic } from '../../../../core/geometry/bezier.ts';
import { angleBetween, cross, dist, pointSegmentDistance, spread, sub } from '../../../../core/geometry/vec.ts';
import type { Scene, Seg } from '../scene.ts';
import { PointSnapper } from '../snap.ts';

type Curve = Extract<Seg, { kind: 'curve' }>;

export interface RevisionCloud {
  bbox: BBox;
  scallops: number;
}

/** Closed loops of at least `minCurves` curves in which every node joins exactly two curves, in order. */
export function curveLoops(curves: readonly Curve[], tol = 0.6, minCurves = 6): Curve[][] {
  const snap = new PointSnapper(tol);
  const ends = curves.map((c) => [snap.id(c.a), snap.id(c.b)] as const);
  const byNode = new Map<number, number[]>();
  ends.forEach(([a, b], i) => {
    if (a === b) return;
    for (const n of [a, b]) {
      let list = byNode.get(n);
      if (!list) byNode.set(n, (list = []));
      list.push(i);
    }
  });
  const used = new Uint8Array(curves.length);
  const loops: Curve[][] = [];
  for (let i = 0; i < curves.length; i++) {
    if (used[i] || ends[i]![0] === ends[i]![1]) continue;
    const loop: Curve[] = [];
    let cur = i;
    let node = ends[i]![0];
    const startNode = node;
    let ok = true;
    while (true) {
      used[cur] = 1;
      const [a, b] = ends[cur]!;
      const c = curves[cur]!;
      // Orient each curve along the walk.
      loop.push(a === node ? c : { ...c, a: c.b, c1: c.c2, c2: c.c1, b: c.a });
      node = a === node ? b : a;
      if (node === startNode) break;
      const nexts = byNode.get(node)!;
      if (nexts.length !== 2) {
        ok = false;
        break;
      }
      const nxt = nexts[0] === cur ? nexts[1]! : nexts[0]!;
      if (used[nxt]) {
        ok = false;
        break;
      }
      cur = nxt;
    }
    if (ok && loop.length >= minCurves) loops.push(loop);
  }
  return loops;
}

/** Splits an oriented loop into scallops at cusps (where the tangent turns sharply). */
export function scallops(loop: readonly Curve[]): Curve[][] {
  const cusp = (prev: Curve, next: Curve) => {
    const t1 = sub(prev.b, dist(prev.c2, prev.b) > 1e-6 ? prev.c2 : prev.a);
    const t2 = sub(dist(next.c1, next.a) > 1e-6 ? next.c1 : next.b, next.a);
    return angleBetween(t1, t2) > (25 * Math.PI) / 180;
  };
  const start = loop.findIndex((c, i) => cusp(loop[(i - 1 + loop.length) % loop.length]!, c));
  if (start < 0) return [loop.slice()];
  const out: Curve[][] = [];
  let cur: Curve[] = [];
  for (let k = 0; k < loop.length; k++) {
    const i = (start + k) % loop.length;
    if (k > 0 && cusp(loop[(i - 1 + loop.length) % loop.length]!, loop[i]!)) {
      out.push(cur);
      cur = [];
    }
    cur.push(loop[i]!);
  }
  out.push(cur);
  return out;
}

export interface ScallopStats {
  scallops: number;
  /** Spread (σ / mean) of scallop chord lengths. */
  chordCv: number;
  /** Mean and spread of bulge height / chord. */
  bulge: number;
  bulgeCv: number;
  /** Share of scallops bulging to the majority side. */
  sameSide: number;
  bbox: BBox;
}

export function scallopStats(loop: readonly Curve[]): ScallopStats | null {
  const parts = scallops(loop);
  const points: Point[] = loop.flatMap((c) => flattenCubic(c.a, c.c1, c.c2, c.b, 6));
  const chords: number[] = [];
  const ratios: number[] = [];
  let left = 0;
  for (const part of parts) {
    const a = part[0]!.a;
    const b = part[part.length - 1]!.b;
    const chord = dist(a, b);
    if (chord < 0.5) return null;
    const pts = part.flatMap((c) => flattenCubic(c.a, c.c1, c.c2, c.b, 6));
    let far = pts[0]!;
    for (const p of pts) if (pointSegmentDistance(p, a, b) > pointSegmentDistance(far, a, b)) far = p;
    chords.push(chord);
    ratios.push(pointSegmentDistance(far, a, b) / chord);
    if (cross(sub(b, a), sub(far, a)) > 0) left++;
  }
  const c = spread(chords);
  const r = spread(ratios);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return {
    scallops: parts.length,
    chordCv: c.cv,
    bulge: r.mean,
    bulgeCv: r.cv,
    sameSide: Math.max(left, parts.length - left) / parts.length,
    bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  };
}

/**
 * A cloud's scallops come from one tool setting: bulges of nearly one depth
 * relative to their chord, all on one side. Tree outlines in site plans are
 * scalloped too, but freehand: few scallops of uneven depth. AutoCAD's
 * revision clouds vary their arcs a little more (depth spread about 0.11 on
 * the sample sheets) but run to dozens of scallops, which trees do not.
 */
export function cloudOf(loop: readonly Curve[]): RevisionCloud | null {
  const s = scallopStats(loop);
  if (!s || s.scallops < 6 || s.sameSide < 0.9) return null;
  if (s.chordCv > 0.4 || s.bulge < 0.12 || s.bulge > 0.75) return null;
  const regular = s.bulgeCv <= 0.09 || (s.bulgeCv <= 0.13 && s.scallops >= 16);
  return regular ? { bbox: s.bbox, scallops: s.scallops } : null;
}

export function findRevisionClouds(scene: Scene): RevisionCloud[] {
  const out: RevisionCloud[] = [];
  for (const loop of curveLoops(scene.curves)) {
    const cloud = cloudOf(loop);
    if (cloud) out.push(cloud);
  }
  return out;
}
