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
// - SIDES END TO END: some exports write every side as its own path (or subpath). Lines
//   alone in their subpath whose ends meet (within SIDE_JOIN of a side's length), each
//   joining exactly one other side of about its length at the regular turn, are chained
//   until the chain closes; four or six of them make one outline, judged as above.
// - CLEAR CORNER: a tag's corner is where its two sides end (a hexagon's divider too);
//   where more than CROWDED line ends pile up around a point (hatch, a grid's nodes) it
//   is no corner. This also bounds the work per corner, so the chaining stays linear in
//   the page's lines: each line starts at most one walk of at most six steps.
//
// Polygons are returned as a Circle through their corners with the corners attached, so
// the tag rules measure "on the outline" and "inside" against the drawn sides.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { boxOfPoints } from '../../../../core/geometry/bbox.ts';
import { dist, mid, pointSegmentDistance } from '../../../../core/geometry/vec.ts';
import type { Circle } from './circles.ts';
import { EndpointIndex } from '../endpoints.ts';
import type { Scene, Subpath } from '../scene.ts';

/** Same range as tag circles (circles.ts DEFAULTS), on the inscribed radius. */
const MIN_INRADIUS = 2;
const MAX_INRADIUS = 90;
/** Sides within this fraction of their mean length; corners within this many degrees of the regular turn. */
const SIDE_TOLERANCE = 0.08;
const TURN_TOLERANCE = (5 * Math.PI) / 180;
/** Turns at a regular outline's corners: a hexagon's 60°, a square's 90°. */
const REGULAR_TURNS = [Math.PI / 3, Math.PI / 2];

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
  return corners && regularPolygon(corners, sp);
}

/** The regular hexagon or square with these corners (in order round it), as a circle through them; null otherwise. */
function regularPolygon(corners: Point[], sp: Subpath | null): Circle | null {
  if (corners.length !== 4 && corners.length !== 6) return null;
  const n = corners.length;
  const sides = corners.map((p, i) => dist(p, corners[(i + 1) % n]!));
  const mean = sides.reduce((a, b) => a + b, 0) / n;
  if (sides.some((s) => Math.abs(s - mean) > SIDE_TOLERANCE * mean)) return null;
  const regular = (2 * Math.PI) / n;
  const turns = corners.map((p, i) => turn(corners[(i + n - 1) % n]!, p, corners[(i + 1) % n]!));
  if (turns.some((t) => Math.abs(Math.abs(t) - regular) > TURN_TOLERANCE || Math.sign(t) !== Math.sign(turns[0]!)))
    return null;
  const center: Point = [corners.reduce((a, p) => a + p[0], 0) / n, corners.reduce((a, p) => a + p[1], 0) / n];
  const radius = corners.reduce((a, p) => a + dist(p, center), 0) / n;
  const inner = radius * Math.cos(Math.PI / n);
  if (inner < MIN_INRADIUS || inner > MAX_INRADIUS) return null;
  return { center, radius, sub: sp, outline: corners };
}

/** Ends of two sides meet within this fraction of the shorter side's length (SIDES END TO END). */
const SIDE_JOIN = 0.05;
/** More line ends than this around a corner make it no corner (CLEAR CORNER). */
const CROWDED = 16;
/** Side lengths of the outlines in range: a hexagon's side is 2r·tan 30°, a square's 2r. */
const MIN_SIDE = 2 * MIN_INRADIUS * Math.tan(Math.PI / 6) * (1 - SIDE_TOLERANCE);
const MAX_SIDE = 2 * MAX_INRADIUS * (1 + SIDE_TOLERANCE);

type Line = Scene['lines'][number];

/**
 * Hexagons and squares whose sides are separate paths (SIDES END TO END, CLEAR CORNER).
 * Sides are indexed by end point in classes of length (a power of two each), the cell of
 * each class as wide as the join tolerance of its longest side, so one look-up per class
 * finds the sides that may meet a given side's end.
 */
