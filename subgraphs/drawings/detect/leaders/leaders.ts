// Leaders: a line or polyline (up to four segments) that ends in an arrowhead
// and starts at a note. Lines with an arrowhead at both ends are dimensions.
//
// Rules, as a drafter states them:
// - SHAFT AT THE BASE: the shaft starts at the arrowhead's base, one head length
//   behind the tip (measured along the head, not its box: a slanted head is longer
//   than either side of its box).
// - SHARED LANDING: several leaders may run from one note to one landing point; at
//   such a junction the chain goes on along the line that does not lead to another
//   arrowhead.
// - CALLOUT BUBBLE: a number inside a circle at the end of a leader is a callout or
//   keynote reference (a note), not a dimension value.
// - LONGER THAN ITS HEAD: from the tip, a leader reaches at least 10 pt and a fifth
//   beyond its head's length; shorter strokes are parts of glyphs and symbols.
// - ONE HEAD: a leader ends in one arrowhead. Two in a row on one shaft (the second's
//   tip at the first's base, the same heading) count a home run's circuits. The second
//   may be open (two strokes) with the shaft running on through its apex: it is looked
//   for at the base of each head that would make a leader, filled or open.
// - CIRCUIT AT THE HEAD: an arrow pointing into a panel-and-circuit label (LP-1-3,5,
//   PP2-12,14) just beyond its tip is a circuit home run: a leader points at the thing
//   it names and has its note at the tail. Without a text layer the label cannot be
//   read, so any lettering the arrow points into there counts.
// - LABEL AT THE HEAD: likewise an arrow whose tip stands on a lettered bubble's rim, pointing
//   in, points at a label (a lightning-protection plan's down-conductor arrows run from the
//   conductor's dot to its numbered bubble, A1–A8): the reverse of a leader, whose head is at
//   the thing it names and whose note (a keynote bubble too) is at its tail.
import type { BBox, Point } from '../../../../core/geometry/types.ts';
import { boxDistance, expand, unionAll } from '../../../../core/geometry/bbox.ts';
import { angleBetween, cross, dist, sub } from '../../../../core/geometry/vec.ts';
import { fillTiles, openHeadAt, type Arrowhead } from './arrowheads.ts';
import type { Circle } from '../tags/circles.ts';
import { GridIndex, type Scene, type Seg } from '../scene.ts';
import { textBlockNear, textsInCircle, type TextRef } from '../texts.ts';
import { innerRadius, insideOutline, outlineBox, rimDistance } from '../tags/tag-outlines.ts';
import { strokedTextNear } from '../stroked-text.ts';
import { EndpointIndex, endpointIndex } from '../endpoints.ts';

export interface Leader {
  arrowTip: Point;
  bbox: BBox;
  textBbox: BBox;
  texts: TextRef[];
  /**
   * REGION WITHOUT A TEXT LAYER: the note is stroked lettering on a page that has a text layer
   * elsewhere (notes drawn as SHX strokes beside a text-layer title block). Such a leader stands
   * only once the lettering reader has read its note (../lettering-pass.ts).
   */
  strokedNote: boolean;
}

type Line = Extract<Seg, { kind: 'line' }>;

/**
 * Text that is not a note: dimension values (3'-3", 12'-0 1/2", 450, and 1,640 with the decimal
 * comma of ISO 80000-1 and DIN 406 or a thousands comma) and stair step
 * numbers, a stair's UP / DN, or a slope arrow's SLOPE / FALL (with or without its
 * ratio). An arrow whose nearest text is only that is a dimension, stair or slope
 * arrow, not a leader.
 */
