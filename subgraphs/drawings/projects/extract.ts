// One sheet's entities and relationships, from Tier 1's analysis of the page
// (as it is) and the page's text lines. Pure: no I/O; ids are local ("e12")
// until the store gives them project ids. Every rule is named here and
// recorded as the entity's provenance (`tier1:<kind>` or `text:<rule>`).
import type { BBox, Point } from '../../../core/geometry/types.ts';
import { area, boxDistance, center, containsBox, containsPoint, expand, overlaps, unionAll } from '../../../core/geometry/bbox.ts';
import type { PageAnalysis } from '../detect/analyze.ts';
import type { EntityType, RelationshipType } from './model.ts';
import { disciplineOf, normaliseSheetNumber, SHEET_NUMBER_PATTERN, isSheetNumber, type SheetNumberOptions } from './sheet-number.ts';
import { readingFrame, type TextLine } from './text-lines.ts';

export interface GridBubble {
  label: string;
  center: Point;
  radius: number;
}

export interface DraftEntity {
  key: string;
  type: EntityType;
  label: string;
  text: string;
  bbox: BBox;
  provenance: string;
  props: Record<string, unknown>;
  sameKey: string | null;
  viewKey: string | null;
}

export interface DraftRelationship {
  type: RelationshipType;
  source: string;
  target: string;
  props?: Record<string, unknown>;
}

/** A callout's target as read on the sheet; resolved against the project by the store. */
export interface DraftLink {
  callout: string;
  targetSheet: string | null;
  targetSheetNorm: string | null;
  targetView: string | null;
}

export interface SheetDraft {
  number: string | null;
  normNumber: string | null;
  title: string | null;
  discipline: string | null;
  entities: DraftEntity[];
  relationships: DraftRelationship[];
  links: DraftLink[];
}

