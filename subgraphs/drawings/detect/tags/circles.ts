// Circles as CAD programs draw them: two to eight Bézier arcs, or a closed
// polyline of many short segments (in one path, or one path per side). A candidate is kept when every point lies
// on one circle within a few percent of its radius.
import { boxOfPoints } from '../../../../core/geometry/bbox.ts';
import { flattenCubic } from '../../../../core/geometry/bezier.ts';
import type { Point } from '../../../../core/geometry/types.ts';
import { dist, sub } from '../../../../core/geometry/vec.ts';
import { endpointIndex } from '../endpoints.ts';
import type { Scene, Seg, Subpath } from '../scene.ts';
import { curveLoops } from '../revisions/clouds.ts';

export interface Circle {
  center: Point;
  radius: number;
  /** The subpath drawing it; null when it is assembled from arcs in several paths. */
  sub: Subpath | null;
  /** A tag's hexagon or square (tag-outlines.ts): its corners, on this circle. Absent for a true circle. */
  outline?: Point[];
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
  if (radius < options.minRadius || radius > options.maxRadius || Math.abs(w - h) > 2 * options.tolerance * radius)
    return null;
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

/** Sides of a segmented circle: a 12-gon at the coarsest, a 90-gon at the finest. */
const MIN_SIDES = 12;
const MAX_SIDES = 90;

/**
 * Circles drawn as 24- to 72-gons whose sides are separate paths (some exports write
 * every chord as its own line): lines alone in their path, chained end to end, each
 * turning the same way by a small angle and about as long as the first, until the
 * chain closes on itself; the loop must then fit one circle. Every line is walked at
 * most once, so the search is linear in the page's lines.
 */
export function segmentedCircles(scene: Scene, options: CircleOptions = DEFAULTS): Circle[] {
  const lines = scene.lines;
  const index = endpointIndex(scene);
  const maxSide = ((2 * Math.PI * options.maxRadius) / MIN_SIDES) * 1.1;
  const minSide = ((2 * Math.PI * options.minRadius) / MAX_SIDES) * 0.9;
  const visited = new Uint8Array(lines.length);
  const isSide = (i: number) => {
    const l = lines[i]!;
    const len = dist(l.a, l.b);
    return len >= minSide && len <= maxSide && scene.subpaths[l.sub]!.segs.length === 1;
  };
  const turn = (u: Point, v: Point) => Math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]);
  const maxTurn = (2 * Math.PI) / MIN_SIDES + 0.05;
  const out: Circle[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (visited[i] || !isSide(i)) continue;
    visited[i] = 1;
    const first = lines[i]!;
    const side = dist(first.a, first.b);
    const points: Point[] = [first.a, first.b];
    let dir = sub(first.b, first.a);
    let sign = 0;
    let closed = false;
    for (let n = 1; n < MAX_SIDES && !closed; n++) {
      const cur = points[points.length - 1]!;
      const next: { j: number; to: Point; t: number }[] = [];
      const clear = index.near(cur, 0.3, (j) => {
        if (next.some((c) => c.j === j) || (visited[j] && j !== i) || !isSide(j)) return;
        const l = lines[j]!;
        const to = dist(l.a, cur) < 0.3 ? l.b : l.a;
        if (j === i && n < MIN_SIDES - 1) return;
        const t = turn(dir, sub(to, cur));
        if (
          Math.abs(dist(cur, to) - side) > 0.25 * side ||
          t === 0 ||
          Math.abs(t) > maxTurn ||
          (sign !== 0 && Math.sign(t) !== sign)
        )
          return;
        next.push({ j, to, t });
      });
      // A heap of ends (endpoints.ts) is no chord's joint: the walk stops there.
      if (!clear || next.length !== 1) break;
      const { j, to, t } = next[0]!;
      if (j === i) closed = true;
      else {
        visited[j] = 1;
        points.push(to);
        dir = sub(to, cur);
        sign = Math.sign(t);
      }
    }
    if (!closed || points.length < MIN_SIDES) continue;
    const fit = fitCircle(points, options);
    if (fit) out.push({ ...fit, sub: null });
  }
  return out;
}

export function findCircles(scene: Scene, options?: CircleOptions): Circle[] {
  const out: Circle[] = [];
  for (const sp of scene.subpaths) {
    const c = circleOf(sp, options);
    if (c) out.push(c);
  }
  out.push(...assembledCircles(scene, options), ...segmentedCircles(scene, options));
  return out;
}
