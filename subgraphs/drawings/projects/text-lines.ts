// Text runs joined into lines as a reader sees them. pdf.js gives a run per
// font change or per CAD text entity; a note's words may be several runs.
//
// Rule: runs read in the same direction (to 5°), whose baselines lie within
// 0.35 of the font size, and whose gap along the line is under 1.2 font
// sizes, are one line. Sorting makes it O(n log n) in the number of runs.
import type { BBox, TextRun } from '../../../core/geometry/types.ts';
import { unionAll } from '../../../core/geometry/bbox.ts';

export interface TextLine {
  text: string;
  bbox: BBox;
  size: number;
  /** Indexes of the runs in the page's text layer (Tier 1's texts_inside ids). */
  runs: number[];
  /** Reading direction, radians, as pdf.js gives it in display space. */
  angle: number;
}

interface Placed {
  id: number;
  run: TextRun;
  /** The run's box in its own reading frame (rotated so the text reads left to right). */
  x1: number;
  x2: number;
  base: number;
}

/** A box in a reading frame: rotated by -angle so that text at that angle reads left to right, y growing down the lines. */
export function readingFrame(b: BBox, angle: number): { x1: number; x2: number; top: number; bottom: number } {
  const c = Math.cos(-angle);
  const s = Math.sin(-angle);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [b[0], b[1]],
    [b[2], b[1]],
    [b[0], b[3]],
    [b[2], b[3]],
  ] as const) {
    xs.push(x * c - y * s);
    ys.push(x * s + y * c);
  }
  return { x1: Math.min(...xs), x2: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

export function textLines(runs: readonly TextRun[]): TextLine[] {
  const byDirection = new Map<number, Placed[]>();
  runs.forEach((run, id) => {
    if (!run.str.trim()) return;
    const bucket = Math.round(run.angle / (Math.PI / 36));
    const list = byDirection.get(bucket) ?? [];
    const f = readingFrame(run.bbox, bucket * (Math.PI / 36));
    list.push({ id, run, x1: f.x1, x2: f.x2, base: f.bottom });
    byDirection.set(bucket, list);
  });
  const lines: TextLine[] = [];
  for (const placed of byDirection.values()) {
    placed.sort((a, b) => a.base - b.base || a.x1 - b.x1);
    // Rows: consecutive runs (by baseline) within 0.35 font sizes of the row's first baseline.
    let row: Placed[] = [];
    const flush = () => {
      row.sort((a, b) => a.x1 - b.x1);
      let current: Placed[] = [];
      const emit = () => {
        if (!current.length) return;
        const size = Math.max(...current.map((p) => p.run.size));
        lines.push({
          text: current
            .map((p) => p.run.str.trim())
            .join(' ')
            .replace(/\s+/g, ' '),
          bbox: unionAll(current.map((p) => p.run.bbox)),
          size,
          runs: current.map((p) => p.id),
          angle: current[0]!.run.angle,
        });
        current = [];
      };
      for (const p of row) {
        const last = current[current.length - 1];
        if (last && p.x1 - last.x2 > 1.2 * Math.max(p.run.size, last.run.size)) emit();
        current.push(p);
      }
      emit();
      row = [];
    };
    for (const p of placed) {
      if (row.length && p.base - row[0]!.base > 0.35 * Math.max(p.run.size, row[0]!.run.size)) flush();
      row.push(p);
    }
    flush();
  }
  return lines.sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
}