export interface ExtractInput {
  analysis: PageAnalysis;
  lines: TextLine[];
  bubbles: GridBubble[];
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

/** Entities one page may yield: a dense sheet has a few thousand; more is hostile input, cut off. */
export const MAX_ENTITIES_PER_SHEET = 20_000;

const SHEET = SHEET_NUMBER_PATTERN;
/** Rule scale: a view title's scale ("SCALE: 1/2" = 1'-0"", "1:50", "NTS"). */
const SCALE = /(?:SCALE\s*(?::\s*)?)?((?<!\d)\d+(?:\s+\d+)?\/\d+"?\s*=\s*1'\s*(?:-\s*)?0"?|(?<!\d)\d+"\s*=\s*\d+'\s*(?:-\s*)?0"?|1\s*:\s*\d{1,4}\b|\bN\.?T\.?S\.?(?=\s|$)|NOT TO SCALE|FULL SCALE)/i;
/** Rule view-id: what names a view beside its title: 3, 12, A, B2. */
const VIEW_ID = /^([A-Z]{1,2}|[A-Z]?\d{1,3}[A-Z]?)$/;
/** Rule text-reference: "SEE 3/A501", "REFER TO SHEET E400", "SIM. 5/A-401", "SEE E221." — a note naming another view or sheet. */
const REFERENCE = new RegExp(
  String.raw`\b(SEE|REFER\s+TO|REF\.?|SIM\.?|SIMILAR\s+TO|SIMILAR)\s+(?:(?:DETAIL|DETAILS|DET\.?|SECTION|SECT?\.?|ELEVATION|ELEV\.?|VIEW|DWG\.?)\s+)?(?:([A-Z0-9]{1,3})\s*\/\s*)?(?:(?:SHEET|SHT\.?|DWG\.?|DRAWING)\s+)?(?!(?:SHEET|SHT|SH|DWG|NO)\b)(${SHEET})(?![\w\/])`,
  'gi',
);
/**
 * Rule sheet-word reference: "DET. ON SHEET 10", "SEE SHEET 13", "SEE DETAIL ON SHEET NO.23", "SEE SH. NO.5" —
 * after the word SHEET (SHT., SH., with or without NO.) a plain number is a sheet number, as older sets
 * number their sheets. The note must say where to look (SEE, ON, REFER TO, SIM.): "SHEET 10 OF 20" alone is a title block.
 */
const SHEET_WORD_REFERENCE =
  /\b(?:SEE|ON|REFER\s+TO|REF\.?|SIM\.?)\s+(?:(?:DETAILS?|DET\.?|SECTION|SECT?\.?|ELEVATION|ELEV\.?|VIEW)\s+)?(?:ON\s+)?(?:SHEET|SHT\.?|SH\.)\s*(?:NO\.?\s*)?(\d{1,3}[A-Z]?)(?![\w\/])/gi;
/**
 * Rule reference-over-two-lines: a note whose line ends where its sheet is still to come ("DET. ON",
 * "SEE DETAIL") and whose next line below starts with the sheet ("SHEET 10") is read as one line.
 */
const LEAD_AT_END = /\b(?:SEE|ON|REFER\s+TO|REF\.?|SIM\.?)(?:\s+(?:DETAILS?|DET\.?|SECTION|SECT?\.?|ELEVATION|ELEV\.?|VIEW))?(?:\s+ON)?\s*$/i;
const SHEET_AT_START = /^\s*(?:SHEET|SHT\.?|SH\.)\s*(?:NO\.?\s*)?\d/i;
/**
 * Rule product-code: a manufacturer's name before a pair in view/sheet form ("SIMPSON A35/A35F", "USP
 * LUS26/LUS28") names its products, not a view on a sheet.
 */
const MANUFACTURER_BEFORE = /\b(?:SIMPSON(?:\s+STRONG-?TIE)?|SIMP\.?|STRONG-?TIE|USP|MITEK|HILTI|DEWALT|RED\s+HEAD)\s*$/i;
/** Rule view-on-sheet: "3/A501" standing alone in a note, a view id over a sheet number written on one line. */
const VIEW_ON_SHEET = new RegExp(String.raw`(?<![\w\/.-])([A-Z]?\d{1,2}[A-Z]?)\s*\/\s*(${SHEET})(?![\w\/])`, 'g');
/** Rule member-mark (rolled shapes): W12x26, HSS6x6x3/8, L4x4x1/4, C10x15.3, MC8x21.4, WT6x13. */
const STEEL = /\b(W|WT|MC|HP|HSS|C|L|S|M)\s?(\d{1,2}(?:\.\d{1,3})?)\s?[xX×]\s?(\d{1,3}(?:\.\d{1,3})?(?:\/\d{1,2})?)(?:\s?[xX×]\s?(\d{1,2}(?:\.\d{1,3})?(?:\/\d{1,2})?))?(?![\w\/.])/g;
/** Rule member-mark (named): "BEAM B1", "COLUMN C3", "FOOTING F2" — a member word followed by its mark. */
const NAMED_MARK = /\b(?:BEAM|BM\.?|COLUMN|COL\.?|FOOTING|FTG\.?|PIER|JOIST|GIRDER|BRACE|PILE)\s+((?:B|BM|C|F|P|J|G|GB|SB|BR|CF|WF|PC)-?\d{1,3}[A-Z]?)\b/gi;
/** Rule member-mark (alone, structural sheets only): a run that is only a mark, as plans tag members ("B1", "GB2"). */
const BARE_MARK = /^(B|BM|C|F|GB|SB|BR|CF|WF|PC|J)-?\d{1,3}[A-Z]?$/;
/** Rule level: "LEVEL 2", "ROOF LEVEL", "SECOND FLOOR", "T.O. STEEL EL. 112'-6"". */
const LEVEL = /\b(?:(?:LEVEL|LVL)\s+([0-9]{1,2}|[A-Z]{1,2}\d?)\b|(ROOF|MEZZANINE|BASEMENT|GROUND|FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH)\s+(?:FLOOR|LEVEL)\b|(?:T\.?\s?O\.?|B\.?\s?O\.?|TOP\s+OF|BOTTOM\s+OF)\s*(?:(?:STEEL|SLAB|CONC\.?|CONCRETE|FTG\.?|FOOTING|WALL|DECK|PARAPET|BEAM)\s*)?EL(?:EV)?\.?\s*(?:[+-]\s*)?(\d+(?:\.\d+)?(?:'\s*(?:-\s*)?\d+(?:\s+\d+\/\d+)?"?)?))/i;
/** Rule grid-mention: "GRID C/4", "GRIDS 3-5", "GRID LINE B". */
const GRID_MENTION = /\bGRIDS?\s+(?:LINES?\s+)?([A-Z]{1,2}(?:\.\d)?|\d{1,2}(?:\.\d)?)(?:\s*(?:\/|-|&|,|AND)\s*([A-Z]{1,2}(?:\.\d)?|\d{1,2}(?:\.\d)?))?\b/gi;
/** Rule revision-row: a revision table row "2  03/14/2024  ADDENDUM 1" (mark, date, description). */
// The description is taken from one blank on (its callers trim it): `\s+(.{3,})$` let both take the blanks.
const REVISION_ROW = /^\s*(\d{1,2}|[A-Z])\s+(\d{1,2}[\/.-]\d{1,2}[\/.-]\d{2,4})\s(.{3,})$/;
/** Rule notes-block: headings whose following lines are keynotes or general notes. */
const KEYNOTE_HEADING = /^(KEY\s?NOTES|KEYED\s+NOTES|KEYNOTE\s+LEGEND)\b/i;
const NOTES_HEADING = /^(GENERAL\s+NOTES|NOTES|SHEET\s+NOTES|STRUCTURAL\s+NOTES)\s*:?$/i;
const NUMBERED = /^(\d{1,3}[A-Z]?|[A-Z]\d{0,2})[.)]?\s+(\S.{2,})$/;
/** Rule room: a name line (letters only) right above a room number (3–4 digits, optional letter). */
const ROOM_NUMBER = /^[A-Z]?\d{3,4}[A-Z]?$/;
const ROOM_NAME = /^[A-Z][A-Z &/.'-]{1,38}$/;
/** Rule legend: a general sheet, or one titled legend/symbols/abbreviations, shows callouts as examples, not references. */
const LEGEND_TITLE = /LEGEND|SYMBOL|ABBREVIATION/i;

const normMark = (s: string) => s.toUpperCase().replace(/\s+/g, '').replace(/×/g, 'X');
const normLevel = (s: string) => s.toUpperCase().replace(/[\s.]+/g, ' ').trim();

export function extractSheet(input: ExtractInput): SheetDraft {
  const { analysis, lines, bubbles, page, options } = input;
  const tb = analysis.titleblock;
  const number = tb.sheet_number?.trim() || null;
  const normNumber = number ? normaliseSheetNumber(number, options) : null;
  const title = tb.sheet_title?.trim() || null;
  const discipline = disciplineOf(number);
  const pageBox: BBox = [0, 0, analysis.dimensions.width, analysis.dimensions.height];

  const entities: DraftEntity[] = [];
  const relationships: DraftRelationship[] = [];
  const links: DraftLink[] = [];
  let n = 0;
  const add = (e: Omit<DraftEntity, 'key'>): DraftEntity | null => {
    if (entities.length >= MAX_ENTITIES_PER_SHEET) return null;
    const entity = { key: `e${++n}`, ...e };
    entities.push(entity);
    return entity;
  };
  const rel = (type: RelationshipType, source: string, target: string, props?: Record<string, unknown>) => relationships.push({ type, source, target, props });

  const sheet = add({
    type: 'Sheet',
    label: number ?? `page ${page}`,
    // Its number, title and discipline, then every line printed on the page: a word the reading below turns
    // into no entity (a view title without a tag, a room name in a plan) is still found, as the sheet.
    text: sheetText([number, title, discipline].filter(Boolean).join(' — '), lines),
    bbox: tb.bounds ?? pageBox,
    provenance: 'tier1:titleblock',
    props: { number, title, discipline, page },
    sameKey: null,
    viewKey: null,
  })!;

  // Text in the title block is the sheet's own furniture; only revision rows are read there.
  const inTitleblock = (b: BBox) => (tb.bounds ? containsBox(tb.bounds, b, 2) : false);
  const drawingLines = lines.filter((l) => !inTitleblock(l.bbox));

  // --- Views: a title line with its scale, and the tag beside it ----------------------------
  const tags = [
    ...analysis.annotations.detail_tags.map((t) => ({ ...t, kind: 'detail' as const, direction: null as string | null })),
    ...analysis.annotations.section_tags.map((t) => ({ ...t, kind: 'section' as const, direction: t.direction as string | null })),
  ];
  const tagUsedAsViewMark = new Set<string>();
  const viewsByKey = new Map<string, DraftEntity>();
  for (const line of drawingLines) {
    const m = SCALE.exec(line.text);
    if (!m) continue;
    const before = line.text.slice(0, m.index).replace(/\bSCALE\s*(?::\s*)?$/i, '').trim();
    let titleLine: TextLine | null = /[A-Z]{3}/i.test(before) ? line : null;
    let titleText = before;
    if (!titleLine) {
      // The title sits just above its scale line.
      let best: TextLine | null = null;
      for (const other of drawingLines) {
        if (other === line || other.bbox[3] > line.bbox[1] + 1) continue;
        const gap = line.bbox[1] - other.bbox[3];
        const xOverlap = Math.min(other.bbox[2], line.bbox[2]) - Math.max(other.bbox[0], line.bbox[0]);
        if (gap < 3 * line.size && xOverlap > -line.size && /[A-Z]{3}/.test(other.text) && !SCALE.test(other.text) && (!best || other.bbox[3] > best.bbox[3])) best = other;
      }
      if (!best) continue;
      titleLine = best;
      titleText = best.text;
    }
    const area_ = unionAll([titleLine.bbox, line.bbox]);
    // The view's tag: the nearest Tier 1 tag to the left of the title, within a few tag sizes.
    let tag: (typeof tags)[number] | null = null;
    let tagDist = Infinity;
    for (const t of tags) {
      const r = t.circle.radius;
      if (t.bbox[2] > area_[0] + r || t.bbox[3] < area_[1] - 3 * r || t.bbox[1] > area_[3] + 3 * r) continue;
      const d = area_[0] - t.bbox[2];
      if (d < 8 * r && d < tagDist) {
        tag = t;
        tagDist = d;
      }
    }
    let viewId = tag?.texts_inside[0]?.text?.trim() || null;
    if (!viewId) {
      // A bare number left of the title names the view where there is no bubble.
      for (const other of drawingLines) {
        const besideVertically = other.bbox[3] >= area_[1] - titleLine.size && other.bbox[1] <= area_[3] + titleLine.size;
        if (VIEW_ID.test(other.text) && other.bbox[2] <= area_[0] + 1 && area_[0] - other.bbox[2] < 6 * titleLine.size && besideVertically) {
          viewId = other.text;
          break;
        }
      }
    }
    if (tag) tagUsedAsViewMark.add(tag.id);
    const scale = m[1]!.trim();
    const box = tag ? unionAll([area_, tag.bbox]) : area_;
    const label = viewId ? `${viewId}/${number ?? `p${page}`}` : titleText;
    const view = add({
      type: 'View',
      label,
      text: `${viewId ? `${viewId} / ${number ?? ''} — ` : ''}${titleText}, ${scale}`,
      bbox: box,
      provenance: tag ? `text:view-title+tier1:${tag.kind}_tags` : 'text:view-title',
      props: { viewId, title: titleText, scale, tagSheet: tag ? tag.texts_inside.slice(1).map((t) => t.text.trim()).join('') || null : null },
      sameKey: null,
      viewKey: viewId ? viewId.toUpperCase() : null,
    });
    if (!view) break;
    if (view.viewKey && !viewsByKey.has(view.viewKey)) viewsByKey.set(view.viewKey, view);
    rel('SHOWN_ON', view.key, sheet.key);
  }

  // --- Callouts: Tier 1 tags that are not view titles -------------------------------------
  const sameSheetNumber = number;
  for (const t of tags) {
    if (tagUsedAsViewMark.has(t.id)) continue;
    const texts = t.texts_inside.map((x) => x.text.trim()).filter(Boolean);
    const viewId = texts[0] ?? null;
    const rest = texts.slice(1).join('');
    let targetSheet: string | null;
    if (!rest || /^[-–—]+$/.test(rest)) targetSheet = sameSheetNumber; // no sheet written: this sheet
    else if (isSheetNumber(rest)) targetSheet = rest;
    else targetSheet = null;
    const callout = add({
      type: 'Callout',
      label: `${viewId ?? '?'}/${targetSheet ?? (rest || '?')}`,
      text: `${t.kind} ${viewId ?? ''} ${targetSheet ? `on ${targetSheet}` : rest}`.replace(/\s+/g, ' ').trim(),
      bbox: t.bbox,
      provenance: `tier1:${t.kind}_tags`,
      props: { kind: t.kind, viewId, targetSheet, raw: texts, direction: t.direction, sameSheet: !rest },
      sameKey: null,
      viewKey: null,
    });
    if (!callout) break;
    links.push({ callout: callout.key, targetSheet: targetSheet ?? (rest || null), targetSheetNorm: targetSheet ? normaliseSheetNumber(targetSheet, options) : null, targetView: viewId ? viewId.toUpperCase() : null });
  }

  // --- Grid lines: bubbles (circles holding one label) ---------------------------------------
  const byLabel = new Map<string, GridBubble[]>();
  for (const b of bubbles) {
    const box: BBox = [b.center[0] - b.radius, b.center[1] - b.radius, b.center[0] + b.radius, b.center[1] + b.radius];
    if (inTitleblock(box) || tags.some((t) => overlaps(t.bbox, box))) continue;
    byLabel.set(b.label, [...(byLabel.get(b.label) ?? []), b]);
  }
  // Rule grid-axis: bubbles of one label style (letters or numbers) spread along x label vertical lines.
  const axisOf = (style: 'letter' | 'number') => {
    const pts = [...byLabel.entries()].filter(([l]) => (/^\d/.test(l) ? 'number' : 'letter') === style).flatMap(([, bs]) => bs.map((b) => b.center));
    if (pts.length < 2) return null;
    const sx = Math.max(...pts.map((p) => p[0])) - Math.min(...pts.map((p) => p[0]));
    const sy = Math.max(...pts.map((p) => p[1])) - Math.min(...pts.map((p) => p[1]));
    return sx >= sy ? 'vertical' : 'horizontal';
  };
  const axes = { letter: axisOf('letter'), number: axisOf('number') };
  const gridsByLabel = new Map<string, DraftEntity>();
  for (const [label, bs] of byLabel) {
    const box = unionAll(bs.map((b) => [b.center[0] - b.radius, b.center[1] - b.radius, b.center[0] + b.radius, b.center[1] + b.radius] as BBox));
    const g = add({
      type: 'GridLine',
      label: `GRID ${label}`,
      text: `grid line ${label}`,
      bbox: box,
      provenance: 'text:grid-bubble',
      props: { label, axis: axes[/^\d/.test(label) ? 'number' : 'letter'], bubbles: bs.length },
      sameKey: `GridLine:${label}`,
      viewKey: null,
    });
    if (g) gridsByLabel.set(label, g);
  }

  // --- Member marks, levels, text references on every drawing line ----------------------------
  const marksByKey = new Map<string, DraftEntity>();
  const levelsByKey = new Map<string, DraftEntity>();
  const markOn = (raw: string, box: BBox, provenance: string) => {
    const k = normMark(raw);
    const existing = marksByKey.get(k);
    if (existing) {
      (existing.props.occurrences as number[][]).push(box);
      return existing;
    }
    const e = add({ type: 'MemberMark', label: k, text: `member ${raw}`, bbox: box, provenance, props: { mark: k, occurrences: [box] }, sameKey: `MemberMark:${k}`, viewKey: null });
    if (e) marksByKey.set(k, e);
    return e;
  };
  const levelOn = (raw: string, box: BBox) => {
    const k = normLevel(raw);
    const existing = levelsByKey.get(k);
    if (existing) return existing;
    const e = add({ type: 'Level', label: k, text: `level ${raw}`, bbox: box, provenance: 'text:level', props: { name: k }, sameKey: `Level:${k.replace(/\s/g, '')}`, viewKey: null });
    if (e) levelsByKey.set(k, e);
    return e;
  };
  const legendSheet = discipline === 'General' || LEGEND_TITLE.test(title ?? '');
  const continued = continuedReferences(drawingLines);
  const lineMentions = new Map<TextLine, DraftEntity[]>();
  for (const line of drawingLines) {
    const found: DraftEntity[] = [];
    for (const m of line.text.matchAll(STEEL)) {
      const e = markOn(m[0], line.bbox, 'text:member-mark');
      if (e) found.push(e);
    }
    for (const m of line.text.matchAll(NAMED_MARK)) {
      const e = markOn(m[1]!, line.bbox, 'text:member-mark');
      if (e) found.push(e);
    }
    if (discipline === 'Structural' && BARE_MARK.test(line.text)) {
      const e = markOn(line.text, line.bbox, 'text:member-mark');
      if (e) found.push(e);
    }
    const lm = LEVEL.exec(line.text);
    if (lm) {
      const e = levelOn(lm[0], line.bbox);
      if (e) found.push(e);
    }
    for (const g of line.text.matchAll(GRID_MENTION)) {
      for (const label of [g[1], g[2]]) {
        const grid = label && gridsByLabel.get(label.toUpperCase());
        if (grid) found.push(grid);
      }
    }
    lineMentions.set(line, found);
    if (legendSheet) continue;
    // A reference continued on the next line is read from both lines, once, at the first.
    const next = continued.get(line);
    if (continued.has(line) && !next) continue;
    const text = next ? `${line.text} ${next.text}` : line.text;
    const box = next ? unionAll([line.bbox, next.bbox]) : line.bbox;
    const refs: { view: string | null; sheet: string; at: number }[] = [];
    for (const m of text.matchAll(REFERENCE)) refs.push({ view: m[2] ?? null, sheet: m[3]!, at: m.index! });
    for (const m of text.matchAll(VIEW_ON_SHEET)) {
      if (MANUFACTURER_BEFORE.test(text.slice(0, m.index!))) continue;
      if (!refs.some((r) => r.view && r.sheet === m[2])) refs.push({ view: m[1]!, sheet: m[2]!, at: m.index! });
    }
    const numbered: typeof refs = [];
    for (const m of text.matchAll(SHEET_WORD_REFERENCE)) numbered.push({ view: null, sheet: m[1]!, at: m.index! });
    for (const r of [...refs, ...numbered]) {
      // A designator and a number, unless the note said SHEET before a plain number.
      if (!numbered.includes(r) && (!/[A-Z]/i.test(r.sheet) || !/\d/.test(r.sheet))) continue;
      const c = add({
        type: 'Callout',
        label: `${r.view ?? '–'}/${r.sheet}`,
        text,
        bbox: box,
        provenance: 'text:text-reference',
        props: { kind: 'text_reference', viewId: r.view, targetSheet: r.sheet, raw: next ? [line.text, next.text] : [line.text] },
        sameKey: null,
        viewKey: null,
      });
      if (!c) break;
      links.push({ callout: c.key, targetSheet: r.sheet, targetSheetNorm: normaliseSheetNumber(r.sheet, options), targetView: r.view ? r.view.toUpperCase() : null });
    }
  }

  // --- Keynotes and general notes: numbered lines under their heading ----------------------------
  for (const heading of drawingLines) {
    const keynote = KEYNOTE_HEADING.test(heading.text);
    if (!keynote && !NOTES_HEADING.test(heading.text)) continue;
    const reach: BBox = [heading.bbox[0] - 2 * heading.size, heading.bbox[3], heading.bbox[0] + 60 * heading.size, heading.bbox[3] + 80 * heading.size];
    const below = drawingLines.filter((l) => l !== heading && l.bbox[1] >= heading.bbox[1] + 1 && containsPoint(reach, [l.bbox[0], l.bbox[1]])).sort((a, b) => a.bbox[1] - b.bbox[1]);
    let bottom = heading.bbox[3];
    let current: { id: string; lines: TextLine[] } | null = null;
    const items: { id: string; lines: TextLine[] }[] = [];
    for (const l of below) {
      if (l.bbox[1] - bottom > 3 * l.size) break;
      if (KEYNOTE_HEADING.test(l.text) || NOTES_HEADING.test(l.text)) break;
      bottom = Math.max(bottom, l.bbox[3]);
      const m = NUMBERED.exec(l.text);
      if (m) items.push((current = { id: m[1]!, lines: [l] }));
      else current?.lines.push(l);
    }
    for (const item of items) {
      const text = item.lines.map((l) => l.text).join(' ').replace(NUMBERED, '$2');
      const e = add({
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
      for (const l of item.lines) for (const m of lineMentions.get(l) ?? []) rel('MENTIONS', e.key, m.key);
    }
  }

  // --- Notes at leaders, and what each points to ----------------------------------------------
  const pointables = () => entities.filter((e) => e.type !== 'Sheet' && e.type !== 'Note' && e.type !== 'Keynote');
  const lineByRun = new Map<number, TextLine>();
  for (const l of lines) for (const r of l.runs) lineByRun.set(r, l);
  for (const leader of analysis.annotations.leaders) {
    const text = leader.texts_inside.map((t) => t.text.trim()).filter(Boolean).join(' ');
    if (!text) continue;
    const note = add({ type: 'Note', label: text.length > 40 ? `${text.slice(0, 37)}…` : text, text, bbox: leader.text_bbox, provenance: 'tier1:leaders', props: { arrowTip: leader.arrow_tip }, sameKey: null, viewKey: null });
    if (!note) break;
    let target: DraftEntity | null = null;
    for (const e of pointables()) {
      if (containsPoint(e.bbox, leader.arrow_tip, 6) && (!target || area(e.bbox) < area(target.bbox))) target = e;
    }
    if (target) rel('POINTS_TO', note.key, target.key);
    const mentioned = new Set<string>();
    for (const t of leader.texts_inside) {
      const l = lineByRun.get(t.id);
      for (const m of (l && lineMentions.get(l)) ?? []) if (!mentioned.has(m.key)) mentioned.add(m.key), rel('MENTIONS', note.key, m.key);
    }
  }

  // --- Rooms ---------------------------------------------------------------------------------
  for (let i = 0; i < drawingLines.length; i++) {
    const num = drawingLines[i]!;
    if (!ROOM_NUMBER.test(num.text)) continue;
    const c = center(num.bbox);
    const name = drawingLines.find(
      (l) => l !== num && ROOM_NAME.test(l.text) && /[A-Z]{3}/.test(l.text) && l.bbox[3] <= num.bbox[1] + 1 && num.bbox[1] - l.bbox[3] < 1.5 * num.size && Math.abs(center(l.bbox)[0] - c[0]) < 1.5 * num.size,
    );
    if (!name || SCALE.test(name.text)) continue;
    if (!add({ type: 'Room', label: `${name.text} ${num.text}`, text: `room ${name.text} ${num.text}`, bbox: unionAll([name.bbox, num.bbox]), provenance: 'text:room-tag', props: { name: name.text, number: num.text }, sameKey: null, viewKey: null })) break;
  }

  // --- Revisions: deltas, clouds and revision-table rows, one entity per revision mark --------
  const revisions = new Map<string, DraftEntity>();
  const revision = (mark: string, box: BBox, provenance: string) => {
    const k = mark.toUpperCase();
    let r = revisions.get(k);
    if (!r) {
      r = add({ type: 'Revision', label: `REV ${k}`, text: `revision ${k}`, bbox: box, provenance, props: { number: k, date: null, description: null, clouds: [], deltas: [] }, sameKey: null, viewKey: null }) ?? undefined;
      if (r) revisions.set(k, r);
    }
    return r ?? null;
  };
  for (const l of lines) {
    const m = REVISION_ROW.exec(l.text);
    if (!m || !tb.bounds || !containsBox(expand(tb.bounds, 4), l.bbox)) continue;
    const r = revision(m[1]!, l.bbox, 'text:revision-row');
    if (!r) break;
    r.props.date = m[2];
    r.props.description = m[3]!.trim();
    r.text = `revision ${m[1]} ${m[2]} ${m[3]!.trim()}`;
    r.bbox = l.bbox;
  }
  for (const t of analysis.annotations.revision_triangles) {
    const r = revision(t.text.trim() || '?', t.bbox, 'tier1:revision_triangles');
    if (r) (r.props.deltas as BBox[]).push(t.bbox);
  }
  for (const cloud of analysis.annotations.revision_clouds) {
    // Rule cloud-delta: a cloud belongs to the nearest delta (they are drawn beside each other).
    let nearest: (typeof analysis.annotations.revision_triangles)[number] | null = null;
    for (const t of analysis.annotations.revision_triangles) if (!nearest || boxDistance(t.bbox, cloud.bbox) < boxDistance(nearest.bbox, cloud.bbox)) nearest = t;
    const r = revision(nearest?.text.trim() || '?', cloud.bbox, 'tier1:revision_clouds');
    if (!r) continue;
    (r.props.clouds as BBox[]).push(cloud.bbox);
    for (const e of entities) {
      if (e.type === 'Sheet' || e.type === 'Revision') continue;
      if (containsPoint(cloud.bbox, center(e.bbox))) rel('REVISED_IN', e.key, r.key, { cloud: cloud.id });
    }
  }
  for (const r of revisions.values()) rel('REVISED_IN', sheet.key, r.key);

  for (const e of entities) if (e !== sheet) rel('ON_SHEET', e.key, sheet.key);
  return { number, normNumber, title, discipline, entities, relationships, links };
}

/**
 * Pairs of lines that hold one reference between them (rule reference-over-two-lines): each line
 * ending with a lead maps to the line that continues it; that line maps to null (read with the
 * first). The next line reads in the same direction, starts within 2.5 of its font sizes below,
 * and overlaps it along the line. Only lines ending with a lead are paired, against lines
 * starting with SHEET, so the cost stays that of the few such lines. A second line that is a
 * reference on its own ("ON SHEET NO.23") is left to be read alone.
 */
function continuedReferences(lines: TextLine[]): Map<TextLine, TextLine | null> {
  const out = new Map<TextLine, TextLine | null>();
  const heads = lines.filter((l) => LEAD_AT_END.test(l.text));
  const tails = lines.filter((l) => SHEET_AT_START.test(l.text) && !new RegExp(SHEET_WORD_REFERENCE.source, 'i').test(l.text));
  for (const head of heads) {
    const h = readingFrame(head.bbox, head.angle);
    let best: TextLine | null = null;
    let bestGap = Infinity;
    for (const tail of tails) {
      if (out.has(tail) || Math.abs(tail.angle - head.angle) > 0.09) continue;
      const t = readingFrame(tail.bbox, head.angle);
      const gap = t.top - h.bottom;
      const overlaps = t.x1 < h.x2 && t.x2 > h.x1;
      if (overlaps && gap > -0.5 * head.size && gap < 2.5 * head.size && gap < bestGap) (best = tail), (bestGap = gap);
    }
    if (best) (out.set(head, best), out.set(best, null));
  }
  return out;
}
