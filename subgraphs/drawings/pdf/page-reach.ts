// What of a page's geometry the detectors may see: every coordinate finite and within the page's
// reach. pdf.js hands coordinates over as they are written, through 32-bit floats: a line to
// 10^400 (a run of nines in a 671-byte file, found by the fuzz) arrives as ±Infinity or NaN, and a
// line to 10^33 as a finite number no sheet draws. The detectors index geometry in uniform grids
// (detect/scene.ts), whose work grows with a box's area in cells: an infinite box never ends and a
// 10^33 one does not end in the analysis's time limit; NaN passes every comparison a filter makes.
// So geometry is bounded here, once, where it leaves pdf.js:
// - PAGE SIZE: ISO 32000-1, Annex C.2 — a page is at most 14,400 units on a side (200 in at
//   72 units an inch; an A0 sheet is 3,370). A larger page is refused, naming the page.
// - REACH: a path or text run with a coordinate outside the page grown by its own size on every
//   side, or not finite, is left out: nothing that far from the sheet is drawn on it. A grid over
//   the reach holds at most 9 pages' worth of cells.
import { AppError } from '../../../core/errors.ts';
import type { BBox, PathGeom, TextRun } from '../../../core/geometry/types.ts';

/** ISO 32000-1, Annex C.2: the largest page side, in default user-space units. */
export const MAX_PAGE_UNITS = 14_400;

/** Refuses a page larger than the standard allows (or of no finite size). */
export function checkPageSize(width: number, height: number, page: number): void {
  if (Number.isFinite(width) && Number.isFinite(height) && width <= MAX_PAGE_UNITS && height <= MAX_PAGE_UNITS) return;
  throw new AppError(
    'UNPROCESSABLE',
    `page: page ${page} measures ${width} × ${height} units, over the ${MAX_PAGE_UNITS} units a side ISO 32000-1 (Annex C) allows`,
    {
      field: 'page',
      page,
      limit_value: MAX_PAGE_UNITS,
    },
  );
}

/** The page grown by its own size on every side. */
export function reachOf(width: number, height: number): BBox {
  return [-width, -height, 2 * width, 2 * height];
}

const inside = (reach: BBox, x: number, y: number) => x >= reach[0] && x <= reach[2] && y >= reach[1] && y <= reach[3];

/** A path is kept when its every point (and stroke width, dash) is finite and within reach. */
export function pathWithinReach(path: PathGeom, reach: BBox): boolean {
  if (!Number.isFinite(path.lineWidth) || path.dash?.some((d) => !Number.isFinite(d))) return false;
  const c = path.coords;
  for (let i = 0; i < c.length; i += 2) if (!inside(reach, c[i]!, c[i + 1]!)) return false;
  return true;
}

/** A text run is kept when its box and size are finite and within reach. */
export function textWithinReach(text: TextRun, reach: BBox): boolean {
  const [x1, y1, x2, y2] = text.bbox;
  return Number.isFinite(text.size) && Number.isFinite(text.angle) && inside(reach, x1, y1) && inside(reach, x2, y2);
}
