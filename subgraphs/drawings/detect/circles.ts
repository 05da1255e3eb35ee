// Circles as CAD programs draw them: two to eight Bézier arcs, or a closed
// polyline of many short segments. A candidate is kept when every point lies
// on one circle within a few percent of its radius.
import { flattenCubic } from '../geometry/bezier.ts';
import type { Point } from '../geometry/types.ts';
import { dist } from '../geometry/vec.ts';
import type { Scene, Subpath } from './scene.ts';

export interface Circle {
  center: Point;
  radius: number;
  sub: Subpath;
}

export interface CircleOptions {
  minRadius: number;
  maxRadius: number;
  /** Largest radial deviation, as a fraction of the radius. */
  tolerance: number;
}

const DEFAULTS: CircleOptions = { minRadius: 2, maxRadius: 90, tolerance: 0.06 };

/** The circle a subpath draws, or null. */
export function circleOf(sp: Subpath, options: CircleOptions = DEFAULTS): Circle | null {
  const curves = sp.segs.filter((s) => s.kind === 'curve').length;
  const lines = sp.segs.length - curves;
  const byCurves = curves >= 2 && curves <= 8 && lines <= 1;
  const byPolyline = curves === 0 && lines >= 12;
  if (!byCurves && !byPolyline) return null;
  const [x1, y1, x2, y2] = sp.bbox;
  const w = x2 - x1;
  const h = y2 - y1;
  const radius = (w + h) / 4;
  if (radius < options.minRadius || radius > options.maxRadius || Math.abs(w - h) > 2 * options.tolerance * radius) return null;
  const first = sp.segs[0]!.a;
  const last = sp.segs[sp.segs.length - 1]!.b;
  if (!sp.closed && dist(first, last) > options.tolerance * radius) return null;
  const center: Point = [(x1 + x2) / 2, (y1 + y2) / 2];
  const points: Point[] = [];
  for (const s of sp.segs) {
    if (s.kind === 'curve') points.push(...flattenCubic(s.a, s.c1, s.c2, s.b, 4));
    else points.push(s.a, s.b);
  }
  for (const p of points) if (Math.abs(dist(p, center) - radius) > options.tolerance * radius) return null;
  return { center, radius, sub: sp };
}

export function findCircles(scene: Scene, options?: CircleOptions): Circle[] {
  const out: Circle[] = [];
  for (const sp of scene.subpaths) {
    const c = circleOf(sp, options);
    if (c) out.push(c);
  }
  return out;
}
