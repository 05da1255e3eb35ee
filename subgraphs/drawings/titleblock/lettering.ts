// Lettering as the identity rules read it: runs of the text layer (or of the
// lettering reader, where a sheet has none) grouped into lines in the sheet's
// frame. Unlike the notes reader (text-lines.ts), a line here never joins
// lettering of very different heights: a sheet number 38 pt high and the 7 pt
// border zone letter printed beside it are two things.
import type { BBox, TextRun } from '../../../core/geometry/types.ts';
import type { SheetFrame } from './frame.ts';

export interface Lettering {
  text: string;
  /** In the sheet's frame. */
  box: BBox;
  /** On the page as displayed. */
  bbox: BBox;
  size: number;
}

/** Runs on one baseline (within 0.3 of their height), of heights within 25%, with gaps under 1.2 heights, are one line. */
export function letteringLines(runs: readonly TextRun[], frame: SheetFrame): Lettering[] {
  const placed = runs.filter((r) => r.str.trim() && frame.reads(r.angle)).map((r) => ({ r, b: frame.box(r.bbox) }));
  placed.sort((a, b) => a.b[3] - b.b[3] || a.b[0] - b.b[0]);
  const out: Lettering[] = [];
  const rows: (typeof placed)[] = [];
  for (const p of placed) {
    const row = rows.find(
      (rw) => Math.abs(rw[0]!.b[3] - p.b[3]) < 0.3 * Math.max(p.r.size, 1) && similar(rw[0]!.r.size, p.r.size),
    );
    if (row) row.push(p);
    else rows.push([p]);
    if (rows.length > 64) out.push(...flushRow(rows.shift()!, frame));
  }
  for (const row of rows) out.push(...flushRow(row, frame));
  return out;
}

const similar = (a: number, b: number) => Math.abs(a - b) <= 0.25 * Math.max(a, b);

function flushRow(row: { r: TextRun; b: BBox }[], frame: SheetFrame): Lettering[] {
  row.sort((a, b) => a.b[0] - b.b[0]);
  const out: Lettering[] = [];
  let cur: typeof row = [];
  const emit = () => {
    if (!cur.length) return;
    let text = '';
    cur.forEach((c, i) => (text += (i && c.b[0] - cur[i - 1]!.b[2] > 0.25 * c.r.size ? ' ' : '') + c.r.str.trim()));
    const box: BBox = [
      Math.min(...cur.map((c) => c.b[0])),
      Math.min(...cur.map((c) => c.b[1])),
      Math.max(...cur.map((c) => c.b[2])),
      Math.max(...cur.map((c) => c.b[3])),
    ];
    out.push({
      text: text.replace(/\s+/g, ' '),
      box,
      bbox: frame.unbox(box),
      size: Math.max(...cur.map((c) => c.r.size)),
    });
    cur = [];
  };
  for (const p of row) {
    const last = cur[cur.length - 1];
    if (last && p.b[0] - last.b[2] > 1.2 * Math.max(p.r.size, last.r.size)) emit();
    cur.push(p);
  }
  emit();
  return out;
}
