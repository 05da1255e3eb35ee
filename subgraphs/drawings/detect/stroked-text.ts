// Text drawn as line work (pages without a text layer: SHX strokes or glyph outlines).
// It has no readable string here (the lettering reader reads it, ../lettering/), but where it is
// still tells a note from a bare arrow.
// Found once per page, in bulk, so the cost grows with the page's paths and not with the
// number of questions the detectors ask:
//
// - GLYPH SIZE: plotted lettering is 2.5–5 mm high whatever the sheet size (ISO 3098,
//   the NCS's 3/32"–3/16"), so a glyph's stroke or outline fits in GLYPH_SIZE points of
//   paper; longer subpaths are line work.
// - ONE LABEL: strokes join a label when the gap between them is under half the larger
//   one's size (letter and word spacing are a fraction of the letter height; the space
//   between two notes is more).
// - HATCH IS REGULAR: straight strokes lying side by side, parallel, at an even spacing,
//   HATCH_MIN or more in a row, are hatching (clipped to its boundary, so of any length),
//   not lettering: letters repeat strokes at uneven spacings (the two legs of an H, then
//   the gap to the next letter). They are left out before clustering, and a cluster whose
//   strokes still nearly all run one way is dropped too.
// - A CROWD IS NEITHER: lettering and hatch are spread out. The densest plotted (1.8 mm
//   letters, poché hatch at 0.5 pt) put well under a hundred small strokes in a glyph's
//   square of paper; where more than CROWD lie in one, they are a heap (a fan of strokes from
//   one point, a hostile pile) and left to line work. It also bounds every neighbour
//   query below, so a heap cannot make the clustering quadratic.
// - A SYMBOL IS NOT LETTERING: a cluster that is one circle with at most two straight
//   strokes across or beside it is a drawn device (a receptacle, a junction box, a
//   bubble without a number), not a word.
import type { BBox, Point } from '../../../core/geometry/types.ts';
import { boxDistance, center, expand } from '../../../core/geometry/bbox.ts';
import { GridIndex, type Scene, type Seg } from './scene.ts';
import { circleOf } from './tags/circles.ts';
import type { TextRef } from './texts.ts';

/** Points of paper; see GLYPH SIZE. */
export const GLYPH_SIZE = 14;
/** A label needs this many strokes: an open arrowhead's V or a lone tick is not one. */
const MIN_LABEL_SEGMENTS = 4;
/** HATCH IS REGULAR: this share of a cluster's strokes running one way (within PARALLEL), among at least HATCH_MIN strokes. */
const HATCH_SHARE = 0.8;
const HATCH_MIN = 6;
const PARALLEL = (5 * Math.PI) / 180;
/** A CROWD IS NEITHER: small strokes in one grid cell (GLYPH_CELL points square) past which they are a heap. */
const CROWD = 200;
const GLYPH_CELL = 16;

export interface StrokedText {
  /** Subpaths that may be glyph strokes or outlines (indexes into scene.subpaths), by box. */
  glyphs: GridIndex<number>;
  /** Labels: clusters of glyphs, hatch removed. */
  labels: { bbox: BBox; subpaths: number[] }[];
  labelIndex: GridIndex<number>;
}

const cache = new WeakMap<Scene, StrokedText>();
const size = (b: BBox) => Math.max(b[2] - b[0], b[3] - b[1]);

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/** The direction of a straight one-segment stroke, in [0, π); null for anything else. */
function straightDirection(segs: readonly Seg[]): number | null {
  if (segs.length !== 1 || segs[0]!.kind !== 'line') return null;
  const s = segs[0]!;
  const a = Math.atan2(s.b[1] - s.a[1], s.b[0] - s.a[0]);
  return a < 0 ? a + Math.PI : a >= Math.PI ? a - Math.PI : a;
}

function isHatch(scene: Scene, members: readonly number[]): boolean {
  if (members.length < HATCH_MIN) return false;
  const dirs: number[] = [];
  for (const i of members) {
    const d = straightDirection(scene.subpaths[i]!.segs);
    if (d !== null) dirs.push(d);
  }
  if (dirs.length < HATCH_SHARE * members.length) return false;
  // The most strokes within PARALLEL of one stroke's direction, each stroke's window counted by two
  // pointers over the sorted directions laid out a half-turn either side (directions are modulo π):
  // n log n for any cluster, where comparing every stroke with every other was n².
  dirs.sort((a, b) => a - b);
  const n = dirs.length;
  const at = (k: number) => dirs[k % n]! + (Math.floor(k / n) - 1) * Math.PI; // k in [0, 3n)
  let most = 0;
  let lo = 0;
  let hi = n;
  for (let c = n; c < 2 * n; c++) {
    while (at(lo) <= at(c) - PARALLEL) lo++;
    while (hi + 1 < 3 * n && at(hi + 1) < at(c) + PARALLEL) hi++;
    most = Math.max(most, hi - lo + 1);
  }
  return most >= HATCH_SHARE * members.length;
}

