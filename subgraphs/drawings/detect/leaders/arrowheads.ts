// Arrowheads at the end of leader lines: a small filled triangle, two short
// strokes meeting at the tip, or a small filled dot.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { angleBetween, dist, sub } from '../../../../core/geometry/vec.ts';
import { circleOf } from '../tags/circles.ts';
import type { Scene, Seg, Subpath } from '../scene.ts';

export interface Arrowhead {
  tip: Point;
  /** Unit vector from the arrow's base towards its tip (null for dots). */
  heading: Point | null;
  bbox: BBox;
  /**
   * From the tip to the head's farthest point (its base): where the shaft starts. A head
   * drawn on a slant is longer than either side of its box.
   */
  length: number;
  kind: 'triangle' | 'open' | 'dot';
  /** Subpaths and segments that make up the head, so the leader search can skip them. */
  parts: Set<Seg>;
}

const unit = (v: Point): Point => {
  const l = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / l, v[1] / l];
};

/** Distinct corners of a closed polygon subpath, up to `limit` + 1 (enough to tell a triangle; a filled outline of thousands of points stays linear). */
function corners(sp: Subpath, limit: number): Point[] {
  const pts: Point[] = [];
  for (const p of sp.points) {
    if (!pts.some((q) => dist(p, q) < 0.05)) pts.push(p);
    if (pts.length > limit) break;
  }
  return pts;
}

export function triangleArrowhead(sp: Subpath): Arrowhead | null {
  if (!sp.path.fill || sp.segs.some((s) => s.kind === 'curve')) return null;
  const pts = corners(sp, 3);
  if (pts.length !== 3) return null;
  const sides = [dist(pts[1]!, pts[2]!), dist(pts[0]!, pts[2]!), dist(pts[0]!, pts[1]!)];
  const longest = Math.max(...sides);
  if (longest < 1.5 || longest > 20) return null;
  // The tip is the corner with the sharpest angle; an arrowhead is slender (apex under 60°).
  const angles = pts.map((p, i) => angleBetween(sub(pts[(i + 1) % 3]!, p), sub(pts[(i + 2) % 3]!, p)));
  const apex = angles.indexOf(Math.min(...angles));
  if (angles[apex]! > (55 * Math.PI) / 180) return null;
  const tip = pts[apex]!;
  const base: Point = [(pts[(apex + 1) % 3]![0] + pts[(apex + 2) % 3]![0]) / 2, (pts[(apex + 1) % 3]![1] + pts[(apex + 2) % 3]![1]) / 2];
  const length = Math.max(...pts.map((p) => dist(p, tip)));
  return { tip, heading: unit(sub(tip, base)), bbox: sp.bbox, length, kind: 'triangle', parts: new Set(sp.segs) };
}

export function dotArrowhead(sp: Subpath): Arrowhead | null {
  if (!sp.path.fill) return null;
  const c = circleOf(sp, { minRadius: 0.4, maxRadius: 4, tolerance: 0.12 });
  return c ? { tip: c.center, heading: null, bbox: sp.bbox, length: c.radius, kind: 'dot', parts: new Set(sp.segs) } : null;
}

const pointKey = (p: Point) => Math.round(p[0] * 4) * 1_000_000 + Math.round(p[1] * 4);

/**
 * Two short strokes of one path sharing an end, spread 15–100°, with a longer
 * line ending at that same point: an open arrowhead whose tip is the shared end.
 * Requiring the shaft keeps the many V shapes of hatching out.
 */
