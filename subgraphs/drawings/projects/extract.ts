// One sheet's entities and relationships, from Tier 1's analysis of the page
// (as it is) and the page's text lines. Pure: no I/O; ids are local ("e12")
// until the store gives them project ids. Every rule is named here and
// recorded as the entity's provenance (`tier1:<kind>` or `text:<rule>`).
import type { BBox, PageGeometry, Point } from '../../../core/geometry/types.ts';
import {
  area,
  boxDistance,
  center,
  containsBox,
  containsPoint,
  expand,
  overlaps,
  unionAll,
} from '../../../core/geometry/bbox.ts';
import type { PageAnalysis } from '../detect/analyze.ts';
import type { EntityType, RelationshipType } from './model.ts';
import { disciplineOf, normaliseSheetNumber, isSheetNumber, type SheetNumberOptions } from './sheet-number.ts';
import type { TextLine } from './text-lines.ts';
import type { SheetIdentity } from '../titleblock/index.ts';
import { stackedTags } from './references/stacked-tags.ts';
import { noteReferences } from './references/text-references.ts';

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
  /** The title block's bounds on the page, null when none was found. */
  titleblock: BBox | null;
  entities: DraftEntity[];
  relationships: DraftRelationship[];
  links: DraftLink[];
}

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

/** Entities one page may yield: a dense sheet has a few thousand; more is hostile input, cut off. */
export const MAX_ENTITIES_PER_SHEET = 20_000;

/** Rule scale: a view title's scale ("SCALE: 1/2" = 1'-0"", "1:50", "NTS"). */
const SCALE =
  /(?:SCALE\s*(?::\s*)?)?((?<!\d)\d+(?:\s+\d+)?\/\d+"?\s*=\s*1'\s*(?:-\s*)?0"?|(?<!\d)\d+"\s*=\s*\d+'\s*(?:-\s*)?0"?|1\s*:\s*\d{1,4}\b|\bN\.?T\.?S\.?(?=\s|$)|NOT TO SCALE|FULL SCALE)/i;
/** Rule view-id: what names a view beside its title: 3, 12, A, B2. */
const VIEW_ID = /^([A-Z]{1,2}|[A-Z]?\d{1,3}[A-Z]?)$/;
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
const normLevel = (s: string) =>
  s
    .toUpperCase()
    .replace(/[\s.]+/g, ' ')
    .trim();

