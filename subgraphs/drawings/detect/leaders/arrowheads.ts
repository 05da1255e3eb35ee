// Arrowheads at the end of leader lines: a small filled triangle, two short
// strokes meeting at the tip, or a small filled dot.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { angleBetween, cross, dist, sub } from '../../../../core/geometry/vec.ts';
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
  return pts.length === 3 ? slenderHead(pts as [Point, Point, Point], sp.bbox, new Set(sp.segs)) : null;
}

/** A filled triangle as a head: 1.5–20 pt long, its sharpest corner (the tip) under 55°. */
function slenderHead(pts: [Point, Point, Point], bbox: BBox, parts: Set<Seg>): Arrowhead | null {
  const sides = [dist(pts[1], pts[2]), dist(pts[0], pts[2]), dist(pts[0], pts[1])];
  const longest = Math.max(...sides);
  if (longest < 1.5 || longest > 20) return null;
  // The tip is the corner with the sharpest angle; an arrowhead is slender (apex under 60°).
  const angles = pts.map((p, i) => angleBetween(sub(pts[(i + 1) % 3]!, p), sub(pts[(i + 2) % 3]!, p)));
  const apex = angles.indexOf(Math.min(...angles));
  if (angles[apex]! > (55 * Math.PI) / 180) return null;
  const tip = pts[apex]!;
  const base: Point = [
    (pts[(apex + 1) % 3]![0] + pts[(apex + 2) % 3]![0]) / 2,
    (pts[(apex + 1) % 3]![1] + pts[(apex + 2) % 3]![1]) / 2,
  ];
  const length = Math.max(...pts.map((p) => dist(p, tip)));
  return { tip, heading: unit(sub(tip, base)), bbox, length, kind: 'triangle', parts };
}