const NOT_A_NOTE =
  /^(\d+'\s*(?:-\s*)?(?:\d+(?:\s+\d+\/\d+|\/\d+)?)?"?|\d+([.,]\d+)?"?|UP|DN|DOWN|(SLOPE|FALL)(\s.*)?|\d+([.,]\d+)?\s*%)$/i;
export const isNote = (texts: readonly TextRef[]) => texts.some((t) => t.text !== '' && !NOT_A_NOTE.test(t.text));

/**
 * A panel name and its circuit numbers: a numbered panel and one or more circuits (LP-1-3,5,
 * LP1-2,4, PP-2-12, HP1-21,23), or a lettered panel and two or more (PPA-14,16). A lettered
 * name with one number (P-1, PT-2, CPT-1) is a finish or material code, and leaders point at those.
 */
const CIRCUIT =
  /^([A-Z]{1,3}-?\d{1,2}[A-Z]?\s*-\s*\d{1,3}(\s*,\s*\d{1,3})*|[A-Z]{1,4}\s*-\s*\d{1,3}(\s*,\s*\d{1,3})+)$/;

/** CIRCUIT AT THE HEAD: a circuit label starting within a head length or so beyond the tip, ahead of it. */
function circuitAtHead(scene: Scene, head: Arrowhead): boolean {
  if (!head.heading) return false;
  const reach = Math.max(4, 1.5 * head.length);
  const [x, y] = head.tip;
  const ahead = (box: BBox) =>
    angleBetween(sub([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2], head.tip), head.heading!) < Math.PI / 3;
  if (!scene.hasTextLayer) {
    const label = strokedTextNear(scene, [x, y, x, y], reach, head.parts);
    return label !== null && ahead(label.bbox);
  }
  for (const i of scene.textIndex.query([x - reach, y - reach, x + reach, y + reach])) {
    const t = scene.texts[i]!;
    if (boxDistance(t.bbox, [x, y, x, y]) <= reach && CIRCUIT.test(t.str.trim()) && ahead(t.bbox)) return true;
  }
  return false;
}

/** LABEL AT THE HEAD: the tip on the rim of a bubble (a circle) that holds lettering, the head pointing in. */
function labelAtHead(scene: Scene, head: Arrowhead, bubbles: GridIndex<Circle>): boolean {
  if (!head.heading) return false;
  const [x, y] = head.tip;
  for (const b of bubbles.query([x - 1, y - 1, x + 1, y + 1])) {
    // A circle: squares and hexagons at a tip are as often a tile grid's cells or a room as a bubble.
    if (b.outline) continue;
    const r = innerRadius(b);
    if (rimDistance(b, head.tip) > Math.max(0.5, 0.15 * r) && !insideOutline(b, head.tip)) continue;
    if (angleBetween(head.heading, sub(b.center, head.tip)) > Math.PI / 3) continue;
    if (letteredInside(scene, b, head.parts)) return true;
  }
  return false;
}

/**
 * Lettering inside a bubble sized to it (as CALLOUT BUBBLE sizes it: a radius of at most four
 * letter heights): a text-layer run, or, drawn as strokes, a label's worth of strokes (four, as
 * stroked-text.ts counts one) lying wholly inside, off the rim (a cross or a diameter reaches it),
 * together at least a quarter radius high or wide (a centre mark or a bolt's dot is no lettering),
 * leaving out a ring drawn inside the rim (a pipe's wall, a hole's double circle), which is no lettering either.
 */
function letteredInside(scene: Scene, b: Circle, parts: ReadonlySet<Seg>): boolean {
  const r = innerRadius(b);
  const texts = textsInCircle(scene, b);
  if (texts.length > 0) {
    const tallest = Math.max(...texts.map((t) => scene.texts[t.id]!.bbox[3] - scene.texts[t.id]!.bbox[1]));
    return r <= 4 * tallest;
  }
  let strokes = 0;
  const box: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const l of scene.lineIndex.query(outlineBox(b))) {
    if (parts.has(l) || !insideOutline(b, l.a, 0.85) || !insideOutline(b, l.b, 0.85) || onRing(b.center, r, l))
      continue;
    strokes++;
    for (const p of [l.a, l.b]) {
      box[0] = Math.min(box[0], p[0]);
      box[1] = Math.min(box[1], p[1]);
      box[2] = Math.max(box[2], p[0]);
      box[3] = Math.max(box[3], p[1]);
    }
  }
  return strokes >= 4 && Math.max(box[2] - box[0], box[3] - box[1]) >= r / 4;
}