/** A SYMBOL IS NOT LETTERING: one circle and at most two straight strokes. */
function isSymbol(scene: Scene, members: readonly number[]): boolean {
  if (members.length > 3) return false;
  let circles = 0;
  for (const m of members) {
    const sp = scene.subpaths[m]!;
    if (circleOf(sp)) circles++;
    else if (straightDirection(sp.segs) === null) return false;
  }
  return circles === 1;
}

/** Strokes of HATCH IS REGULAR: each straight stroke's parallel neighbours, walked outwards while their spacing stays even. */
function hatchStrokes(scene: Scene, candidates: readonly number[], glyphs: GridIndex<number>): Set<number> {
  const hatch = new Set<number>();
  for (const i of candidates) {
    const d = straightDirection(scene.subpaths[i]!.segs);
    if (d === null || hatch.has(i)) continue;
    const seg = scene.subpaths[i]!.segs[0]!;
    const len = Math.hypot(seg.b[0] - seg.a[0], seg.b[1] - seg.a[1]);
    if (len < 0.5) continue;
    const dir: Point = [Math.cos(d), Math.sin(d)];
    const mid = center(scene.subpaths[i]!.bbox);
    const side: { sub: number; off: number }[] = [];
    for (const j of glyphs.query(expand(scene.subpaths[i]!.bbox, 1.5 * len))) {
      const dj = straightDirection(scene.subpaths[j]!.segs);
      if (dj === null || Math.min(Math.abs(dj - d), Math.PI - Math.abs(dj - d)) > PARALLEL) continue;
      const m = center(scene.subpaths[j]!.bbox);
      const along = (m[0] - mid[0]) * dir[0] + (m[1] - mid[1]) * dir[1];
      if (Math.abs(along) > len) continue;
      side.push({ sub: j, off: (m[1] - mid[1]) * dir[0] - (m[0] - mid[0]) * dir[1] });
    }
    if (side.length < HATCH_MIN) continue;
    side.sort((a, b) => a.off - b.off);
    const at = side.findIndex((e) => e.sub === i);
    // The even run through this stroke: neighbours' gaps within a fifth of the first gap, none nil.
    const gapAt = (k: number) => side[k + 1]!.off - side[k]!.off;
    const first = at < side.length - 1 ? gapAt(at) : gapAt(at - 1);
    if (!(first > 0.05 * len)) continue;
    const even = (k: number) => Math.abs(gapAt(k) - first) <= 0.2 * first;
    let lo = at;
    let hi = at;
    while (lo > 0 && even(lo - 1)) lo--;
    while (hi < side.length - 1 && even(hi)) hi++;
    if (hi - lo + 1 >= HATCH_MIN) for (let k = lo; k <= hi; k++) hatch.add(side[k]!.sub);
  }
  return hatch;
}

/**
 * The page's stroked lettering, computed once per page on first use. On a page with a text layer
 * it is asked for only where a leader's tail finds no text-layer run (REGION WITHOUT A TEXT
 * LAYER, ../lettering-pass.ts); there a cluster is a candidate that the lettering reader must read.
 */