export function extractSheet(input: ExtractInput): SheetDraft {
  const { analysis, lines, bubbles, paths, page, options, identity } = input;
  const tb = { bounds: identity.titleblock };
  const number = identity.number;
  const normNumber = number ? normaliseSheetNumber(number, options) : null;
  const title = identity.title;
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
  const rel = (type: RelationshipType, source: string, target: string, props?: Record<string, unknown>) =>
    relationships.push({ type, source, target, props });

  const sheet = add({
    type: 'Sheet',
    label: number ?? `page ${page}`,
    // Its number, title and discipline, then every line printed on the page: a word the reading below turns
    // into no entity (a view title without a tag, a room name in a plan) is still found, as the sheet.
    text: sheetText([number, title, discipline].filter(Boolean).join(' — '), lines),
    bbox: tb.bounds ?? pageBox,
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

  // Text in the title block is the sheet's own furniture; only revision rows are read there.
  const inTitleblock = (b: BBox) => (tb.bounds ? containsBox(tb.bounds, b, 2) : false);
  const drawingLines = lines.filter((l) => !inTitleblock(l.bbox));

  // --- Views: a title line with its scale, and the tag beside it ----------------------------
  const tier1Tags = [
    ...analysis.annotations.detail_tags.map((t) => ({
      ...t,
      kind: 'detail' as 'detail' | 'section' | 'stacked',
      direction: null as string | null,
    })),
    ...analysis.annotations.section_tags.map((t) => ({
      ...t,
      kind: 'section' as 'detail' | 'section' | 'stacked',
      direction: t.direction as string | null,
    })),
  ];
  // Tags Tier 1 did not find, read from the text layer (references/stacked-tags.ts).
  const tags = [
    ...tier1Tags,
    ...stackedTags(
      drawingLines,
      tier1Tags.map((t) => t.bbox),
      paths,
    ).map((t, i) => ({
      id: `stacked-${i + 1}`,
      bbox: t.bbox,
      circle: { center: center(t.bbox), radius: Math.max(t.bbox[2] - t.bbox[0], t.bbox[3] - t.bbox[1]) / 2 },
      texts_inside: [
        { id: t.view.runs[0]!, text: t.view.text },
        { id: t.sheet.runs[0]!, text: t.sheet.text },
      ],
      kind: 'stacked' as const,
      direction: null,
    })),
  ];
  const namesAnotherSheet = (t: (typeof tags)[number]) => {
    const written = t.texts_inside
      .slice(1)
      .map((x) => x.text.trim())
      .join('');
    return !!normNumber && isSheetNumber(written) && normaliseSheetNumber(written, options) !== normNumber;
  };
  const provenanceOf = (t: (typeof tags)[number]) =>
    t.kind === 'stacked' ? 'text:stacked-tag' : `tier1:${t.kind}_tags`;
  const tagUsedAsViewMark = new Set<string>();
  const viewsByKey = new Map<string, DraftEntity>();
  for (const line of drawingLines) {
    const m = SCALE.exec(line.text);
    if (!m) continue;
    const before = line.text
      .slice(0, m.index)
      .replace(/\bSCALE\s*(?::\s*)?$/i, '')
      .trim();
    let titleLine: TextLine | null = /[A-Z]{3}/i.test(before) ? line : null;
    let titleText = before;
    if (!titleLine) {
      // The title sits just above its scale line.
      let best: TextLine | null = null;
      for (const other of drawingLines) {
        if (other === line || other.bbox[3] > line.bbox[1] + 1) continue;
        const gap = line.bbox[1] - other.bbox[3];
        const xOverlap = Math.min(other.bbox[2], line.bbox[2]) - Math.max(other.bbox[0], line.bbox[0]);
        if (
          gap < 3 * line.size &&
          xOverlap > -line.size &&
          /[A-Z]{3}/.test(other.text) &&
          !SCALE.test(other.text) &&
          (!best || other.bbox[3] > best.bbox[3])
        )
          best = other;
      }
      if (!best) continue;
      titleLine = best;
      titleText = best.text;
    }
    const area_ = unionAll([titleLine.bbox, line.bbox]);
    // The view's tag: the nearest tag to the left of the title, within a few tag sizes. A view
    // title's tag names the sheet it is on (UDS): one naming another sheet is a callout beside it.
    let tag: (typeof tags)[number] | null = null;
    let tagDist = Infinity;
    for (const t of tags) {
      if (namesAnotherSheet(t)) continue;
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
        const besideVertically =
          other.bbox[3] >= area_[1] - titleLine.size && other.bbox[1] <= area_[3] + titleLine.size;
        if (
          VIEW_ID.test(other.text) &&
          other.bbox[2] <= area_[0] + 1 &&
          area_[0] - other.bbox[2] < 6 * titleLine.size &&
          besideVertically
        ) {
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
      provenance: tag ? `text:view-title+${provenanceOf(tag)}` : 'text:view-title',
      props: {
        viewId,
        title: titleText,
        scale,
        tagSheet: tag
          ? tag.texts_inside
              .slice(1)
              .map((t) => t.text.trim())
              .join('') || null
          : null,
      },
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
    const texts = tagTexts(t.texts_inside.map((x) => x.text.trim()).filter(Boolean));
    const viewId = texts[0] ?? null;
    const rest = texts.slice(1).join('');
    let targetSheet: string | null;
    if (!rest || /^[-–—]+$/.test(rest))
      targetSheet = sameSheetNumber; // no sheet written: this sheet
    else if (isSheetNumber(rest) || (t.kind !== 'stacked' && PLAIN_SHEET.test(rest))) targetSheet = rest;
    else targetSheet = null;
    const callout = add({
      type: 'Callout',
      label: `${viewId ?? '?'}/${targetSheet ?? (rest || '?')}`,
      text: `${t.kind} ${viewId ?? ''} ${targetSheet ? `on ${targetSheet}` : rest}`.replace(/\s+/g, ' ').trim(),
      bbox: t.bbox,
      provenance: provenanceOf(t),
      props: { kind: t.kind, viewId, targetSheet, raw: texts, direction: t.direction, sameSheet: !rest },
      sameKey: null,
      viewKey: null,
    });
    if (!callout) break;
    links.push({
      callout: callout.key,
      targetSheet: targetSheet ?? (rest || null),
      targetSheetNorm: targetSheet ? normaliseSheetNumber(targetSheet, options) : null,
      targetView: viewId ? viewId.toUpperCase() : null,
    });
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
    const pts = [...byLabel.entries()]
      .filter(([l]) => (/^\d/.test(l) ? 'number' : 'letter') === style)
      .flatMap(([, bs]) => bs.map((b) => b.center));
    if (pts.length < 2) return null;
    const sx = Math.max(...pts.map((p) => p[0])) - Math.min(...pts.map((p) => p[0]));
    const sy = Math.max(...pts.map((p) => p[1])) - Math.min(...pts.map((p) => p[1]));
    return sx >= sy ? 'vertical' : 'horizontal';
  };
  const axes = { letter: axisOf('letter'), number: axisOf('number') };
  const gridsByLabel = new Map<string, DraftEntity>();
  for (const [label, bs] of byLabel) {
    const box = unionAll(
      bs.map(
        (b) => [b.center[0] - b.radius, b.center[1] - b.radius, b.center[0] + b.radius, b.center[1] + b.radius] as BBox,
      ),
    );
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
    const e = add({
      type: 'MemberMark',
      label: k,
      text: `member ${raw}`,
      bbox: box,
      provenance,
      props: { mark: k, occurrences: [box] },
      sameKey: `MemberMark:${k}`,
      viewKey: null,
    });
    if (e) marksByKey.set(k, e);
    return e;
  };
  const levelOn = (raw: string, box: BBox) => {
    const k = normLevel(raw);
    const existing = levelsByKey.get(k);
    if (existing) return existing;
    const e = add({
      type: 'Level',
      label: k,
      text: `level ${raw}`,
      bbox: box,
      provenance: 'text:level',
      props: { name: k },
      sameKey: `Level:${k.replace(/\s/g, '')}`,
      viewKey: null,
    });
    if (e) levelsByKey.set(k, e);
    return e;
  };
  const legendSheet = discipline === 'General' || LEGEND_TITLE.test(title ?? '');
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
  }
  // Text references (references/text-references.ts): a legend shows them as examples, not references.
  for (const note of legendSheet ? [] : noteReferences(drawingLines)) {
    for (const r of note.refs) {
      const c = add({
        type: 'Callout',
        label: `${r.view ?? '–'}/${r.sheet}`,
        text: note.text,
        bbox: note.box,
        provenance: 'text:text-reference',
        props: { kind: 'text_reference', viewId: r.view, targetSheet: r.sheet, raw: note.raw, language: r.language },
        sameKey: null,
        viewKey: null,
      });
      if (!c) break;
      links.push({
        callout: c.key,
        targetSheet: r.sheet,
        targetSheetNorm: normaliseSheetNumber(r.sheet, options),
        targetView: r.view,
      });
    }
  }

  // --- Keynotes and general notes: numbered lines under their heading ----------------------------
  for (const heading of drawingLines) {
    const keynote = KEYNOTE_HEADING.test(heading.text);
    if (!keynote && !NOTES_HEADING.test(heading.text)) continue;
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
      const text = item.lines
        .map((l) => l.text)
        .join(' ')
        .replace(NUMBERED, '$2');
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
    const text = leader.texts_inside
      .map((t) => t.text.trim())
      .filter(Boolean)
      .join(' ');
    if (!text) continue;
    const note = add({
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
    let target: DraftEntity | null = null;
    for (const e of pointables()) {
      if (containsPoint(e.bbox, leader.arrow_tip, 6) && (!target || area(e.bbox) < area(target.bbox))) target = e;
    }
    if (target) rel('POINTS_TO', note.key, target.key);
    const mentioned = new Set<string>();
    for (const t of leader.texts_inside) {
      const l = lineByRun.get(t.id);
      for (const m of (l && lineMentions.get(l)) ?? [])
        if (!mentioned.has(m.key)) (mentioned.add(m.key), rel('MENTIONS', note.key, m.key));
    }
  }

  // --- Rooms ---------------------------------------------------------------------------------
  for (let i = 0; i < drawingLines.length; i++) {
    const num = drawingLines[i]!;
    if (!ROOM_NUMBER.test(num.text)) continue;
    const c = center(num.bbox);
    const name = drawingLines.find(
      (l) =>
        l !== num &&
        ROOM_NAME.test(l.text) &&
        /[A-Z]{3}/.test(l.text) &&
        l.bbox[3] <= num.bbox[1] + 1 &&
        num.bbox[1] - l.bbox[3] < 1.5 * num.size &&
        Math.abs(center(l.bbox)[0] - c[0]) < 1.5 * num.size,
    );
    if (!name || SCALE.test(name.text)) continue;
    if (
      !add({
        type: 'Room',
        label: `${name.text} ${num.text}`,
        text: `room ${name.text} ${num.text}`,
        bbox: unionAll([name.bbox, num.bbox]),
        provenance: 'text:room-tag',
        props: { name: name.text, number: num.text },
        sameKey: null,
        viewKey: null,
      })
    )
      break;
  }

  // --- Revisions: deltas, clouds and revision-table rows, one entity per revision mark --------
  const revisions = new Map<string, DraftEntity>();
  const revision = (mark: string, box: BBox, provenance: string) => {
    const k = mark.toUpperCase();
    let r = revisions.get(k);
    if (!r) {
      r =
        add({
          type: 'Revision',
          label: `REV ${k}`,
          text: `revision ${k}`,
          bbox: box,
          provenance,
          props: { number: k, date: null, description: null, clouds: [], deltas: [] },
          sameKey: null,
          viewKey: null,
        }) ?? undefined;
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
    for (const t of analysis.annotations.revision_triangles)
      if (!nearest || boxDistance(t.bbox, cloud.bbox) < boxDistance(nearest.bbox, cloud.bbox)) nearest = t;
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
  return { number, normNumber, title, discipline, titleblock: tb.bounds ?? null, entities, relationships, links };
}

/**
 * Rule plain-sheet-in-tag: under the bar of a tag symbol Tier 1 found from its circle, a plain
 * number is the sheet. Sets numbered 1..n (DIN and ISO offices' "Blatt 12", small US offices) print
 * it so, and the symbol itself says what the lettering is (NCS/UDS; CADD Standard Annex B 2.4). A
 * tag read from the text layer (stacked-tags.ts) still needs a designator: a number over a
 * number there is as often a dimension or a level.
 */
const PLAIN_SHEET = /^\d{1,3}(?:\.\d{1,3})?$/;

/**
 * A tag's view id first, then its sheet. Tier 1 lists a tag's lettering top to bottom on the page;
 * at the far end of a section line the tag is often drawn turned half round, and the sheet number
 * then stands above the view id. Each part is known by its form: the sheet number has a designator
 * and a digit, the view id is short.
 */
export function tagTexts(texts: string[]): string[] {
  const [first, second] = texts;
  const sheetLike = (s: string) => isSheetNumber(s) && /[A-Z]/i.test(s) && /\d/.test(s);
  if (texts.length === 2 && sheetLike(first!) && VIEW_ID.test(second!) && !sheetLike(second!)) return [second!, first!];
  return texts;
}