/** A chord of a circle about `c` away from the centre: both ends and its middle about as far from c. */
function onRing(c: Point, r: number, l: Line): boolean {
  const da = dist(l.a, c);
  const mid: Point = [(l.a[0] + l.b[0]) / 2, (l.a[1] + l.b[1]) / 2];
  return da >= 0.5 * r && Math.abs(da - dist(l.b, c)) <= 0.05 * r && da - dist(mid, c) <= 0.05 * r;
}

/** ONE HEAD: heads with another right behind or in front of them on the same heading. */
function headsInARow(heads: readonly Arrowhead[]): Set<Arrowhead> {
  const index = new GridIndex<Arrowhead>(SHARED_LANDING_REACH);
  for (const h of heads) if (h.heading) index.insert([h.tip[0], h.tip[1], h.tip[0], h.tip[1]], h);
  const out = new Set<Arrowhead>();
  for (const h of heads) {
    if (!h.heading || h.length > SHARED_LANDING_REACH) continue;
    const base: Point = [h.tip[0] - h.heading[0] * h.length, h.tip[1] - h.heading[1] * h.length];
    for (const g of index.query([base[0], base[1], base[0], base[1]])) {
      if (g === h || dist(g.tip, base) > 0.35 * h.length || angleBetween(g.heading!, h.heading) > Math.PI / 9) continue;
      out.add(h).add(g);
    }
  }
  return out;
}

/**
 * ONE HEAD for a second head drawn open, which the page's heads do not list (its shaft runs
 * on through its apex): looked for at the base of a head that has made a leader, the only
 * place it matters, so the search costs a look-up per leader rather than per head.
 */
function openHeadBehind(scene: Scene, head: Arrowhead): boolean {
  if (!head.heading || head.length > SHARED_LANDING_REACH) return false;
  const base: Point = [head.tip[0] - head.heading[0] * head.length, head.tip[1] - head.heading[1] * head.length];
  return openHeadAt(scene, base, head.heading, head.length) !== null;
}

/** Cell of the end-point index a shaft is looked for in (points): a 5 pt head's reach spans 7 × 7 cells. */
const SHAFT_CELL = 2;
/** Beyond this reach (a head larger than lettering), the line grid around the head is asked instead. */
const SHAFT_REACH = 16;
/**
 * A HEAP IS NO JOIN, at a tip: line ends per square point of the cells looked at past which the
 * spot is a heap (a fill drawn as thousands of strokes), where no leader ends. The densest
 * plotted lettering (1.8 mm letters, ISO 3098's smallest) puts about one end on a square point;
 * three times that is no drawing a leader points into with its shaft ending there.
 */
const HEAP_ENDS_PER_PT2 = 3;
const shaftIndexes = new WeakMap<Scene, { lines: Line[]; index: EndpointIndex }>();

/**
 * Lines with an end within `within` of the tip: from an end-point index (the ends in the disc's
 * cells looked at), where the line grid's cell would list every hatch line crossing it (thousands on a
 * dense detail, for each of its thousands of heads). A heap gives none; a reach past
 * SHAFT_REACH (a head larger than lettering) asks the grid around the head.
 */
function linesNearTip(scene: Scene, tip: Point, within: number, headBox: BBox): Iterable<Line> {
  if (within <= SHAFT_REACH) {
    let shaft = shaftIndexes.get(scene);
    if (!shaft) {
      // TILED FILL: the sides of a fill's tiles are painted to close its seams, not drawn: no shaft is one.
      const tiles = fillTiles(scene);
      const lines = tiles.size ? scene.lines.filter((l) => !tiles.has(scene.subpaths[l.sub]!)) : scene.lines;
      shaftIndexes.set(scene, (shaft = { lines, index: new EndpointIndex(lines, SHAFT_CELL) }));
    }
    const { lines, index } = shaft;
    const out = new Set<Line>();
    const side = (2 * Math.ceil(within / SHAFT_CELL) + 1) * SHAFT_CELL;
    return index.around(tip, within, (i) => void out.add(lines[i]!), HEAP_ENDS_PER_PT2 * side * side) ? out : [];
  }
  return scene.lineIndex.query(expand(headBox, 1));
}

