// Rule title-block-border (the geometric fallback, Tier 1's first rule): where no ruled box holds
// the sheet's number (identity/titleblock.ts), the sheet border itself says where the block is. A
// sheet frames everything in a border (NCS, ISO 5457); the title block is a right-hand column or a
// bottom strip cut off by a line running the full border with cell edges starting from it into the
// block (a grid line crossing the drawing has none), or else a stamp in the bottom-right corner
// (ISO 7200, DIN, Tekla), found in the sheet's own frame. Works without a text layer.
import type { BBox, Point } from '../../../core/geometry/types.ts';
import { area, containsBox } from '../../../core/geometry/bbox.ts';
import { dist } from '../../../core/geometry/vec.ts';
import type { Scene } from '../detect/scene.ts';
import type { SheetFrame } from './frame.ts';

/** Axis-aligned rectangles drawn as one closed subpath. */
function rectangles(scene: Scene): BBox[] {
  const out: BBox[] = [];
  for (const sp of scene.subpaths) {
    if (sp.segs.length < 3 || sp.segs.length > 5 || sp.segs.some((s) => s.kind === 'curve')) continue;
    const axis = sp.segs.every((s) => Math.abs(s.a[0] - s.b[0]) < 0.5 || Math.abs(s.a[1] - s.b[1]) < 0.5);
    if (axis && (sp.closed || dist(sp.points[0]!, sp.points[sp.points.length - 1]!) < 0.5)) out.push(sp.bbox);
  }
  return out;
}

const axisCache = new WeakMap<Scene, Map<boolean, Map<number, [number, number][]>>>();

/** Axis-aligned line intervals, grouped by the coordinate they run along (to the nearest point); computed once per scene. */
function axisLines(scene: Scene, vertical: boolean): Map<number, [number, number][]> {
  let perScene = axisCache.get(scene);
  if (!perScene) axisCache.set(scene, (perScene = new Map()));
  const cached = perScene.get(vertical);
  if (cached) return cached;
  const out = new Map<number, [number, number][]>();
  perScene.set(vertical, out);
  for (const l of scene.lines) {
    const along = vertical ? Math.abs(l.a[0] - l.b[0]) < 0.5 : Math.abs(l.a[1] - l.b[1]) < 0.5;
    if (!along) continue;
    const at = Math.round(vertical ? l.a[0] : l.a[1]);
    const lo = Math.min(vertical ? l.a[1] : l.a[0], vertical ? l.b[1] : l.b[0]);
    const hi = Math.max(vertical ? l.a[1] : l.a[0], vertical ? l.b[1] : l.b[0]);
    if (hi - lo < 1) continue;
    const list = out.get(at) ?? [];
    list.push([lo, hi]);
    out.set(at, list);
  }
  return out;
}

