// Rule stacked-tag: a section, detail or elevation tag as the conventions draw it (NCS Uniform
// Drawing System, symbols; Canada's National CADD Standard, Annex B 2.4): a circle split by a
// bar, the view id above the bar and the sheet the view is drawn on below it. Tier 1 finds the
// tag from its circle; where it does not (a circle broken by filled pointers, drawn as arcs or
// as a polygon), the text layer still holds the pair. A short view id standing over a sheet
// number, centred on it, just across the bar from it and reading the same way, is read as the tag
// (the view id is usually above; where a drafter turned the lettering with the tag's other end,
// it stands below, and it is often larger than the sheet number).
//
// Only sheet numbers with a designator and a digit (isSheetNumber, with a letter) qualify: a
// number over a plain number is as often a dimension or a level as a tag.
import type { BBox } from '../../../../core/geometry/types.ts';
import { overlaps, unionAll } from '../../../../core/geometry/bbox.ts';
import { isSheetNumber } from '../sheet-number.ts';
import { readingFrame, type TextLine } from '../text-lines.ts';

export interface StackedTag {
  bbox: BBox;
  view: TextLine;
  sheet: TextLine;
}

/** A view id as tags print it: 1-3 digits with an optional letter, or one or two letters (A, AA, 12, 3B). */
const VIEW_ID = /^(?:[A-Z]{1,2}|[A-Z]?\d{1,3}[A-Z]?)$/;
/** Lines read the same way when their directions differ by under 5°. */
const SAME_DIRECTION = 0.09;
/** A page holding more candidate sheet numbers than this is not a drawing (a schedule, hostile input): read the first ones. */
const MAX_SHEETS = 4000;

const isTagSheet = (s: string) => isSheetNumber(s) && /[A-Z]/i.test(s) && /\d/.test(s);

/**
 * The stacked pairs of `lines` that lie in no box of `taken` (tags Tier 1 already read). Each line
 * is in one pair at most: a sheet number takes the nearest view id over it.
 */
export function stackedTags(lines: readonly TextLine[], taken: readonly BBox[]): StackedTag[] {
  const views = lines.filter((l) => VIEW_ID.test(l.text));
  const sheets = lines.filter((l) => isTagSheet(l.text)).slice(0, MAX_SHEETS);
  if (!views.length || !sheets.length) return [];
  const byCell = grid(views);
  const used = new Set<TextLine>();
  const out: StackedTag[] = [];
  for (const sheet of sheets) {
    if (taken.some((b) => overlaps(b, sheet.bbox))) continue;
    const s = readingFrame(sheet.bbox, sheet.angle);
    const centre = (s.x1 + s.x2) / 2;
    let best: TextLine | null = null;
    let bestGap = Infinity;
    for (const view of near(byCell, sheet.bbox)) {
      if (used.has(view) || Math.abs(view.angle - sheet.angle) > SAME_DIRECTION) continue;
      if (view.size < 0.6 * sheet.size || view.size > 2.2 * sheet.size) continue;
      const v = readingFrame(view.bbox, sheet.angle);
      // Across the bar from the sheet number (above it, or below where the lettering was turned
      // with the tag's other end), a bar's width between them at most, centred on it.
      const gap = Math.max(s.top - v.bottom, v.top - s.bottom);
      if (gap < -0.4 * sheet.size || gap > 1.2 * sheet.size) continue;
      if (Math.abs((v.x1 + v.x2) / 2 - centre) > 0.25 * (s.x2 - s.x1) + 0.3 * sheet.size) continue;
      // Above wins over below at equal gaps: the convention's own reading.
      const rank = gap + (v.top > s.top ? 0.01 : 0);
      if (rank < bestGap) (best = view), (bestGap = rank);
    }
    if (!best) continue;
    used.add(best);
    out.push({ bbox: unionAll([best.bbox, sheet.bbox]), view: best, sheet });
  }
  return out;
}

/** View ids bucketed by 100 pt cells: a sheet number looks at its own cell and the eight around it. */
const CELL = 100;
function grid(lines: readonly TextLine[]): Map<string, TextLine[]> {
  const m = new Map<string, TextLine[]>();
  for (const l of lines) {
    const k = `${Math.floor((l.bbox[0] + l.bbox[2]) / 2 / CELL)},${Math.floor((l.bbox[1] + l.bbox[3]) / 2 / CELL)}`;
    const list = m.get(k);
    if (list) list.push(l);
    else m.set(k, [l]);
  }
  return m;
}

function* near(m: Map<string, TextLine[]>, b: BBox): Generator<TextLine> {
  const cx = Math.floor((b[0] + b[2]) / 2 / CELL);
  const cy = Math.floor((b[1] + b[3]) / 2 / CELL);
  for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) yield* m.get(`${cx + dx},${cy + dy}`) ?? [];
}
