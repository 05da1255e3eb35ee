// The straight, axis-aligned strokes of a page in the sheet's frame, merged per
// coordinate: what title blocks are ruled with. Linear in the page's segments.
import { CLOSE, CURVE, LINE, MOVE, type PathGeom, type Point } from '../../../core/geometry/types.ts';
import type { SheetFrame } from './frame.ts';

/** Merged intervals of the lines at one coordinate (rounded to 1 pt), sorted. */
export type Rulings = Map<number, [number, number][]>;

export interface PageRulings {
  horizontal: Rulings;
  vertical: Rulings;
}

/** Segments shorter than this are lettering or hatch, not ruling. */
const MIN_LENGTH = 6;
/** Largest slope of a line still read as ruled along an axis. */
const STRAIGHT = 0.002;
/** A filled path this thin (points) is a line drawn as a polygon. */
const SLIVER = 1.5;

export function pageRulings(paths: readonly PathGeom[], frame: SheetFrame): PageRulings {
  const horizontal: Rulings = new Map();
  const vertical: Rulings = new Map();
  const add = (a: Point, b: Point) => {
    const p = frame.point(a);
    const q = frame.point(b);
    const dx = Math.abs(p[0] - q[0]);
    const dy = Math.abs(p[1] - q[1]);
    // Axis-aligned within half a point, or within 1/500 (a line plotted through rounded coordinates).
    if (dy <= Math.max(0.5, STRAIGHT * dx) && dx >= MIN_LENGTH)
      push(horizontal, (p[1] + q[1]) / 2, Math.min(p[0], q[0]), Math.max(p[0], q[0]));
    else if (dx <= Math.max(0.5, STRAIGHT * dy) && dy >= MIN_LENGTH)
      push(vertical, (p[0] + q[0]) / 2, Math.min(p[1], q[1]), Math.max(p[1], q[1]));
  };
  for (const path of paths) {
    if (!path.stroke && !path.fill) continue;
    // A line plotted as a filled sliver (PDF converters draw strokes as thin filled polygons) rules along its length.
    const [x1, y1, x2, y2] = path.bbox;
    if (path.fill && !path.stroke && Math.min(x2 - x1, y2 - y1) <= SLIVER && Math.max(x2 - x1, y2 - y1) >= MIN_LENGTH) {
      if (x2 - x1 > y2 - y1) add([x1, (y1 + y2) / 2], [x2, (y1 + y2) / 2]);
      else add([(x1 + x2) / 2, y1], [(x1 + x2) / 2, y2]);
      continue;
    }
    let i = 0;
    let start: Point | null = null;
    let at: Point | null = null;
    for (const op of path.ops) {
      if (op === MOVE) {
        at = start = [path.coords[i]!, path.coords[i + 1]!];
        i += 2;
      } else if (op === LINE) {
        const next: Point = [path.coords[i]!, path.coords[i + 1]!];
        if (at) add(at, next);
        at = next;
        i += 2;
      } else if (op === CURVE) {
        at = [path.coords[i + 4]!, path.coords[i + 5]!];
        i += 6;
      } else if (op === CLOSE) {
        if (at && start) add(at, start);
        at = start;
      }
    }
  }
  for (const m of [horizontal, vertical]) for (const [k, v] of m) m.set(k, merge(v));
  return { horizontal: withoutHatching(horizontal), vertical: withoutHatching(vertical) };
}

/**
 * Rule hatching-is-no-ruling: section lining (ISO 128-50) is a run of parallel lines closer than
 * any title-block field is deep. A field holds lettering at least 2.5 mm high (ISO 3098 and ISO 7200's
 * smallest), so two rules closer than FIELD_DEEP have no field between them; a line with such a
 * parallel over most of its length on both sides is hatching, and rules no box (a hatched band
 * crossing the sheet would otherwise close a box with the block's own rules). A line drawn twice
 * (within DOUBLED, one rule for `coverage`) is not a neighbour.
 */
const FIELD_DEEP = 7;
const DOUBLED = 2;

function withoutHatching(m: Rulings): Rulings {
  const overlapped = (k: number, [a, b]: [number, number]) =>
    (m.get(k) ?? []).some(([c, d]) => Math.min(b, d) - Math.max(a, c) >= 0.9 * (b - a));
  const sideHas = (k: number, span: [number, number], dir: 1 | -1) => {
    for (let d = DOUBLED + 1; d <= FIELD_DEEP; d++) if (overlapped(k + dir * d, span)) return true;
    return false;
  };
  const out: Rulings = new Map();
  for (const [k, spans] of m) {
    const kept = spans.filter((span) => !(sideHas(k, span, 1) && sideHas(k, span, -1)));
    if (kept.length) out.set(k, kept);
  }
  return out;
}

function push(m: Rulings, at: number, lo: number, hi: number) {
  const k = Math.round(at);
  const list = m.get(k);
  if (list) list.push([lo, hi]);
  else m.set(k, [[lo, hi]]);
}

function merge(spans: [number, number][]): [number, number][] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    // Dashed or broken rulings (a cell edge drawn in pieces) still rule: gaps under 3 pt are closed.
    if (last && s[0] <= last[1] + 3) last[1] = Math.max(last[1], s[1]);
    else out.push([s[0], s[1]]);
  }
  return out;
}

/** Share of [from, to] that the rulings at `at` (±2 pt, for double and offset lines) cover. */
export function coverage(m: Rulings, at: number, from: number, to: number): number {
  if (to <= from) return 0;
  const pieces: [number, number][] = [];
  for (let k = Math.round(at) - 2; k <= Math.round(at) + 2; k++)
    for (const [a, b] of m.get(k) ?? []) if (b > from && a < to) pieces.push([Math.max(a, from), Math.min(b, to)]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of pieces.sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total / (to - from);
}