export function dotArrowhead(sp: Subpath): Arrowhead | null {
  if (!sp.path.fill) return null;
  const c = circleOf(sp, { minRadius: 0.4, maxRadius: 4, tolerance: 0.12 });
  return c
    ? { tip: c.center, heading: null, bbox: sp.bbox, length: c.radius, kind: 'dot', parts: new Set(sp.segs) }
    : null;
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
    for (const [end, other] of [
      [l.a, l.b],
      [l.b, l.a],
    ] as const) {
      const k = pointKey(end);
      if (!shaftEnds.has(k)) continue;
      let list = byEnd.get(k);
      if (!list) byEnd.set(k, (list = []));
      list.push({ seg: l, end, other });
    }
  }
  const out: Arrowhead[] = [];
  for (const list of byEnd.values()) {
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

/** Vertices this close (points) are one corner of a fill's tiling: the tiles share the CAD program's own vertices. */
const TILE_GRID = 20;
/** A corner as one exact integer: x and y on the TILE_GRID, y in the low 2^20 (a page of 50,000 points). */
const cornerId = (p: Point) => Math.round(p[0] * TILE_GRID) * 2 ** 21 + Math.round(p[1] * TILE_GRID);
/** Tiles of a mesh are triangles and quads (a closing point repeated makes five). */
const TILE_POINTS = 5;

/**
 * TILED FILL: an arrowhead is a triangle on its own at a shaft's end. A solid fill exported as a
 * mesh (a grey profile, a poché, a solid hatch: what AutoCAD and other plotters write as
 * thousands of filled triangles and quads) is tiles, each sharing a whole side with other filled
 * tiles. HEAD IN HALVES: a solid head is also written as its two halves, one each side of its
 * axis; the two share the axis, and together they make one triangle. So a filled triangle with a
 * side in common with another filled triangle or quad (not the same shape painted twice) is a
 * tile of a fill, unless it and that one neighbour, sharing no side with anything else, make one
 * triangle: then the pair is one head. Linear: one map of the small filled polygons' sides.
 */
function tiledFill(scene: Scene): { tiles: Set<Subpath>; halves: Arrowhead[] } {
  // A fill closes its outline whether or not the path says so.
  const small = scene.subpaths.filter(
    (sp) =>
      sp.path.fill &&
      sp.points.length >= 3 &&
      sp.points.length <= TILE_POINTS &&
      sp.segs.every((s) => s.kind === 'line'),
  );
  const ids = small.map((sp) => sp.points.map(cornerId));
  const shape = (k: number) => [...new Set(ids[k])].sort((x, y) => x - y).join(' ');
  // A side, by its two corners (lower first), to the first polygon having it; each polygon's neighbours.
  const owner = new Map<number, Map<number, number>>();
  const neighbours = new Map<number, Set<number>>();
  const meet = (i: number, j: number) => {
    for (const [x, y] of [
      [i, j],
      [j, i],
    ] as const) {
      let set = neighbours.get(x);
      if (!set) neighbours.set(x, (set = new Set()));
      set.add(y);
    }
  };
  small.forEach((_, k) => {
    const c = ids[k]!;
    for (let i = 0; i < c.length; i++) {
      const a = Math.min(c[i]!, c[(i + 1) % c.length]!);
      const b = Math.max(c[i]!, c[(i + 1) % c.length]!);
      if (a === b) continue;
      let row = owner.get(a);
      if (!row) owner.set(a, (row = new Map()));
      const first = row.get(b);
      if (first === undefined) row.set(b, k);
      else if (!neighbours.get(k)?.has(first) && shape(first) !== shape(k)) meet(first, k);
    }
  });
  const tiles = new Set<Subpath>();
  const halves: Arrowhead[] = [];
  for (const [k, set] of neighbours) {
    const [j] = set;
    if (set.size === 1 && neighbours.get(j!)!.size === 1) {
      if (k > j!) continue;
      const head = headOfHalves(small[k]!, small[j!]!);
      if (head) {
        halves.push(head);
        continue;
      }
    }
    tiles.add(small[k]!);
    if (set.size === 1 && neighbours.get(j!)!.size === 1) tiles.add(small[j!]!);
  }
  return { tiles, halves };
}

/** HEAD IN HALVES: two triangles sharing a side whose union is one slender triangle (a shared corner lies on the line of the other two). */
function headOfHalves(p: Subpath, q: Subpath): Arrowhead | null {
  const a = corners(p, 3);
  const b = corners(q, 3);
  if (a.length !== 3 || b.length !== 3) return null;
  const same = (x: Point, y: Point) => dist(x, y) < 1 / TILE_GRID;
  const shared = a.filter((x) => b.some((y) => same(x, y)));
  const u = a.find((x) => !b.some((y) => same(x, y)));
  const v = b.find((y) => !a.some((x) => same(x, y)));
  if (shared.length !== 2 || !u || !v) return null;
  const uv = dist(u, v);
  // The shared corner on the line u–v is the base's middle; the other is the tip.
  const onBase = shared.findIndex(
    (s) =>
      uv > 0 && Math.abs(cross(sub(s, u), sub(v, u))) / uv < 0.02 * uv + 0.02 && dist(s, u) < uv && dist(s, v) < uv,
  );
  if (onBase < 0) return null;
  const tip = shared[1 - onBase]!;
  const bbox: BBox = [
    Math.min(p.bbox[0], q.bbox[0]),
    Math.min(p.bbox[1], q.bbox[1]),
    Math.max(p.bbox[2], q.bbox[2]),
    Math.max(p.bbox[3], q.bbox[3]),
  ];
  return slenderHead([tip, u, v], bbox, new Set([...p.segs, ...q.segs]));
}

const tilings = new WeakMap<Scene, ReturnType<typeof tiledFill>>();
const tilingOf = (scene: Scene) => tilings.get(scene) ?? tilings.set(scene, tiledFill(scene)).get(scene)!;

/** TILED FILL: the subpaths that are tiles of a fill; their sides are no line work a leader's shaft could be. */
export const fillTiles = (scene: Scene): ReadonlySet<Subpath> => tilingOf(scene).tiles;

export function findArrowheads(scene: Scene): Arrowhead[] {
  const out: Arrowhead[] = [];
  const { tiles, halves } = tilingOf(scene);
  const halved = new Set(halves.flatMap((h) => [...h.parts].map((s) => s.sub)));
  for (const sp of scene.subpaths) {
    if (!sp.path.fill || halved.has(sp.index)) continue;
    const head = tiles.has(sp) ? dotArrowhead(sp) : (triangleArrowhead(sp) ?? dotArrowhead(sp));
    if (head) out.push(head);
  }
  out.push(...halves);
  out.push(...openArrowheads(scene));
  return out;
}