/** Lines that may leave the arrowhead, best first: they end at the tip (or inside the head) and run away from the heading. */
function shaftCandidates(scene: Scene, head: Arrowhead): { line: Line; far: Point }[] {
  // SHAFT AT THE BASE: the shaft may start at the head's base, a head length away from the tip.
  const reach = Math.max(2, head.length, head.bbox[2] - head.bbox[0], head.bbox[3] - head.bbox[1]);
  const found: { line: Line; far: Point; gap: number; len: number }[] = [];
  for (const l of linesNearTip(scene, head.tip, reach + 0.5, head.bbox)) {
    if (head.parts.has(l)) continue;
    for (let end = 0; end < 2; end++) {
      const near = end ? l.b : l.a;
      const far = end ? l.a : l.b;
      const gap = dist(near, head.tip);
      if (gap > reach + 0.5) continue;
      const len = dist(near, far);
      if (len < reach) continue;
      // The line continues behind the arrowhead: opposite to its heading, and in line with the tip
      // (hatching or a wall running past the head is parallel but offset).
      if (head.heading && angleBetween(sub(far, near), [-head.heading[0], -head.heading[1]]) > (20 * Math.PI) / 180)
        continue;
      if (head.heading && Math.abs(cross(sub(head.tip, near), sub(far, near))) / len > Math.max(0.6, 0.2 * reach))
        continue;
      found.push({ line: l, far, gap, len });
    }
  }
  // Nearest to the tip first; among equally near ones, the longest.
  return found.sort((a, b) => (Math.abs(a.gap - b.gap) > 0.1 ? a.gap - b.gap : b.len - a.len));
}

/** Lines with an end point within `within` (at most ENDPOINT_CELL) of p, other than `skip`; at most `limit` of them. */
function linesEndingAt(
  scene: Scene,
  p: Point,
  within: number,
  skip: ReadonlySet<Line> | null = null,
  limit = Infinity,
): Line[] {
  const out = new Set<Line>();
  endpointIndex(scene).near(p, within, (i) => {
    const l = scene.lines[i]!;
    if (skip?.has(l)) return false;
    out.add(l);
    return out.size >= limit;
  });
  return [...out];
}

/**
 * Arrow tips by cells of SHARED_LANDING_REACH, so a junction can tell which of its lines
 * lead on to another arrowhead (another leader of the same note).
 */
const SHARED_LANDING_REACH = 12;
const cellKey = (cx: number, cy: number) => cx * 1_000_003 + cy;
type TipIndex = Map<number, Point[]>;

function tipIndex(tips: readonly Point[]): TipIndex {
  const index: TipIndex = new Map();
  for (const t of tips) {
    const k = cellKey(Math.floor(t[0] / SHARED_LANDING_REACH), Math.floor(t[1] / SHARED_LANDING_REACH));
    const list = index.get(k);
    if (list) list.push(t);
    else index.set(k, [t]);
  }
  return index;
}

function nearTip(index: TipIndex, p: Point): boolean {
  const cx = Math.floor(p[0] / SHARED_LANDING_REACH);
  const cy = Math.floor(p[1] / SHARED_LANDING_REACH);
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const t of index.get(cellKey(cx + dx, cy + dy)) ?? []) if (dist(t, p) <= SHARED_LANDING_REACH) return true;
    }
  }
  return false;
}

/** Follows connected segments from `from` for up to `max` more segments, returning the chain's far end. */
function follow(
  scene: Scene,
  start: Line,
  from: Point,
  max: number,
  tips: TipIndex,
): { points: Point[]; used: Set<Line> } {
  const points: Point[] = [from];
  const used = new Set<Line>([start]);
  let cur = start.a === from ? start.b : start.a;
  points.push(cur);
  for (let i = 0; i < max; i++) {
    // Where two or more lines go on, the chain has branched: stop there, unless all but one
    // of them lead to other arrowheads (SHARED_LANDING). A handful is enough to know.
    let next = linesEndingAt(scene, cur, 0.5, used, 4);
    if (next.length > 1) next = next.filter((l) => !nearTip(tips, dist(l.a, cur) < 0.5 ? l.b : l.a));
    if (next.length !== 1) break;
    const l = next[0]!;
    used.add(l);
    cur = dist(l.a, cur) < 0.5 ? l.b : l.a;
    points.push(cur);
  }
  return { points, used };
}

