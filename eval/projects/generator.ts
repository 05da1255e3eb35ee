/**
 * A generated drawing set of 24 structural sheets that reference each other,
 * with the truth. Each sheet is a sheet of the drawing generator
 * (eval/drawings/generator: title block with its number, section and detail
 * tags whose targets are real sheets of the set, leaders, revision marks)
 * with a band of project content drawn over it: view titles with scales
 * (the targets of the tags), notes naming member sizes, grids and other
 * views ("SEE 3/S-501"), and grid bubbles. One referenced sheet (S-601) is
 * left out of the set on purpose, so links to it must dangle.
 * Deterministic: the same bytes every run.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { generateSheet } from '../drawings/generator/index.ts';
import type { SheetSpec } from '../drawings/generator/index.ts';
import { createRng } from '../drawings/generator/prng.ts';
import { VIEW_IDS } from '../drawings/generator/shapes/tag-circle.ts';
import { BASE } from '../drawings/generator/suite.ts';

export const SET_NUMBERS = [
  'S-101',
  'S-102',
  'S-103',
  'S-104',
  'S-105',
  'S-106',
  'S-201',
  'S-202',
  'S-203',
  'S-204',
  'S-301',
  'S-302',
  'S-303',
  'S-304',
  'S-401',
  'S-402',
  'S-403',
  'S-501',
  'S-502',
  'S-503',
  'S-504',
  'S-505',
  'S-602',
  'S-701',
];
const TITLES: Record<string, string> = {
  '1': 'FOUNDATION PLAN',
  '2': 'FRAMING PLAN',
  '3': 'ROOF FRAMING PLAN',
  '4': 'SECTIONS',
  '5': 'DETAILS',
  '6': 'SCHEDULES',
  '7': 'ELEVATIONS',
};
const TOPICS = [
  'BEAM TO COLUMN CONNECTION',
  'ROOF DRAIN SUMP',
  'FOOTING AT STAIR',
  'SHEAR WALL HOLDOWN',
  'MOMENT FRAME BASE PLATE',
  'STAIR STRINGER',
  'SLAB EDGE',
  'CANOPY OUTRIGGER',
  'ELEVATOR PIT',
  'BRACED FRAME GUSSET',
  'MASONRY LINTEL',
  'DECK OPENING',
];
const MEMBERS = [
  'W12x26',
  'W14x30',
  'W16x40',
  'HSS6x6x3/8',
  'HSS8x8x1/2',
  'W10x33',
  'C10x15.3',
  'L4x4x1/4',
  'W18x35',
  'W8x18',
];
const GRID_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const GRID_NUMBERS = ['1', '2', '3', '4', '5', '6'];

export interface ViewTruth {
  id: string;
  title: string;
}
export interface CalloutTruth {
  kind: 'section' | 'detail' | 'text_reference';
  view: string | null;
  sheet: string;
}
export interface ProjectSheetTruth {
  number: string;
  title: string;
  views: ViewTruth[];
  callouts: CalloutTruth[];
  members: string[];
  grids: string[];
  /** Notes as drawn: their text, for judged questions. */
  notes: string[];
}
export interface GeneratedProjectSheet {
  pdf: Uint8Array;
  truth: ProjectSheetTruth;
}

function spec(number: string, index: number): SheetSpec {
  return {
    ...BASE,
    name: `project-${number.toLowerCase()}`,
    seed: 5000 + index,
    width: 2592,
    height: 1728,
    sheetNumber: number,
    sheetTitle: TITLES[number[2]!] ?? 'DETAILS',
    circleMode: index % 2 ? 'polyline' : 'bezier',
    arrowheads: ['filled', 'open'],
    counts: { leaders: 3, sectionTags: 2, detailTags: 2, revisionTriangles: 1, revisionClouds: 1 },
  };
}

/** Views each sheet holds: four ids of the tag generator's list, fixed per sheet. */
export function viewsOf(number: string, index: number): ViewTruth[] {
  const r = createRng(9000 + index);
  const ids = new Set<string>();
  while (ids.size < 4) ids.add(r.pick(VIEW_IDS));
  return [...ids].map((id, k) => ({ id, title: `${TOPICS[(index * 4 + k) % TOPICS.length]}` }));
}

export async function generateProjectSheet(number: string, index: number): Promise<GeneratedProjectSheet> {
  const s = spec(number, index);
  const base = await generateSheet(s);
  const doc = await PDFDocument.load(base.pdf);
  const page = doc.getPage(0);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const H = page.getHeight();
  const vp = base.truth.titleblock.viewport;
  const text = (str: string, x: number, y: number, size = 9) =>
    page.drawText(str, { x, y: H - y, size, font, color: rgb(0, 0, 0) });
  const r = createRng(7000 + index);

  // Tags drawn by the base generator point at sheets of the set (or at S-601, left out).
  const callouts: CalloutTruth[] = [];
  for (const t of base.truth.annotations.section_tags)
    callouts.push({ kind: 'section', view: t.texts_inside[0]!.text, sheet: t.texts_inside[1]!.text });
  for (const t of base.truth.annotations.detail_tags)
    callouts.push({ kind: 'detail', view: t.texts_inside[0]!.text, sheet: t.texts_inside[1]!.text });

  // View titles in a band below the top border: number, title, scale.
  const views = viewsOf(number, index);
  const top = vp[1] + 24;
  views.forEach((v, k) => {
    const x = vp[0] + 40 + k * 520;
    text(v.id, x, top + 16, 14);
    text(`${v.title}`, x + 34, top + 10, 10);
    text(`SCALE: 3/4" = 1'-0"`, x + 34, top + 26, 8);
  });

  // Notes below it: a member size at a grid intersection, and a reference to a view on another sheet.
  const members: string[] = [];
  const notes: string[] = [];
  for (let k = 0; k < 3; k++) {
    const member = r.pick(MEMBERS);
    const grid = `${r.pick(GRID_LETTERS)}/${r.pick(GRID_NUMBERS)}`;
    const targetIndex = Math.floor(r.next() * SET_NUMBERS.length);
    const target = SET_NUMBERS[targetIndex]!;
    const view = viewsOf(target, targetIndex)[Math.floor(r.next() * 4)]!.id;
    const note = `PROVIDE ${member} BEAM AT GRID ${grid}, SEE ${view}/${target}`;
    text(note, vp[0] + 40 + k * 700, top + 60, 9);
    members.push(member.toUpperCase());
    notes.push(note);
    callouts.push({ kind: 'text_reference', view, sheet: target });
  }

  // Grid bubbles along the bottom of the drawing area.
  const grids = [...GRID_LETTERS.slice(0, 3 + (index % 3)), ...GRID_NUMBERS.slice(0, 3)];
  grids.forEach((g, k) => {
    const cx = vp[0] + 60 + k * 90;
    const cy = vp[3] - 30;
    page.drawCircle({ x: cx, y: H - cy, size: 12, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    text(g, cx - font.widthOfTextAtSize(g, 10) / 2, cy + 3.5, 10);
  });

  const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  return {
    pdf,
    truth: { number, title: s.sheetTitle!, views, callouts, members: [...new Set(members)], grids, notes },
  };
}

export async function generateProject(): Promise<GeneratedProjectSheet[]> {
  const out = [];
  for (let i = 0; i < SET_NUMBERS.length; i++) out.push(await generateProjectSheet(SET_NUMBERS[i]!, i));
  return out;
}
