// Rule tag-symbol: a pair of lines read as a section/detail tag from the text layer stands in the
// symbol the conventions draw (NCS Uniform Drawing System, symbols; Canada's National CADD
// Standard, Annex B 2.4): a circle split by a horizontal bar, the view id above the bar and the
// sheet number below it. The pair is a tag only when the page's geometry holds both:
//   - the bar: a straight segment along the lettering's reading direction, between the two lines,
//     reaching across the wider of them (the bar is the circle's diameter, and the lettering sits
//     inside the circle);
//   - the circle: points of the page's paths (vertices, and points along curves) at the bar's
//     half-length from its middle, at least three on each side of the bar, well off it.
// A schedule's cells hold a number over a sheet number with a rule between them too, but a cell is
// a rectangle: its corners are two a side, and they are farther from the rule's middle than its
// half-length. Nothing is fitted to a sample: the symbol is the convention's.
//
// Linear: the page's paths are walked once; each point or segment is looked up in a grid of the
// candidate pairs' neighbourhoods, and a neighbourhood keeps a bounded number of points.
import type { BBox, PageGeometry, Point } from '../../../../core/geometry/types.ts';
import { CLOSE, CURVE, LINE, MOVE } from '../../../../core/geometry/types.ts';
import { readingFrame, type TextLine } from '../text-lines.ts';

export interface TagCandidate {
  view: TextLine;
  sheet: TextLine;
}

/** Lines read the same way when their directions differ by under 5° (tan 5° ≈ 0.09): so does the bar. */
const ALONG = 0.09;
/** A circle point lies within 12% of the bar's half-length from its middle (a polygon of 8 sides is within 8%). */
const ON_CIRCLE = 0.12;
/** Points at least half a radius off the bar count as above or below it (30° and more from the bar). */
const OFF_BAR = 0.5;
/** Points on each side of the bar: a rectangle's corners are two a side, a drawn circle gives more. */
const PER_SIDE = 3;
/** A neighbourhood keeps this many points at most (a hatch under a tag cannot make the test quadratic). */
const MAX_POINTS = 600;
/** Grid cell of the neighbourhood index, in points. */
const CELL = 64;
/** A tag is a few centimetres across at most (NCS: a 1/2" to 1" circle at plotted size): a longer segment is a border or a grid line, not a bar. */
const MAX_BAR = 200;

interface Region {
  box: BBox;
  points: Point[];
  segments: [Point, Point][];
}

/** The candidates whose symbol the page's geometry draws, in their order. */
export function withSymbol<T extends TagCandidate>(candidates: readonly T[], paths: PageGeometry['paths']): T[] {
  if (!candidates.length) return [];
  const regions = candidates.map((c) => ({ box: neighbourhood(c), points: [], segments: [] }) as Region);
  const index = new Map<string, Region[]>();
  for (const r of regions) for (const k of cellsOf(r.box)) index.set(k, [...(index.get(k) ?? []), r]);
  collect(paths, index);
  return candidates.filter((c, i) => drawsSymbol(c, regions[i]!));
}

/** The pair's box grown by its own size on every side: the circle around it lies within. */
function neighbourhood({ view, sheet }: TagCandidate): BBox {
  const x1 = Math.min(view.bbox[0], sheet.bbox[0]);
  const y1 = Math.min(view.bbox[1], sheet.bbox[1]);
  const x2 = Math.max(view.bbox[2], sheet.bbox[2]);
  const y2 = Math.max(view.bbox[3], sheet.bbox[3]);
  const grow = Math.max(x2 - x1, y2 - y1);
  return [x1 - grow, y1 - grow, x2 + grow, y2 + grow];
}

function* cellsOf(b: BBox): Generator<string> {
  for (let x = Math.floor(b[0] / CELL); x <= Math.floor(b[2] / CELL); x++)
    for (let y = Math.floor(b[1] / CELL); y <= Math.floor(b[3] / CELL); y++) yield `${x},${y}`;
}

const inBox = (b: BBox, [x, y]: Point) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];

