// pdf.js text items → runs with display-space boxes. An item's transform is
// the text matrix with the font size folded in, in PDF user space; its width
// is the advance along the baseline. Boxes run from the baseline up one font
// height (descenders are not included).
import { apply, multiply, type Matrix } from '../geometry/matrix.ts';
import type { BBox, TextRun } from '../geometry/types.ts';

export interface RawTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/**
 * @example
 * textRuns((await page.getTextContent()).items, page.getViewport({ scale: 1 }).transform)
 */
export function textRuns(items: readonly unknown[], viewportTransform: ArrayLike<number>): TextRun[] {
  const vt = Array.from(viewportTransform) as Matrix;
  const runs: TextRun[] = [];
  for (const raw of items) {
    const item = raw as Partial<RawTextItem>;
    if (typeof item.str !== 'string' || !item.transform || !item.str.trim()) continue;
    const m = multiply(vt, item.transform);
    const along = Math.hypot(item.transform[0]!, item.transform[1]!) || 1;
    const up = Math.hypot(item.transform[2]!, item.transform[3]!) || 1;
    // Unit steps along the baseline and up the glyphs, in item space.
    const w = (item.width ?? 0) / along;
    const h = (item.height || up) / up;
    const corners = [apply(m, 0, 0), apply(m, w, 0), apply(m, 0, h), apply(m, w, h)];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const bbox: BBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    runs.push({
      str: item.str,
      bbox,
      size: Math.hypot(m[2], m[3]),
      angle: Math.atan2(m[1], m[0]),
    });
  }
  return runs;
}
