// The closed outlines a view tag is drawn in besides a circle (circles.ts): a regular
// hexagon or a square. The tag rules (tags.ts) then read any of them the same way: an
// outline divided by a line, the view id above and the sheet reference below.
//
// - REGULAR OUTLINE: one closed subpath of four or six straight sides (a side split in
//   two collinear pieces counts once), all about as long as each other and turning the
//   same way by the same angle at every corner (90° for a square, 60° for a hexagon).
//   Rectangles (room and door boxes), triangles (revision deltas, wall types) and
//   irregular outlines are not tag outlines. Sized like tag circles: inscribed radius
//   within the circle detector's range.
//
// Polygons are returned as a Circle through their corners with the corners attached, so
// the tag rules measure "on the outline" and "inside" against the drawn sides.
import type { BBox, Point } from '../../../core/geometry/types.ts';
import { boxOfPoints } from '../../../core/geometry/bbox.ts';
import { dist, pointSegmentDistance } from '../../../core/geometry/vec.ts';
import type { Circle } from './circles.ts';
import type { Scene, Subpath } from './scene.ts';

/** Same range as tag circles (circles.ts DEFAULTS), on the inscribed radius. */
const MIN_INRADIUS = 2;
const MAX_INRADIUS = 90;
/** Sides within this fraction of their mean length; corners within this many degrees of the regular turn. */
const SIDE_TOLERANCE = 0.08;
const TURN_TOLERANCE = (5 * Math.PI) / 180;

/** Corners of a closed straight-sided subpath, collinear pieces merged; null when it has curves or is open. */
function cornersOf(sp: Subpath): Point[] | null {
  if (sp.segs.length < 4 || sp.segs.length > 14 || sp.segs.some((s) => s.kind !== 'line')) return null;
  const pts = sp.points.slice();
  const size = Math.max(sp.bbox[2] - sp.bbox[0], sp.bbox[3] - sp.bbox[1]);
  if (dist(pts[0]!, pts[pts.length - 1]!) > 0.02 * size) return null;
  pts.pop();
  const out: Point[] = [];
  for (let i = 0; i < pts.length; i++) {
    const prev = pts[(i + pts.length - 1) % pts.length]!;
    const cur = pts[i]!;
    const next = pts[(i + 1) % pts.length]!;
    if (dist(prev, cur) < 0.01 * size) continue;
    // A corner turns; a point on a straight run does not.
    if (pointSegmentDistance(cur, prev, next) > 0.02 * size) out.push(cur);
  }
  return out;
}

function turn(a: Point, b: Point, c: Point): number {
  const u = [b[0] - a[0], b[1] - a[1]];
  const v = [c[0] - b[0], c[1] - b[1]];
  return Math.atan2(u[0]! * v[1]! - u[1]! * v[0]!, u[0]! * v[0]! + u[1]! * v[1]!);
}

/** The regular hexagon or square a subpath draws, as a circle through its corners; null otherwise. */
export function regularOutlineOf(sp: Subpath): Circle | null {
  const corners = cornersOf(sp);
  if (!corners || (corners.length !== 4 && corners.length !== 6)) return null;
  const n = corners.length;
  const sides = corners.map((p, i) => dist(p, corners[(i + 1) % n]!));
  const mean = sides.reduce((a, b) => a + b, 0) / n;
  if (sides.some((s) => Math.abs(s - mean) > SIDE_TOLERANCE * mean)) return null;
  const regular = (2 * Math.PI) / n;
  const turns = corners.map((p, i) => turn(corners[(i + n - 1) % n]!, p, corners[(i + 1) % n]!));
  if (turns.some((t) => Math.abs(Math.abs(t) - regular) > TURN_TOLERANCE || Math.sign(t) !== Math.sign(turns[0]!))) return null;
  const center: Point = [corners.reduce((a, p) => a + p[0], 0) / n, corners.reduce((a, p) => a + p[1], 0) / n];
  const radius = corners.reduce((a, p) => a + dist(p, center), 0) / n;
  const inner = radius * Math.cos(Math.PI / n);
  if (inner < MIN_INRADIUS || inner > MAX_INRADIUS) return null;
  return { center, radius, sub: sp, outline: corners };
}

export function findRegularOutlines(scene: Scene): Circle[] {
  const out: Circle[] = [];
  for (const sp of scene.subpaths) {
    const c = regularOutlineOf(sp);
    if (c) out.push(c);
  }
  return out;
}

/** Radius of the circle inside the outline, touching it: a circle's own radius, a polygon's inscribed one. */
export function innerRadius(c: Circle): number {
  if (!c.outline) return c.radius;
  let r = Infinity;
  const n = c.outline.length;
  for (let i = 0; i < n; i++) r = Math.min(r, pointSegmentDistance(c.center, c.outline[i]!, c.outline[(i + 1) % n]!));
  return r;
}

/** How far p lies from the drawn outline (the rim of a circle, the nearest side of a polygon). */
export function rimDistance(c: Circle, p: Point): number {
  if (!c.outline) return Math.abs(dist(p, c.center) - c.radius);
  let d = Infinity;
  const n = c.outline.length;
  for (let i = 0; i < n; i++) d = Math.min(d, pointSegmentDistance(p, c.outline[i]!, c.outline[(i + 1) % n]!));
  return d;
}

/** Whether p lies inside the outline shrunk towards its centre by `scale`. */
export function insideOutline(c: Circle, p: Point, scale = 1): boolean {
  if (!c.outline) return dist(p, c.center) < scale * c.radius;
  const q: Point = [c.center[0] + (p[0] - c.center[0]) / scale, c.center[1] + (p[1] - c.center[1]) / scale];
  // Convex: inside when on the same side of every edge as the centre.
  const n = c.outline.length;
  for (let i = 0; i < n; i++) {
    const a = c.outline[i]!;
    const b = c.outline[(i + 1) % n]!;
    const side = (x: Point) => (b[0] - a[0]) * (x[1] - a[1]) - (b[1] - a[1]) * (x[0] - a[0]);
    if (side(q) * side(c.center) < 0) return false;
  }
  return true;
}

/** The outline's box. */
export const outlineBox = (c: Circle): BBox =>
  c.outline ? boxOfPoints(c.outline) : [c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius];
