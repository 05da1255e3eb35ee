// Member marks, levels and grid mentions on every drawing line: each line's mentions, kept for
// the notes (notes.ts) that relate to what they mention.
import type { BBox } from '../../../../core/geometry/types.ts';
import type { TextLine } from '../text-lines.ts';
import type { DraftEntity, SheetContext } from './draft.ts';

/** Rule member-mark (rolled shapes): W12x26, HSS6x6x3/8, L4x4x1/4, C10x15.3, MC8x21.4, WT6x13. */
const STEEL =
  /\b(W|WT|MC|HP|HSS|C|L|S|M)\s?(\d{1,2}(?:\.\d{1,3})?)\s?[xX×]\s?(\d{1,3}(?:\.\d{1,3})?(?:\/\d{1,2})?)(?:\s?[xX×]\s?(\d{1,2}(?:\.\d{1,3})?(?:\/\d{1,2})?))?(?![\w\/.])/g;
/** Rule member-mark (named): "BEAM B1", "COLUMN C3", "FOOTING F2" — a member word followed by its mark. */
const NAMED_MARK =
  /\b(?:BEAM|BM\.?|COLUMN|COL\.?|FOOTING|FTG\.?|PIER|JOIST|GIRDER|BRACE|PILE)\s+((?:B|BM|C|F|P|J|G|GB|SB|BR|CF|WF|PC)-?\d{1,3}[A-Z]?)\b/gi;
/** Rule member-mark (alone, structural sheets only): a run that is only a mark, as plans tag members ("B1", "GB2"). */
const BARE_MARK = /^(B|BM|C|F|GB|SB|BR|CF|WF|PC|J)-?\d{1,3}[A-Z]?$/;
/** Rule level: "LEVEL 2", "ROOF LEVEL", "SECOND FLOOR", "T.O. STEEL EL. 112'-6"". */
const LEVEL =
  /\b(?:(?:LEVEL|LVL)\s+([0-9]{1,2}|[A-Z]{1,2}\d?)\b|(ROOF|MEZZANINE|BASEMENT|GROUND|FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH)\s+(?:FLOOR|LEVEL)\b|(?:T\.?\s?O\.?|B\.?\s?O\.?|TOP\s+OF|BOTTOM\s+OF)\s*(?:(?:STEEL|SLAB|CONC\.?|CONCRETE|FTG\.?|FOOTING|WALL|DECK|PARAPET|BEAM)\s*)?EL(?:EV)?\.?\s*(?:[+-]\s*)?(\d+(?:\.\d+)?(?:'\s*(?:-\s*)?\d+(?:\s+\d+\/\d+)?"?)?))/i;
/** Rule grid-mention: "GRID C/4", "GRIDS 3-5", "GRID LINE B". */
const GRID_MENTION =
  /\bGRIDS?\s+(?:LINES?\s+)?([A-Z]{1,2}(?:\.\d)?|\d{1,2}(?:\.\d)?)(?:\s*(?:\/|-|&|,|AND)\s*([A-Z]{1,2}(?:\.\d)?|\d{1,2}(?:\.\d)?))?\b/gi;

const normMark = (s: string) => s.toUpperCase().replace(/\s+/g, '').replace(/×/g, 'X');
const normLevel = (s: string) =>
  s
    .toUpperCase()
    .replace(/[\s.]+/g, ' ')
    .trim();

/** One MemberMark or Level entity per mark or level on the sheet, and what each drawing line mentions. */
export function readMentions(ctx: SheetContext, gridsByLabel: Map<string, DraftEntity>): Map<TextLine, DraftEntity[]> {
  const marks = new Map<string, DraftEntity>();
  const levels = new Map<string, DraftEntity>();
  const lineMentions = new Map<TextLine, DraftEntity[]>();
  for (const line of ctx.drawingLines) {
    const found: DraftEntity[] = [];
    const keep = (e: DraftEntity | null) => e && found.push(e);
    for (const m of line.text.matchAll(STEEL)) keep(markOn(ctx, marks, m[0], line.bbox));
    for (const m of line.text.matchAll(NAMED_MARK)) keep(markOn(ctx, marks, m[1]!, line.bbox));
    if (ctx.discipline === 'Structural' && BARE_MARK.test(line.text)) keep(markOn(ctx, marks, line.text, line.bbox));
    const lm = LEVEL.exec(line.text);
    if (lm) keep(levelOn(ctx, levels, lm[0], line.bbox));
    for (const g of line.text.matchAll(GRID_MENTION)) {
      for (const label of [g[1], g[2]]) {
        const grid = label && gridsByLabel.get(label.toUpperCase());
        if (grid) found.push(grid);
      }
    }
    lineMentions.set(line, found);
  }
  return lineMentions;
}

/** The sheet's one entity for a member mark, its occurrences gathered. */
function markOn(ctx: SheetContext, marks: Map<string, DraftEntity>, raw: string, box: BBox): DraftEntity | null {
  const k = normMark(raw);
  const existing = marks.get(k);
  if (existing) {
    (existing.props.occurrences as number[][]).push(box);
    return existing;
  }
  const e = ctx.draft.add({
    type: 'MemberMark',
    label: k,
    text: `member ${raw}`,
    bbox: box,
    provenance: 'text:member-mark',
    props: { mark: k, occurrences: [box] },
    sameKey: `MemberMark:${k}`,
    viewKey: null,
  });
  if (e) marks.set(k, e);
  return e;
}

/** The sheet's one entity for a level. */
function levelOn(ctx: SheetContext, levels: Map<string, DraftEntity>, raw: string, box: BBox): DraftEntity | null {
  const k = normLevel(raw);
  const existing = levels.get(k);
  if (existing) return existing;
  const e = ctx.draft.add({
    type: 'Level',
    label: k,
    text: `level ${raw}`,
    bbox: box,
    provenance: 'text:level',
    props: { name: k },
    sameKey: `Level:${k.replace(/\s/g, '')}`,
    viewKey: null,
  });
  if (e) levels.set(k, e);
  return e;
}
