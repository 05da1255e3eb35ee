// Rule title-block-unruled-column: some offices letter the title block as a column along the
// frame's right edge with no rule around it or between it and the drawing (the NCS strip's place,
// drawn without its lines). Where no ruled box, stack of field rules or border block holds the
// sheet's lettering, the block is that column when the drawing stops short of it: from the left
// edge of the lettering aligned with the title to the frame's right side, over the frame's height,
// with no line of the drawing and no lettering of it reaching in.
import type { BBox, PathGeom } from '../../../core/geometry/types.ts';
import type { SheetFrame } from './frame.ts';
import type { Lettering } from './lettering.ts';

/** The column starts in the right quarter of the frame (as the outer band of number.ts). */
const BAND = 0.72;
/** A path covering this share of the frame both ways is the frame itself. */
const FRAME_SHARE = 0.9;

/** In the sheet's frame: the column, or null. `border` is the sheet's frame line, in the sheet's frame. */
export function unruledColumn(
  anchor: BBox,
  lines: readonly Lettering[],
  paths: readonly PathGeom[],
  frame: SheetFrame,
  border: BBox,
): BBox | null {
  const [x1, y1, x2, y2] = border;
  if (anchor[0] < x1 + BAND * (x2 - x1)) return null;
  // The column's lettering is aligned with the title or set in from it, never further out than a
  // line of the title's own height.
  const depth = anchor[3] - anchor[1];
  const column = lines.filter((l) => l.box[0] >= anchor[0] - depth && l.box[2] <= x2);
  if (!column.length) return null;
  const left = Math.min(...column.map((l) => l.box[0]));
  // Lettering of the drawing running into the column: the column is not clear.
  if (lines.some((l) => l.box[0] < left && l.box[2] > left && l.box[1] < y2 && l.box[3] > y1)) return null;
  for (const p of paths) {
    const b = frame.box(p.bbox);
    const isFrame = b[2] - b[0] >= FRAME_SHARE * (x2 - x1) && b[3] - b[1] >= FRAME_SHARE * (y2 - y1);
    if (!isFrame && b[2] > left && b[0] < x2 && b[3] > y1 && b[1] < y2) return null;
  }
  return [left, y1, x2, y2];
}