export function openArrowheads(scene: Scene): Arrowhead[] {
  const shaftEnds = new Set<number>();
  const short: Seg[] = [];
  for (const l of scene.lines) {
    const len = dist(l.a, l.b);
    if (len > 16) {
      shaftEnds.add(pointKey(l.a));
      shaftEnds.add(pointKey(l.b));
    } else if (len >= 1.5) short.push(l);
  }
  const byEnd = new Map<number, { seg: Seg; end: Point; other: Point }[]>();
  for (const l of short) {
    for (const [end, other] of [[l.a, l.b], [l.b, l.a]] as const) {
      const k = pointKey(end);
      if (!shaftEnds.has(k)) continue;
      let list = byEnd.get(k);
      if (!list) byEnd.set(k, (list = []));
      list.push({ seg: l, end, other });
    }
  }
  const out: Arrowhead[] = [];
  for (const [k, list] of byEnd) {
    if (list.length !== 2) continue;
    const [p, q] = list as [(typeof list)[0], (typeof list)[0]];
    // CAD programs draw an open arrowhead as one polyline; two unrelated lines meeting in a V
    // (wall corners, door frames) are not one.
    if (p.seg.sub !== q.seg.sub) continue;
    // KEYNOTE SYMBOL: the corner of a closed outline of four or more sides (a keynote diamond, a hexagon,
    // a box) where a leader starts is no arrowhead; an open head is a V, or at most a closed triangle.
    const outline = scene.subpaths[p.seg.sub]!;
    if (outline.closed && outline.segs.length >= 4) continue;
    const lp = dist(p.end, p.other);
    const lq = dist(q.end, q.other);
    if (Math.abs(lp - lq) > 0.25 * Math.max(lp, lq)) continue;
    const spreadAngle = angleBetween(sub(p.other, p.end), sub(q.other, q.end));
    if (spreadAngle < (15 * Math.PI) / 180 || spreadAngle > (100 * Math.PI) / 180) continue;
    const tip = p.end;
    const base: Point = [(p.other[0] + q.other[0]) / 2, (p.other[1] + q.other[1]) / 2];
    const xs = [tip[0], p.other[0], q.other[0]];
    const ys = [tip[1], p.other[1], q.other[1]];
    out.push({
      tip,
      heading: unit(sub(tip, base)),
      bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      length: Math.max(lp, lq),
      kind: 'open',
      parts: new Set([p.seg, q.seg]),
    });
  }
  return out;
}

/**
 * An open arrowhead with its apex near `apex`, pointing along `heading` and about `length`
 * long, wherever the shaft runs: two short strokes of one path meeting at the apex, their
 * other ends behind it on either side of the axis, spread 15–100°. openArrowheads asks for
 * a shaft ending at the apex; this is for a head found by where it must be, such as the
 * second head of a double arrow, whose shaft runs on through its apex to the first head.
 */
/**
 * Strokes that may end at one open head's apex, at most: a drawn head is two, a few more where a
 * shaft, a tick or lettering passes; past this the point is a crowd (a fan of hatch, a star of
 * lines), no head, and pairing its strokes would cost their square.
 */
const APEX_CROWD = 16;

export function openHeadAt(scene: Scene, apex: Point, heading: Point, length: number): Arrowhead | null {
  const near = 0.35 * length;
  const back: Point = [-heading[0], -heading[1]];
  const sides: { seg: Seg; end: Point; other: Point; side: number }[] = [];
  for (const l of scene.lineIndex.query([apex[0] - near, apex[1] - near, apex[0] + near, apex[1] + near])) {
    for (let e = 0; e < 2; e++) {
      const [end, other] = e === 0 ? [l.a, l.b] : [l.b, l.a];
      if (dist(end, apex) > near) continue;
      const v = sub(other, end);
      const len = Math.hypot(v[0], v[1]);
      if (len < 0.5 * length || len > 2 * length) continue;
      const off = angleBetween(v, back);
      if (off < (7.5 * Math.PI) / 180 || off > (50 * Math.PI) / 180) continue;
      sides.push({ seg: l, end, other, side: Math.sign(v[0] * heading[1] - v[1] * heading[0]) });
      if (sides.length > APEX_CROWD) return null;
    }
  }
  for (const p of sides) {
    for (const q of sides) {
      // One stroke on each side of the axis, drawn in one path, meeting at the apex.
      if (p.side <= 0 || q.side >= 0 || p.seg.sub !== q.seg.sub || dist(p.end, q.end) > 0.1 * length) continue;
      const tip = p.end;
      const xs = [tip[0], p.other[0], q.other[0]];
      const ys = [tip[1], p.other[1], q.other[1]];
      return {
        tip,
        heading,
        bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        length: Math.max(dist(tip, p.other), dist(tip, q.other)),
        kind: 'open',
        parts: new Set([p.seg, q.seg]),
      };
    }
  }
  return null;
}

export function findArrowheads(scene: Scene): Arrowhead[] {
  const out: Arrowhead[] = [];
  for (const sp of scene.subpaths) {
    if (!sp.path.fill) continue;
    const head = triangleArrowhead(sp) ?? dotArrowhead(sp);
    if (head) out.push(head);
  }
  out.push(...openArrowheads(scene));
  return out;
}