/** Length of the union of intervals, clipped to [from, to]. */
function covered(intervals: [number, number][], from: number, to: number): number {
  const sorted = intervals
    .map(([a, b]): [number, number] => [Math.max(a, from), Math.min(b, to)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of sorted) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** Coordinates (±1 pt) at which lines cover a share of the span from `from` to `to`. */
function fullLines(groups: Map<number, [number, number][]>, from: number, to: number, share: number): number[] {
  const out: number[] = [];
  const need = share * (to - from);
  const total = (at: number) => (groups.get(at) ?? []).reduce((s, [a, b]) => s + b - a, 0);
  for (const at of groups.keys()) {
    // Cheap bound first: the union cannot exceed the sum of lengths.
    if (total(at - 1) + total(at) + total(at + 1) < need) continue;
    const intervals = [...(groups.get(at - 1) ?? []), ...groups.get(at)!, ...(groups.get(at + 1) ?? [])];
    if (covered(intervals, from, to) >= need) out.push(at);
  }
  return out;
}

/** Where pieces of a line starting at `from` reach without a gap (of more than 2 pt). */
function reach(pieces: [number, number][], from: number): number {
  let end = from;
  for (const [a, b] of [...pieces].sort((p, q) => p[0] - q[0])) if (a <= end + 2) end = Math.max(end, b);
  return end;
}

/** Whether a line across (at `at` ± 1 pt) passes through the point `along` on it. */
function meetsRule(across: Map<number, [number, number][]>, at: number, along: number): boolean {
  for (const k of [Math.round(at) - 1, Math.round(at), Math.round(at) + 1])
    if ((across.get(k) ?? []).some(([a, b]) => a <= along + 2 && b >= along - 2)) return true;
  return false;
}

/** The dividers but the one at `at` (±1 pt). */
const without = (dividers: Map<number, [number, number][]>, at: number) =>
  new Map([...dividers].filter(([k]) => Math.abs(k - at) > 1));

const borderCache = new WeakMap<Scene, BBox>();

/** The sheet border: the largest frame covering most of the page, drawn as one rectangle or as separate lines (OPEN SIDE); else the page. Computed once per scene. */
export function findBorder(scene: Scene): BBox {
  let border = borderCache.get(scene);
  if (!border) borderCache.set(scene, (border = borderOf(scene)));
  return [...border] as BBox;
}

function borderOf(scene: Scene): BBox {
  const page = scene.width * scene.height;
  const frames = rectangles(scene).filter((r) => area(r) > 0.5 * page && area(r) < 0.999 * page);
  const rows = fullLines(axisLines(scene, false), 0, scene.width, 0.7).filter((y) => y > 1 && y < scene.height - 1);
  const cols = fullLines(axisLines(scene, true), 0, scene.height, 0.7).filter((x) => x > 1 && x < scene.width - 1);
  if (rows.length >= 2 && cols.length >= 2) {
    // OPEN SIDE: a border drawn without one of its lines (a sheet cut off at its edge) still
    // ends where its other lines end, so the outermost rows and columns give its extent too.
    const h = axisLines(scene, false);
    const v = axisLines(scene, true);
    const ends = (groups: Map<number, [number, number][]>, at: number) =>
      [at - 1, at, at + 1].flatMap((k) => groups.get(k) ?? []).flat();
    const xs = [...cols, ...ends(h, Math.min(...rows)), ...ends(h, Math.max(...rows))];
    const ys = [...rows, ...ends(v, Math.min(...cols)), ...ends(v, Math.max(...cols))];
    const frame: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    if (area(frame) > 0.5 * page) frames.push(frame);
  }
  if (frames.length) return frames.reduce((a, b) => (area(a) >= area(b) ? a : b));
  return [0, 0, scene.width, scene.height];
}

/** Distinct lines of text in a box (runs whose baselines differ by more than half their size). */
function lineCount(texts: readonly BBox[], sizes: readonly number[]): number {
  const order = texts.map((b, i) => ({ y: b[3], size: sizes[i]! })).sort((a, b) => a.y - b.y);
  let n = 0;
  let last = -Infinity;
  for (const t of order) {
    if (t.y - last > 0.5 * t.size) n++;
    last = t.y;
  }
  return n;
}

/**
 * A notes panel stacked on the stamp: one cell taller than the whole stamp below it
 * that holds a paragraph (more lines than a title-block field and its label).
 */
const NOTES_LINES = 6;

/**
 * The stamp in the sheet's bottom-right corner (ISO 7200 / Tekla style), found in
 * the sheet's frame: a left edge standing on the border's bottom, and above it the
 * rows ruled across the stamp's width. Climbing the rows from the corner, the stamp
 * ends where its left edge ends or at a notes panel (NOTES_LINES).
 */
function stampInFrame(scene: Scene, border: BBox, frame: SheetFrame): BBox | null {
  const [x1, y1, x2, y2] = frame.box(border);
  const W = x2 - x1;
  const H = y2 - y1;
  const h = new Map<number, [number, number][]>();
  const v = new Map<number, [number, number][]>();
  for (const l of scene.lines) {
    const a = frame.point(l.a);
    const b = frame.point(l.b);
    const horizontal = Math.abs(a[1] - b[1]) < 0.5;
    if (!horizontal && Math.abs(a[0] - b[0]) >= 0.5) continue;
    const at = Math.round(horizontal ? a[1] : a[0]);
    const span: [number, number] = horizontal
      ? [Math.min(a[0], b[0]), Math.max(a[0], b[0])]
      : [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
    if (span[1] - span[0] < 1) continue;
    const groups = horizontal ? h : v;
    const list = groups.get(at) ?? [];
    list.push(span);
    groups.set(at, list);
  }
  const texts = scene.texts.filter((t) => frame.reads(t.angle)).map((t) => ({ b: frame.box(t.bbox), size: t.size }));
  // Sheets often have a double border: the stamp stands on the inner line, a fraction of a percent inside.
  const tol = 0.01 * Math.min(W, H);
  let best: BBox | null = null;
  for (const [x, spans] of v) {
    if (x < x1 + 0.5 * W || x > x2 - 0.03 * W) continue;
    const near = [...(v.get(x - 1) ?? []), ...spans, ...(v.get(x + 1) ?? [])];
    // The left edge: the run of (possibly broken) lines reaching down to the border.
    const reaching = near.filter(([, b]) => b > y2 - tol);
    if (!reaching.length) continue;
    let top = Math.min(...reaching.map(([a]) => a));
    for (let grown = true; grown;) {
      grown = false;
      for (const [a, b] of near) {
        if (a < top - 0.5 && b >= top - 2) {
          top = a;
          grown = true;
        }
      }
    }
    if (y2 - top < 0.05 * H) continue;
    const rows = [...h.entries()]
      .filter(([y]) => y >= top - 2 && y < y2 - tol)
      .filter(
        ([y]) =>
          covered([...(h.get(y - 1) ?? []), ...h.get(y)!, ...(h.get(y + 1) ?? [])], x, x2 - tol) > 0.9 * (x2 - tol - x),
      )
      .map(([y]) => y)
      .sort((a, b) => b - a);
    let stampTop = y2;
    for (const y of rows) {
      if (stampTop - y < 2) continue;
      const cell = texts.filter(
        (t) => t.b[1] >= y - 1 && t.b[3] <= stampTop + 1 && t.b[0] >= x - 1 && t.b[2] <= x2 + 1,
      );
      const tallest = stampTop - y > y2 - stampTop && stampTop < y2;
      if (
        tallest &&
        lineCount(
          cell.map((t) => t.b),
          cell.map((t) => t.size),
        ) > NOTES_LINES
      )
        break;
      stampTop = y;
    }
    const box: BBox = [x, stampTop, x2, y2];
    const w = x2 - x;
    if (w < 0.04 * W || w > 0.6 * W || y2 - stampTop < 0.05 * H) continue;
    if (scene.hasTextLayer && texts.filter((t) => containsBox(box, t.b, 1)).length < 3) continue;
    if (!best || area(box) > area(best)) best = box;
  }
  return best && frame.unbox(best);
}

/** The block the border's geometry gives, with the drawing area beside it; null when none. */
export function borderBlock(scene: Scene, frame: SheetFrame): { bounds: BBox; viewport: BBox; rule: string } | null {
  const border = findBorder(scene);
  const [x1, y1, x2, y2] = border;
  const W = x2 - x1;
  const H = y2 - y1;
  let bounds: BBox | null = null;
  let viewport: BBox | null = null;
  let rule = 'border-stamp';
  // A line (or a row of cell edges) across the whole border cuts the title block off, and cell
  // edges start from it into the block; a grid line crossing the drawing has none.
  const h = axisLines(scene, false);
  const v = axisLines(scene, true);
  // A title block is a table: a cell edge runs from the dividing line to the border, or to a row
  // rule of the block that it meets (a field row cut off above the border, as a copyright line),
  // at least half-way down (possibly in pieces).
  const cellEdges = (
    groups: Map<number, [number, number][]>,
    across: Map<number, [number, number][]>,
    from: number,
    to: number,
    lo: number,
    hi: number,
    otherDividers: Map<number, [number, number][]>,
  ) => {
    let n = 0;
    for (const [at, spans] of groups) {
      if (at <= lo || at >= hi) continue;
      const pieces = spans.filter(([a, b]) => a > from - 2 && b < to + 2);
      if (!pieces.some(([a]) => Math.abs(a - from) < 2)) continue;
      const end = reach(pieces, from);
      if (end - from <= 0.9 * (to - from) && meetsRule(otherDividers, end, at)) continue;
      if (end - from > 0.9 * (to - from) || (end - from >= 0.5 * (to - from) && meetsRule(across, end, at))) n++;
    }
    return n;
  };
  // OUTERMOST DIVIDER: an edge ending on another line across the whole border ends on that line,
  // not on a rule of this block: the lines are dividers of the drawing area (a grid of details),
  // and the block is the column or strip beyond the last of them, against the border.
  const dividers = (groups: Map<number, [number, number][]>, from: number, to: number) =>
    new Map(fullLines(groups, from, to, 0.8).map((at) => [at, [[from, to]] as [number, number][]]));
  const vDividers = dividers(v, y1, y2);
  const hDividers = dividers(h, x1, x2);
  const columns = [...vDividers.keys()].filter(
    (x) => x > x1 + 0.6 * W && x < x2 - 0.03 * W && cellEdges(h, v, x, x2, y1 + 1, y2 - 1, without(vDividers, x)) >= 2,
  );
  const strips = [...hDividers.keys()].filter(
    (y) => y > y1 + 0.6 * H && y < y2 - 0.03 * H && cellEdges(v, h, y, y2, x1 + 1, x2 - 1, without(hDividers, y)) >= 2,
  );
  if (columns.length) {
    const x = Math.min(...columns);
    bounds = [x, y1, x2, y2];
    viewport = [x1, y1, x, y2];
    rule = 'border-column';
  } else if (strips.length) {
    const y = Math.min(...strips);
    bounds = [x1, y, x2, y2];
    viewport = [x1, y1, x2, y];
    rule = 'border-strip';
  } else {
    // A stamp: the largest rectangle in the bottom-right corner that holds text.
    const corner: Point = [x2, y2];
    const stamps = rectangles(scene).filter((r) => {
      const w = r[2] - r[0];
      const h = r[3] - r[1];
      return (
        dist([r[2], r[3]], corner) < 0.03 * W &&
        w > 0.1 * W &&
        w < 0.6 * W &&
        h > 0.06 * H &&
        h < 0.6 * H &&
        scene.texts.some((t) => containsBox(r, t.bbox))
      );
    });
    // Else a stamp drawn as separate lines, in the sheet's own frame.
    bounds = stamps.length ? stamps.reduce((a, b) => (area(a) >= area(b) ? a : b)) : stampInFrame(scene, border, frame);
    viewport = border;
  }
  if (!bounds || !viewport) return null;
  return { bounds, viewport, rule };
}

/**
 * The drawing area beside a title block: a block spanning the border's height (a right-hand
 * column) leaves the area to its left, one spanning its width (a bottom strip) the area above;
 * a stamp in the corner leaves the whole border.
 */
export function viewportBeside(border: BBox, bounds: BBox | null): BBox {
  if (!bounds) return border;
  const [x1, y1, x2, y2] = border;
  const tol = 0.02 * Math.min(x2 - x1, y2 - y1);
  const fullHeight = bounds[1] <= y1 + tol && bounds[3] >= y2 - tol;
  const fullWidth = bounds[0] <= x1 + tol && bounds[2] >= x2 - tol;
  if (fullHeight && !fullWidth && bounds[0] > (x1 + x2) / 2) return [x1, y1, bounds[0], y2];
  if (fullHeight && !fullWidth && bounds[2] < (x1 + x2) / 2) return [bounds[2], y1, x2, y2];
  if (fullWidth && !fullHeight && bounds[1] > (y1 + y2) / 2) return [x1, y1, x2, bounds[1]];
  if (fullWidth && !fullHeight && bounds[3] < (y1 + y2) / 2) return [x1, bounds[3], x2, y2];
  return border;
}