export function assembledOutlines(scene: Scene): Circle[] {
  const classOf = (len: number) => Math.floor(Math.log2(len));
  // A page has tens of thousands of lines (lettering, hatch): squared lengths first, the subpath only for those in range.
  const byClass = new Map<number, Line[]>();
  const [min2, max2] = [MIN_SIDE ** 2, MAX_SIDE ** 2];
  for (const l of scene.lines) {
    const dx = l.b[0] - l.a[0];
    const dy = l.b[1] - l.a[1];
    const len2 = dx * dx + dy * dy;
    if (len2 < min2 || len2 > max2 || scene.subpaths[l.sub]!.segs.length !== 1) continue;
    const k = classOf(Math.sqrt(len2));
    const list = byClass.get(k);
    if (list) list.push(l);
    else byClass.set(k, [l]);
  }
  const classes = new Map<number, { lines: Line[]; index: EndpointIndex; cell: number }>();
  for (const [k, lines] of byClass) {
    const cell = SIDE_JOIN * 2 ** (k + 1);
    classes.set(k, { lines, index: new EndpointIndex(lines, cell), cell });
  }
  const used = new Set<Line>();

  /** The one side meeting `side` at its end `p`, its far end and the turn there; null when none, several, or crowded. */
  const partner = (side: Line, p: Point, far: Point): { line: Line; near: Point; far: Point; turn: number } | null => {
    const len = dist(side.a, side.b);
    let found: { line: Line; near: Point; far: Point; turn: number } | null = null;
    let several = false;
    for (let k = classOf(len / (1 + 2 * SIDE_TOLERANCE)); k <= classOf(len * (1 + 2 * SIDE_TOLERANCE)); k++) {
      const c = classes.get(k);
      if (!c) continue;
      const clear = c.index.near(
        p,
        Math.min(SIDE_JOIN * len, c.cell),
        (j) => {
          const l = c.lines[j]!;
          if (l === side || l === found?.line) return;
          const other = dist(l.a, l.b);
          if (Math.abs(other - len) > SIDE_TOLERANCE * (other + len)) return;
          const within = SIDE_JOIN * Math.min(len, other);
          const [near, next] = dist(l.a, p) <= within ? [l.a, l.b] : dist(l.b, p) <= within ? [l.b, l.a] : [null, null];
          if (!near) return;
          const t = turn(far, p, next);
          if (!REGULAR_TURNS.some((r) => Math.abs(Math.abs(t) - r) <= TURN_TOLERANCE)) return;
          if (found) {
            several = true;
            return true;
          }
          found = { line: l, near, far: next, turn: t };
        },
        CROWDED,
      );
      if (!clear || several) return null;
    }
    return found;
  };

  const out: Circle[] = [];
  for (const c of classes.values()) {
    for (const first of c.lines) {
      if (used.has(first)) continue;
      // Walk round from the first side's end b, corner by corner, until the chain comes back to its end a.
      const sides: Line[] = [first];
      const corners: Point[] = [];
      let side = first;
      let [from, to] = [first.a, first.b];
      let sign = 0;
      let regular = 0;
      let closed = false;
      for (let step = 0; step < 6 && !closed; step++) {
        const next = partner(side, to, from);
        if (!next) break;
        const r = REGULAR_TURNS.find((x) => Math.abs(Math.abs(next.turn) - x) <= TURN_TOLERANCE)!;
        if (sign !== 0 && (Math.sign(next.turn) !== sign || r !== regular)) break;
        sign = Math.sign(next.turn);
        regular = r;
        corners.push(mid(to, next.near));
        if (next.line === first) closed = next.near === first.a;
        else if (sides.includes(next.line)) break;
        else {
          sides.push(next.line);
          side = next.line;
          [from, to] = [next.near, next.far];
        }
      }
      if (!closed) continue;
      const outline = regularPolygon(corners, null);
      if (!outline) continue;
      for (const s of sides) used.add(s);
      out.push(outline);
    }
  }
  return out;
}

export function findRegularOutlines(scene: Scene): Circle[] {
  const out: Circle[] = [];
  for (const sp of scene.subpaths) {
    const c = regularOutlineOf(sp);
    if (c) out.push(c);
  }
  out.push(...assembledOutlines(scene));
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
  c.outline
    ? boxOfPoints(c.outline)
    : [c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius];