export function strokedText(scene: Scene): StrokedText {
  const cached = cache.get(scene);
  if (cached) return cached;
  const glyphs = new GridIndex<number>(16);
  const labelIndex = new GridIndex<number>(48);
  const out: StrokedText = { glyphs, labels: [], labelIndex };
  cache.set(scene, out);
  const heaped = new GridIndex<number>(GLYPH_CELL);
  for (const sp of scene.subpaths) if (size(sp.bbox) <= GLYPH_SIZE) heaped.insert(sp.bbox, sp.index);
  // A CROWD IS NEITHER: strokes in a cell past CROWD are left out; no cell of `small` then holds more.
  const small = new GridIndex<number>(GLYPH_CELL);
  const all: number[] = [];
  for (const sp of scene.subpaths) {
    if (size(sp.bbox) > GLYPH_SIZE || heaped.mostInCell(sp.bbox) > CROWD) continue;
    all.push(sp.index);
    small.insert(sp.bbox, sp.index);
  }
  const hatch = hatchStrokes(scene, all, small);
  const candidates = all.filter((i) => !hatch.has(i));
  for (const i of candidates) glyphs.insert(scene.subpaths[i]!.bbox, i);
  // ONE LABEL: union-find over near neighbours, each pair looked at once through the grid.
  const slot = new Map<number, number>();
  candidates.forEach((sub, k) => slot.set(sub, k));
  const parent = Int32Array.from(candidates.keys());
  for (let k = 0; k < candidates.length; k++) {
    const box = scene.subpaths[candidates[k]!]!.bbox;
    const reach = 0.5 * GLYPH_SIZE;
    for (const other of glyphs.query(expand(box, reach))) {
      const j = slot.get(other)!;
      if (j <= k) continue;
      const ob = scene.subpaths[other]!.bbox;
      if (boxDistance(box, ob) > Math.max(0.5, 0.5 * Math.max(size(box), size(ob)))) continue;
      const ra = find(parent, k);
      const rb = find(parent, j);
      if (ra !== rb) parent[ra] = rb;
    }
  }
  const groups = new Map<number, number[]>();
  for (let k = 0; k < candidates.length; k++) {
    const r = find(parent, k);
    const list = groups.get(r);
    if (list) list.push(candidates[k]!);
    else groups.set(r, [candidates[k]!]);
  }
  for (const members of groups.values()) {
    let segments = 0;
    for (const m of members) segments += scene.subpaths[m]!.segs.length;
    if (segments < MIN_LABEL_SEGMENTS || isHatch(scene, members) || isSymbol(scene, members)) continue;
    let bbox: BBox = [Infinity, Infinity, -Infinity, -Infinity];
    for (const m of members) {
      const b = scene.subpaths[m]!.bbox;
      bbox = [Math.min(bbox[0], b[0]), Math.min(bbox[1], b[1]), Math.max(bbox[2], b[2]), Math.max(bbox[3], b[3])];
    }
    labelIndex.insert(bbox, out.labels.length);
    out.labels.push({ bbox, subpaths: members });
  }
  return out;
}

/**
 * A NOTE IS A FEW LINES: a note at a leader's tail is a phrase or two, lettered along one way;
 * across that way it spans at most NOTE_LINES lines of the largest plotted lettering (GLYPH_SIZE)
 * at the usual pitch of one and a half letter heights. A cluster wider than that both ways is
 * line work chained by its small strokes (a dashed outline, a wall drawn in pieces, a field of
 * symbols), not a note, however many glyph-sized strokes it holds.
 */
const NOTE_LINES = 12;
export const NOTE_SPAN = NOTE_LINES * 1.5 * GLYPH_SIZE;
/** ISO 3098's smallest lettering, 1.8 mm, in points: a note (two letters at least) reaches this far one way. */
const SMALLEST_LETTERING = 5.1;

/**
 * The stroked label nearest to `box` within `reach` that can be a note (A NOTE IS A FEW LINES),
 * leaving out labels drawn by the subpaths of `exclude` (the leader's own line work), or null.
 */
export function strokedTextNear(
  scene: Scene,
  box: BBox,
  reach: number,
  exclude: ReadonlySet<Seg>,
): { bbox: BBox; texts: TextRef[] } | null {
  const { labels, labelIndex } = strokedText(scene);
  const own = new Set<number>();
  for (const s of exclude) own.add(s.sub);
  let best: BBox | null = null;
  let bestDistance = Infinity;
  for (const i of labelIndex.query(expand(box, reach))) {
    const label = labels[i]!;
    const across = Math.min(label.bbox[2] - label.bbox[0], label.bbox[3] - label.bbox[1]);
    const along = Math.max(label.bbox[2] - label.bbox[0], label.bbox[3] - label.bbox[1]);
    if (across > NOTE_SPAN || along < SMALLEST_LETTERING || label.subpaths.every((m) => own.has(m))) continue;
    const d = boxDistance(label.bbox, box);
    if (d <= reach && d < bestDistance) {
      best = label.bbox;
      bestDistance = d;
    }
  }
  return best ? { bbox: best, texts: [] } : null;
}