function collect(paths: PageGeometry['paths'], index: Map<string, Region[]>): void {
  const addPoint = (p: Point) => {
    for (const r of index.get(`${Math.floor(p[0] / CELL)},${Math.floor(p[1] / CELL)}`) ?? [])
      if (r.points.length < MAX_POINTS && inBox(r.box, p)) r.points.push(p);
  };
  const addSegment = (a: Point, b: Point) => {
    const box: BBox = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
    if (box[2] - box[0] > MAX_BAR || box[3] - box[1] > MAX_BAR) return;
    const seen = new Set<Region>();
    for (const k of cellsOf(box)) {
      for (const r of index.get(k) ?? []) {
        if (seen.has(r) || r.segments.length >= MAX_POINTS) continue;
        seen.add(r);
        if (box[0] <= r.box[2] && box[2] >= r.box[0] && box[1] <= r.box[3] && box[3] >= r.box[1])
          r.segments.push([a, b]);
      }
    }
  };
  for (const path of paths) {
    if (!touches(path.bbox, index)) continue;
    const { ops, coords } = path;
    let i = 0;
    let start: Point = [0, 0];
    let at: Point = [0, 0];
    for (const op of ops) {
      if (op === MOVE) {
        at = start = [coords[i]!, coords[i + 1]!];
        addPoint(at);
        i += 2;
      } else if (op === LINE) {
        const to: Point = [coords[i]!, coords[i + 1]!];
        addSegment(at, to);
        addPoint(to);
        at = to;
        i += 2;
      } else if (op === CURVE) {
        const c1: Point = [coords[i]!, coords[i + 1]!];
        const c2: Point = [coords[i + 2]!, coords[i + 3]!];
        const to: Point = [coords[i + 4]!, coords[i + 5]!];
        // Points along the curve (a quarter circle as one cubic gives one every 22.5°).
        for (const t of [0.25, 0.5, 0.75]) addPoint(cubic(at, c1, c2, to, t));
        addPoint(to);
        at = to;
        i += 6;
      } else if (op === CLOSE) {
        addSegment(at, start);
        at = start;
      }
    }
  }
}

/** Whether a path's box reaches a cell of the index (a path far from every candidate is skipped whole). */
function touches(b: BBox, index: Map<string, Region[]>): boolean {
  const cols = Math.floor(b[2] / CELL) - Math.floor(b[0] / CELL) + 1;
  const rows = Math.floor(b[3] / CELL) - Math.floor(b[1] / CELL) + 1;
  // A path spanning many cells is walked point by point (cheaper than listing its cells).
  if (cols * rows > 64) return true;
  for (const k of cellsOf(b)) if (index.has(k)) return true;
  return false;
}

function cubic(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const a = u * u * u,
    b = 3 * u * u * t,
    c = 3 * u * t * t,
    d = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
}

/** The bar between the pair and the circle around it, in the lettering's own frame (readingFrame's rotation). */
function drawsSymbol({ view, sheet }: TagCandidate, region: Region): boolean {
  const angle = sheet.angle;
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const frame = ([x, y]: Point): Point => [x * cos - y * sin, x * sin + y * cos];
  const v = readingFrame(view.bbox, angle);
  const s = readingFrame(sheet.bbox, angle);
  const [upper, lower] = v.top <= s.top ? [v, s] : [s, v];
  const yFrom = (upper.top + upper.bottom) / 2;
  const yTo = (lower.top + lower.bottom) / 2;
  const centre = (s.x1 + s.x2) / 2;
  const halfWidth = Math.max(v.x2 - v.x1, s.x2 - s.x1) / 2;
  const points = region.points.map(frame);
  for (const [a, b] of region.segments) {
    const [p, q] = [frame(a), frame(b)];
    const dx = Math.abs(q[0] - p[0]);
    if (Math.abs(q[1] - p[1]) > ALONG * dx) continue;
    const y = (p[1] + q[1]) / 2;
    if (y <= yFrom || y >= yTo) continue;
    const x1 = Math.min(p[0], q[0]);
    const x2 = Math.max(p[0], q[0]);
    // The bar reaches across the wider line, centred on the sheet number (within a fifth of its width).
    if (x1 > centre - 0.8 * halfWidth || x2 < centre + 0.8 * halfWidth) continue;
    const mid: Point = [(x1 + x2) / 2, y];
    const r = (x2 - x1) / 2;
    if (Math.abs(mid[0] - centre) > 0.2 * r + 0.2 * halfWidth) continue;
    if (onCircle(points, mid, r, -1) >= PER_SIDE && onCircle(points, mid, r, 1) >= PER_SIDE) return true;
  }
  return false;
}

/** Distinct points on the circle (centre, r) well off the bar, on one side of it (-1 above, 1 below). */
function onCircle(points: readonly Point[], [cx, cy]: Point, r: number, side: -1 | 1): number {
  const seen = new Set<string>();
  for (const [x, y] of points) {
    if (side * (y - cy) < OFF_BAR * r) continue;
    if (Math.abs(Math.hypot(x - cx, y - cy) - r) > ON_CIRCLE * r) continue;
    seen.add(`${Math.round((x - cx) / (0.05 * r))},${Math.round((y - cy) / (0.05 * r))}`);
  }
  return seen.size;
}
