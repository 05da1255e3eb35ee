// Notes: keynotes and general notes (numbered lines under their heading), and the notes at
// leaders with what each points to; each note relates to what its lines mention.
import { area, containsPoint, unionAll } from '../../../../core/geometry/bbox.ts';
import type { BBox } from '../../../../core/geometry/types.ts';
import type { PageAnalysis } from '../../detect/analyze.ts';
import type { TextLine } from '../text-lines.ts';
import type { DraftEntity, SheetContext } from './draft.ts';

/** Rule notes-block: headings whose following lines are keynotes or general notes. */
const KEYNOTE_HEADING = /^(KEY\s?NOTES|KEYED\s+NOTES|KEYNOTE\s+LEGEND)\b/i;
const NOTES_HEADING = /^(GENERAL\s+NOTES|NOTES|SHEET\s+NOTES|STRUCTURAL\s+NOTES)\s*:?$/i;
const NUMBERED = /^(\d{1,3}[A-Z]?|[A-Z]\d{0,2})[.)]?\s+(\S.{2,})$/;

type Mentions = Map<TextLine, DraftEntity[]>;
interface NoteItem {
  id: string;
  lines: TextLine[];
}

/** A Keynote or Note entity per numbered item under a notes heading. */
export function readNoteBlocks(ctx: SheetContext, lineMentions: Mentions): void {
  for (const heading of ctx.drawingLines) {
    const keynote = KEYNOTE_HEADING.test(heading.text);
    if (!keynote && !NOTES_HEADING.test(heading.text)) continue;
    for (const item of numberedItems(heading, ctx.drawingLines)) {
      const text = item.lines
        .map((l) => l.text)
        .join(' ')
        .replace(NUMBERED, '$2');
      const e = ctx.draft.add({
        type: keynote ? 'Keynote' : 'Note',
        label: `${keynote ? 'KEYNOTE' : 'NOTE'} ${item.id}`,
        text,
        bbox: unionAll(item.lines.map((l) => l.bbox)),
        provenance: keynote ? 'text:keynote-block' : 'text:general-notes',
        props: { number: item.id, heading: heading.text },
        sameKey: null,
        viewKey: null,
      });
      if (!e) break;
      for (const l of item.lines) for (const m of lineMentions.get(l) ?? []) ctx.draft.rel('MENTIONS', e.key, m.key);
    }
  }
}

/** The numbered items under a heading, each with its continuation lines, up to a gap or the next heading. */
function numberedItems(heading: TextLine, drawingLines: TextLine[]): NoteItem[] {
  const reach: BBox = [
    heading.bbox[0] - 2 * heading.size,
    heading.bbox[3],
    heading.bbox[0] + 60 * heading.size,
    heading.bbox[3] + 80 * heading.size,
  ];
  const below = drawingLines
    .filter((l) => l !== heading && l.bbox[1] >= heading.bbox[1] + 1 && containsPoint(reach, [l.bbox[0], l.bbox[1]]))
    .sort((a, b) => a.bbox[1] - b.bbox[1]);
  let bottom = heading.bbox[3];
  let current: NoteItem | null = null;
  const items: NoteItem[] = [];
  for (const l of below) {
    if (l.bbox[1] - bottom > 3 * l.size) break;
    if (KEYNOTE_HEADING.test(l.text) || NOTES_HEADING.test(l.text)) break;
    bottom = Math.max(bottom, l.bbox[3]);
    const m = NUMBERED.exec(l.text);
    if (m) items.push((current = { id: m[1]!, lines: [l] }));
    else current?.lines.push(l);
  }
  return items;
}

/** A Note per leader with lettering, pointing to the smallest entity under its arrow tip. */
export function readLeaderNotes(ctx: SheetContext, analysis: PageAnalysis, lineMentions: Mentions): void {
  const { draft } = ctx;
  const lineByRun = new Map<number, TextLine>();
  for (const l of ctx.lines) for (const r of l.runs) lineByRun.set(r, l);
  for (const leader of analysis.annotations.leaders) {
    const text = leader.texts_inside
      .map((t) => t.text.trim())
      .filter(Boolean)
      .join(' ');
    if (!text) continue;
    const note = draft.add({
      type: 'Note',
      label: text.length > 40 ? `${text.slice(0, 37)}…` : text,
      text,
      bbox: leader.text_bbox,
      provenance: 'tier1:leaders',
      props: { arrowTip: leader.arrow_tip },
      sameKey: null,
      viewKey: null,
    });
    if (!note) break;
    const target = pointedAt(draft.entities, leader.arrow_tip);
    if (target) draft.rel('POINTS_TO', note.key, target.key);
    const mentioned = new Set<string>();
    for (const t of leader.texts_inside) {
      const l = lineByRun.get(t.id);
      for (const m of (l && lineMentions.get(l)) ?? [])
        if (!mentioned.has(m.key)) {
          mentioned.add(m.key);
          draft.rel('MENTIONS', note.key, m.key);
        }
    }
  }
}

/** The smallest entity (not the sheet, not a note) whose box holds the arrow tip. */
function pointedAt(entities: DraftEntity[], tip: [number, number]): DraftEntity | null {
  let target: DraftEntity | null = null;
  for (const e of entities) {
    if (e.type === 'Sheet' || e.type === 'Note' || e.type === 'Keynote') continue;
    if (containsPoint(e.bbox, tip, 6) && (!target || area(e.bbox) < area(target.bbox))) target = e;
  }
  return target;
}
