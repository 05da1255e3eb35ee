// The sheet's own frame. A CAD program may plot a sheet sideways and leave the
// PDF page unrotated (or rotate the page and not the drawing): the title block is
// then in another display corner. Drafting reads lettering from the bottom or the
// right of the sheet (ISO 3098, ASME Y14.2), so the direction most of the lettering
// reads gives the sheet's "right" and "down". In the frame the sheet reads normally
// and "bottom right" means what drafters mean by it.
import type { BBox, Point, TextRun } from '../../../core/geometry/types.ts';

export interface SheetFrame {
  /** Quarter turns (0-3) from display to frame. */
  turns: number;
  width: number;
  height: number;
  point(p: Point): Point;
  box(b: BBox): BBox;
  /** From frame back to display. */
  unbox(b: BBox): BBox;
  /** Whether a run reads along the frame (not a vertical note in the margin). */
  reads(angle: number): boolean;
}

const quarter = (angle: number) => ((Math.round(angle / (Math.PI / 2)) % 4) + 4) % 4;

export function sheetFrame(
  texts: readonly Pick<TextRun, 'str' | 'angle'>[],
  width: number,
  height: number,
): SheetFrame {
  const votes = [0, 0, 0, 0];
  for (const t of texts) votes[quarter(t.angle)]! += t.str.trim().length;
  const turns = votes.indexOf(Math.max(...votes));
  // Rotate by -turns quarter turns about the origin, then shift back into the positive quadrant.
  const fw = turns % 2 ? height : width;
  const fh = turns % 2 ? width : height;
  const point = (p: Point): Point => {
    const [x, y] = p;
    switch (turns) {
      case 1:
        return [y, width - x];
      case 2:
        return [width - x, height - y];
      case 3:
        return [height - y, x];
      default:
        return [x, y];
    }
  };
  const back = (p: Point): Point => {
    const [u, v] = p;
    switch (turns) {
      case 1:
        return [width - v, u];
      case 2:
        return [width - u, height - v];
      case 3:
        return [v, height - u];
      default:
        return [u, v];
    }
  };
  const via =
    (f: (p: Point) => Point) =>
    (b: BBox): BBox => {
      const a = f([b[0], b[1]]);
      const c = f([b[2], b[3]]);
      return [Math.min(a[0], c[0]), Math.min(a[1], c[1]), Math.max(a[0], c[0]), Math.max(a[1], c[1])];
    };
  return {
    turns,
    width: fw,
    height: fh,
    point,
    box: via(point),
    unbox: via(back),
    reads: (angle) => quarter(angle) === turns,
  };
}