/** Circles that hold a callout number, found by the centre of a text block. */
function bubbleAround(bubbles: GridIndex<Circle>, box: BBox): boolean {
  const c: Point = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  const size = Math.max(box[2] - box[0], box[3] - box[1]);
  for (const b of bubbles.query([c[0], c[1], c[0], c[1]])) {
    // CALLOUT BUBBLE: the number sits inside, and the circle is sized to it (not a column or a plan circle).
    if (dist(b.center, c) + size / 2 <= b.radius * 1.05 && b.radius <= 4 * Math.max(size, 1)) return true;
  }
  return false;
}

/** The leader whose shaft is `first`, when a note is found along it; null otherwise. */
function leaderAlong(
  scene: Scene,
  head: Arrowhead,
  first: { line: Line; far: Point },
  atTip: readonly Line[],
  ctx: { tips: TipIndex; bubbles: GridIndex<Circle>; headIndex: GridIndex<Arrowhead> },
): { chain: Point[]; block: { bbox: BBox; texts: TextRef[] }; stroked: boolean } | null {
  const near = dist(first.line.a, head.tip) < dist(first.line.b, head.tip) ? first.line.a : first.line.b;
  // A leader's arrow ends one line; where other long lines also meet at the tip (a drain's X, a junction) it is a symbol.
  const reach = Math.max(2, (head.bbox[2] - head.bbox[0] + head.bbox[3] - head.bbox[1]) / 2);
  const shaft = sub(first.far, near);
  const crossing = atTip.filter((l) => {
    if (l === first.line || head.parts.has(l) || dist(l.a, l.b) < 2 * reach) return false;
    // Lines ending exactly there: hatching that stops a little short of the tip is not a junction.
    const end = dist(l.a, head.tip) < 0.3 ? l.b : dist(l.b, head.tip) < 0.3 ? l.a : null;
    if (!end) return false;
    // A line straight on from the shaft is another arrow's shaft where two filled heads meet tip to
    // tip; two strokes and a line through the point are a cross (a drain), not an open arrowhead.
    const a = angleBetween(sub(end, head.tip), shaft);
    return a > (20 * Math.PI) / 180 && (head.kind === 'open' || a < (160 * Math.PI) / 180);
  });
  if (crossing.length >= 2) return null;
  const chain = follow(scene, first.line, near, 3, ctx.tips);
  // The note sits at the first point along the chain that has text beside it; lines past it are
  // something else that happens to touch (hatching, walls).
  const size = 12;
  let block: { bbox: BBox; texts: TextRef[] } | null = null;
  let upTo = 1;
  for (; upTo < chain.points.length && !block; upTo++) {
    const p = chain.points[upTo]!;
    block = textBlockNear(scene, [p[0], p[1], p[0], p[1]], 2 * size);
    if (block && !isNote(block.texts) && !bubbleAround(ctx.bubbles, block.bbox)) return null;
  }
  const stroked = !block;
  if (block) chain.points.length = upTo;
  else {
    // A stroke cluster stands in for the note where no text-layer run is near: on a page without a
    // text layer it is taken as lettering; on one with a text layer it is a candidate the reader
    // must read (REGION WITHOUT A TEXT LAYER), since there small strokes are as often symbols and hatch.
    const p = chain.points[chain.points.length - 1]!;
    block = strokedTextNear(scene, [p[0], p[1], p[0], p[1]], 2 * size, chain.used);
  }
  if (
    !block ||
    (block.bbox[0] <= head.tip[0] &&
      head.tip[0] <= block.bbox[2] &&
      block.bbox[1] <= head.tip[1] &&
      head.tip[1] <= block.bbox[3])
  )
    return null;
  const end = chain.points[chain.points.length - 1]!;
  // LONGER THAN ITS HEAD, measured from the tip; shorter strokes are parts of glyphs and symbols.
  let length = dist(head.tip, chain.points[0]!);
  for (let i = 1; i < chain.points.length; i++) length += dist(chain.points[i - 1]!, chain.points[i]!);
  if (length < Math.max(10, 1.2 * head.length)) return null;
  // An arrowhead at the other end too makes it a dimension line; the line may stop at that
  // head's base, one head length short of its tip (SHAFT AT THE BASE).
  for (const h of ctx.headIndex.query([end[0], end[1], end[0], end[1]]))
    if (h.tip !== head.tip && dist(h.tip, end) < Math.max(1.5, h.length + 0.5)) return null;
  return { chain: chain.points, block, stroked };
}

