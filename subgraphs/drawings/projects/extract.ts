// One sheet's entities and relationships, from Tier 1's analysis of the page
// (as it is) and the page's text lines. Pure: no I/O; ids are local ("e12")
// until the store gives them project ids. Every rule is named in extract/ (one file per
// kind of entity) and recorded as the entity's provenance (`tier1:<kind>` or `text:<rule>`).
import type { BBox, PageGeometry } from '../../../core/geometry/types.ts';
import type { PageAnalysis } from '../detect/analyze.ts';
import { disciplineOf, normaliseSheetNumber, type SheetNumberOptions } from './sheet-number.ts';
import type { TextLine } from './text-lines.ts';
import type { SheetIdentity } from '../titleblock/index.ts';
import {
  createDraft,
  inTitleblock,
  type Draft,
  type DraftEntity,
  type GridBubble,
  type SheetDraft,
} from './extract/draft.ts';
import { sheetTags } from './extract/tags.ts';
import { readViews } from './extract/views.ts';
import { readTagCallouts, readTextReferences } from './extract/callouts.ts';
import { readGridLines } from './extract/grid-lines.ts';
import { readMentions } from './extract/mentions.ts';
import { readLeaderNotes, readNoteBlocks } from './extract/notes.ts';
import { readRooms } from './extract/rooms.ts';
import { readRevisions } from './extract/revisions.ts';

export {
  MAX_ENTITIES_PER_SHEET,
  type DraftEntity,
  type DraftLink,
  type DraftRelationship,
  type GridBubble,
  type SheetDraft,
} from './extract/draft.ts';
export { tagTexts } from './extract/tags.ts';

export interface ExtractInput {
  analysis: PageAnalysis;
  /** The sheet's number, title and title block (identity/). */
  identity: SheetIdentity;
  lines: TextLine[];
  bubbles: GridBubble[];
  /** The page's paths: a tag read from the text layer must stand in its drawn symbol (references/tag-symbol.ts). */
  paths: PageGeometry['paths'];
  page: number;
  options: SheetNumberOptions;
}

/** The page's words kept on its Sheet entity: a dense 42x30 in sheet prints about 15,000 characters. */
export const SHEET_TEXT_MAX = 20_000;

/** The Sheet entity's text: its heading on the first line, then the page's lines once each, cut at SHEET_TEXT_MAX. */
export function sheetText(heading: string, lines: TextLine[]): string {
  let words = '';
  for (const t of new Set(lines.map((l) => l.text.trim()).filter(Boolean))) {
    if (words.length + t.length + 3 > SHEET_TEXT_MAX) break;
    words += words ? ` · ${t}` : t;
  }
  return words ? `${heading}\n${words}` : heading;
}

/**
 * The sheet's entities in a fixed order (the local keys follow it): the sheet, views, callouts,
 * grid lines, member marks and levels, text references, note blocks, leader notes, rooms, revisions.
 */
export function extractSheet(input: ExtractInput): SheetDraft {
  const { analysis, lines, identity, page, options } = input;
  const number = identity.number;
  const titleblock = identity.titleblock;
  const draft = createDraft();
  const ctx = {
    draft,
    sheet: addSheet(draft, input),
    number,
    normNumber: number ? normaliseSheetNumber(number, options) : null,
    title: identity.title,
    discipline: disciplineOf(number),
    page,
    options,
    titleblock,
    lines,
    // Text in the title block is the sheet's own furniture; only revision rows are read there.
    drawingLines: lines.filter((l) => !inTitleblock({ titleblock }, l.bbox)),
  };
  const tags = sheetTags(analysis, ctx.drawingLines, input.paths);
  const viewMarks = readViews(ctx, tags);
  readTagCallouts(ctx, tags, viewMarks);
  const gridsByLabel = readGridLines(ctx, input.bubbles, tags);
  const lineMentions = readMentions(ctx, gridsByLabel);
  readTextReferences(ctx);
  readNoteBlocks(ctx, lineMentions);
  readLeaderNotes(ctx, analysis, lineMentions);
  readRooms(ctx);
  readRevisions(ctx, analysis);
  for (const e of draft.entities) if (e !== ctx.sheet) draft.rel('ON_SHEET', e.key, ctx.sheet.key);
  const { entities, relationships, links } = draft;
  const { normNumber, title, discipline } = ctx;
  return { number, normNumber, title, discipline, titleblock: titleblock ?? null, entities, relationships, links };
}

/** The Sheet entity: the first of the draft, so never over the cap. */
function addSheet(draft: Draft, input: ExtractInput): DraftEntity {
  const { analysis, identity, lines, page } = input;
  const { number, title } = identity;
  const discipline = disciplineOf(number);
  const pageBox: BBox = [0, 0, analysis.dimensions.width, analysis.dimensions.height];
  return draft.add({
    type: 'Sheet',
    label: number ?? `page ${page}`,
    // Its number, title and discipline, then every line printed on the page: a word the reading below turns
    // into no entity (a view title without a tag, a room name in a plan) is still found, as the sheet.
    text: sheetText([number, title, discipline].filter(Boolean).join(' — '), lines),
    bbox: identity.titleblock ?? pageBox,
    provenance: `identity:${identity.rules.number ?? 'none'}`,
    props: {
      number,
      title,
      discipline,
      page,
      titleblock: identity.titleblock,
      rules: identity.rules,
      ...(identity.index.length ? { sheetIndex: identity.index } : {}),
    },
    sameKey: null,
    viewKey: null,
  })!;
}
