// Rule stacked-tag: a section, detail or elevation tag as the conventions draw it (NCS Uniform
// Drawing System, symbols; Canada's National CADD Standard, Annex B 2.4): a circle split by a
// bar, the view id above the bar and the sheet the view is drawn on below it. Tier 1 finds the
// tag from its circle; where it does not (a circle broken by filled pointers, drawn as arcs or
// as a polygon), the text layer still holds the pair and the geometry still draws the symbol. A
// short view id standing over a sheet number, centred on it, just across the bar from it and
// reading the same way, is read as the tag (the view id is usually above; where a drafter turned
// the lettering with the tag's other end, it stands below, and it is often larger than the sheet
// number) when the page draws the bar between them and the circle around them (tag-symbol.ts):
// the lettering alone also fits a schedule's cells.
//
// Only sheet numbers with a designator and a digit (isSheetNumber, with a letter) qualify: a
// number over a plain number is as often a dimension or a level as a tag.
import type { BBox, PageGeometry } from '../../../../core/geometry/types.ts';
import { overlaps, unionAll } from '../../../../core/geometry/bbox.ts';
import { isSheetNumber } from '../sheet-number.ts';
import { readingFrame, type TextLine } from '../text-lines.ts';
import { withSymbol, type TagCandidate } from './tag-symbol.ts';

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
 * The stacked pairs of `lines` that lie in no box of `taken` (tags Tier 1 already read) and stand in
 * the symbol the page's `paths` draw (tag-symbol.ts: the bar between them, the circle around).
 * Each line is in one pair at most: a sheet number takes the nearest view id over it whose symbol
 * is drawn.
 */
export function stackedTags(
  lines: readonly TextLine[],
  taken: readonly BBox[],
  paths: PageGeometry['paths'],
): StackedTag[] {
  const candidates = withSymbol(pairsByText(lines, taken), paths);
  const used = new Set<TextLine>();
  const out: StackedTag[] = [];
  for (const c of candidates) {
    if (used.has(c.view) || used.has(c.sheet)) continue;
    used.add(c.view).add(c.sheet);
    out.push({ bbox: unionAll([c.view.bbox, c.sheet.bbox]), view: c.view, sheet: c.sheet });
  }
  return out;
}

/** Every view id across the bar's place from a sheet number, by sheet number, nearest first. */
function pairsByText(lines: readonly TextLine[], taken: readonly BBox[]): (TagCandidate & { rank: number })[] {
  const views = lines.filter((l) => VIEW_ID.test(l.text));
  const sheets = lines.filter((l) => isTagSheet(l.text)).slice(0, MAX_SHEETS);
  if (!views.length || !sheets.length) return [];
  const byCell = grid(views);
  const out: (TagCandidate & { rank: number })[] = [];
  for (const sheet of sheets) {
    if (taken.some((b) => overlaps(b, sheet.bbox))) continue;
    const s = readingFrame(sheet.bbox, sheet.angle);
    const centre = (s.x1 + s.x2) / 2;
    const mine: (TagCandidate & { rank: number })[] = [];
    for (const view of near(byCell, sheet.bbox)) {
      if (Math.abs(view.angle - sheet.angle) > SAME_DIRECTION) continue;
      if (view.size < 0.6 * sheet.size || view.size > 2.2 * sheet.size) continue;
      const v = readingFrame(view.bbox, sheet.angle);
      // Across the bar from the sheet number (above it, or below where the lettering was turned
      // with the tag's other end), a bar's width between them at most, centred on it.
      const gap = Math.max(s.top - v.bottom, v.top - s.bottom);
      if (gap < -0.4 * sheet.size || gap > 1.2 * sheet.size) continue;
      if (Math.abs((v.x1 + v.x2) / 2 - centre) > 0.25 * (s.x2 - s.x1) + 0.3 * sheet.size) continue;
      // Above wins over below at equal gaps: the convention's own reading.
      mine.push({ view, sheet, rank: gap + (v.top > s.top ? 0.01 : 0) });
    }
    out.push(...mine.sort((a, b) => a.rank - b.rank));
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