/** Long lines meeting at one point (the head's own strokes aside) beyond which it is a hub, not an arrow's tip. */
const HUB = 8;

/** `bubbles`: the page's circles, among which callout bubbles are looked for. */
export function findLeaders(
  scene: Scene,
  heads: readonly Arrowhead[],
  exclude: readonly BBox[],
  bubbles: readonly Circle[] = [],
): Leader[] {
  const tips = heads.map((h) => h.tip);
  const bubbleIndex = new GridIndex<Circle>(48);
  for (const b of bubbles)
    bubbleIndex.insert(
      [b.center[0] - b.radius, b.center[1] - b.radius, b.center[0] + b.radius, b.center[1] + b.radius],
      b,
    );
  // Heads by the reach of their tip (a head length and a half point), so the dimension test asks
  // the heads near a leader's far end, not every head of the page for every candidate.
  const headIndex = new GridIndex<Arrowhead>(24);
  for (const h of heads) {
    const r = Math.max(1.5, h.length + 0.5);
    headIndex.insert([h.tip[0] - r, h.tip[1] - r, h.tip[0] + r, h.tip[1] + r], h);
  }
  const ctx = { tips: tipIndex(tips), bubbles: bubbleIndex, headIndex };
  const filledTips = heads.filter((h) => h.kind !== 'open').map((h) => h.tip);
  const inARow = headsInARow(heads);
  const out: Leader[] = [];
  const seen: Arrowhead[] = [];
  for (const head of heads) {
    if (exclude.some((b) => head.tip[0] >= b[0] && head.tip[0] <= b[2] && head.tip[1] >= b[1] && head.tip[1] <= b[3]))
      continue;
    if (inARow.has(head) || circuitAtHead(scene, head)) continue;
    // An outlined filled head also reads as an open V; the filled reading is the better one.
    if (head.kind === 'open' && filledTips.some((t) => dist(t, head.tip) < 1)) continue;
    // The lines ending at the tip, found once per head. Where many meet (a hub of hatch or a
    // bolt pattern's construction lines), the point is a junction, not the end of a leader.
    const reach = Math.max(2, (head.bbox[2] - head.bbox[0] + head.bbox[3] - head.bbox[1]) / 2);
    const ending = linesEndingAt(scene, head.tip, 0.3, null, 8 * HUB);
    const atTip = ending.filter((l) => !head.parts.has(l) && dist(l.a, l.b) >= 2 * reach);
    if (ending.length >= 8 * HUB || atTip.length >= HUB) continue;
    let found: ReturnType<typeof leaderAlong> = null;
    for (const first of shaftCandidates(scene, head)) if ((found = leaderAlong(scene, head, first, atTip, ctx))) break;
    if (!found || openHeadBehind(scene, head) || labelAtHead(scene, head, ctx.bubbles)) continue;
    const { chain: points, block, stroked } = found;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    // One arrowhead can be seen twice (a filled triangle's edges also meet like an open head);
    // two arrows meeting tip to tip from opposite sides (a finish transition) are two leaders.
    if (
      seen.some(
        (s) =>
          dist(s.tip, head.tip) < 2 &&
          (!s.heading || !head.heading || angleBetween(s.heading, head.heading) < Math.PI / 4),
      )
    )
      continue;
    seen.push(head);
    out.push({
      arrowTip: head.tip,
      bbox: unionAll([head.bbox, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]]),
      textBbox: block.bbox,
      texts: block.texts,
      strokedNote: stroked && scene.hasTextLayer,
    });
  }
  return out;
}
