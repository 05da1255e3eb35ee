// Circles as CAD programs draw them: two to eight Bézier arcs, or a closed
// polyline of many short segments. A candidate is kept when every point lies
// on one circle within a few percent of its radius.
import { boxOfPoints } from '../../../core/geometry/bbox.ts';
import { flattenCubic } from '../../../core/geometry/bezier.ts';
import type { Point } from '../../../core/geometry/types.ts';
import { dist } from '../../../core/geometry/vec.ts';
import type { Scene, Seg, Subpath } from './scene.ts';
import { curveLoops } from './revision-clouds.ts';

export interface Circle {
  center: Point;
  radius: number;
  /** The subpath drawing it; null when it is assembled from arcs in several paths. */
  sub: Subpath | null;
}

export interface CircleOptions {
  minRadius: number;
  maxRadius: number;
  /** Largest radial deviation, as a fraction of the radius. */
  tolerance: number;
}

const DEFAULTS: CircleOptions = { minRadius: 2, maxRadius: 90, tolerance: 0.06 };

/** The circle through all points, when every point lies on it within the tolerance. */
function fitCircle(points: readonly Point[], options: CircleOptions): { center: Point; radius: number } | null {
  const [x1, y1, x2, y2] = boxOfPoints(points);
  const w = x2 - x1;
  const h = y2 - y1;
  const radius = (w + h) / 4;
  if (radius < options.minRadius || radius > options.maxRadius || Math.abs(w - h) > 2 * options.tolerance * radius) return null;
  const center: Point = [(x1 + x2) / 2, (y1 + y2) / 2];
  for (const p of points) if (Math.abs(dist(p, center) - radius) > options.tolerance * radius) return null;
  return { center, radius };
}

const samplePoints = (segs: readonly Seg[]): Point[] =>
  segs.flatMap((s) => (s.kind === 'curve' ? flattenCubic(s.a, s.c1, s.c2, s.b, 4) : [s.a, s.b]));

/** The circle a subpath draws, or null. */
export function circleOf(sp: Subpath, options: CircleOptions = DEFAULTS): Circle | null {
  const curves = sp.segs.filter((s) => s.kind === 'curve').length;
  const lines = sp.segs.length - curves;
  const byCurves = curves >= 2 && curves <= 8 && lines <= 1;
  const byPolyline = curves === 0 && lines >= 12;
  if (!byCurves && !byPolyline) return null;
  const first = sp.segs[0]!.a;
  const last = sp.segs[sp.segs.length - 1]!.b;
  const fit = fitCircle(samplePoints(sp.segs), options);
  if (!fit || (!sp.closed && dist(first, last) > options.tolerance * fit.radius)) return null;
  return { ...fit, sub: sp };
}

/**
 * Circles whose arcs are spread over several paths (some CAD exports draw a
 * tag's two halves separately): arcs chained end to end into a loop of two
 * to eight curves that fits one circle.
 */
export function assembledCircles(scene: Scene, options: CircleOptions = DEFAULTS): Circle[] {
  const open = scene.curves.filter((c) => !scene.subpaths[c.sub]!.closed);
  return curveLoops(open, 0.6, 2)
    .filter((loop) => loop.length <= 8)
    .map((loop) => fitCircle(samplePoints(loop), options))
    .filter((c): c is { center: Point; radius: number } => c !== null)
    .map((c) => ({ ...c, sub: null }));
}

export function findCircles(scene: Scene, options?: CircleOptions): Circle[] {
  const out: Circle[] = [];
  for (const sp of scene.subpaths) {
    const c = circleOf(sp, options);
    if (c) out.push(c);
  }
  out.push(...assembledCircles(scene, options));
  return out;
}
