// Rule sheet-title: the field labelled as the title (conventions.ts, TITLE_LABEL) holds it, as
// its largest lettering (a field may carry a smaller issue note, as "ISSUED FOR PERMIT" above the
// title); without a label, the title is the largest lettering of the title block that is no
// field label, number, date or scale, with the lines of the same size under it (titles wrap).
import type { BBox } from '../../../core/geometry/types.ts';
import { containsBox } from '../../../core/geometry/bbox.ts';
import { FIELD_LABEL, NOT_A_SHEET_NUMBER, NUMBER_LABEL, TITLE_LABEL } from './conventions.ts';
import type { Lettering } from './lettering.ts';
import { captionsUnderValues, justAbove } from './number.ts';

const SCALE_OR_DATE =
  /^(?:M\s*)?1\s*:\s*\d|^(?:SCALE|SCALA|MASSSTAB)\b|\d{1,2}[./]\d{1,2}[./]\d{2,4}|^[YMDJA]{2,4}[./-][MD]{2}[./-]/i;
/** A date written with the month's name ("May 2025", "12 Sep 2024", "3. März 2023", "giugno 2021"): a date field, never a title. */
const NAMED_DATE =
  /^(?:\d{1,2}\.?\s+)?(?:JAN|FEB|MAR|MÄR|APR|MAY|MAI|JUN|JUL|AUG|SEP|OCT|OKT|NOV|DEC|DEZ|GEN|MAG|GIU|LUG|AGO|SET|OTT|DIC)\p{L}*\.?,?\s+\d{4}$/iu;
const wordy = (s: string) =>
  !NAMED_DATE.test(s) && /\p{L}{3}/u.test(s) && !SCALE_OR_DATE.test(s) && !NOT_A_SHEET_NUMBER.some((re) => re.test(s));
const isLabel = (s: string) => FIELD_LABEL.test(s) || NUMBER_LABEL.test(s) || TITLE_LABEL.test(s);

/**
 * `area` is the title block (frame), or the outer band around the number when no block was found.
 * Of lettering as large as the largest (within TIE), the title is the one nearest the number: ISO
 * 7200 puts the title field beside the identification number, the NCS strip puts the sheet title
 * right above the sheet number. Lettering that is another field's value (under "PHASE", "PROJECT")
 * is that field, not the title.
 */
export function readSheetTitle(
  lines: readonly Lettering[],
  area: BBox,
  numberText: string | null,
  numberBox: BBox | null = null,
): string | null {
  const inside = lines.filter((l) => containsBox(area, l.box, 2));
  const labelled = labelledTitle(inside, captionsUnderValues(inside));
  if (labelled !== undefined) return labelled;
  const values = fieldValues(inside);
  const candidates = inside.filter(
    (l) => l.text !== numberText && wordy(l.text) && !isLabel(l.text) && !/[:：]$/.test(l.text) && !values.has(l),
  );
  const largest = Math.max(0, ...candidates.map((l) => l.size));
  const tied = candidates.filter((l) => l.size >= TIE * largest);
  // Without a number, the corner where the conventions put it: ISO 7200's identification zone
  // (number and title) is the block's bottom-right part, and the NCS strip ends in the sheet
  // title over the sheet number.
  const corner: BBox = [area[2], area[3], area[2], area[3]];
  const near = (l: Lettering) => boxGap(l.box, numberBox ?? corner);
  const nearest = tied.sort((a, b) => near(a) - near(b) || a.box[1] - b.box[1])[0];
  return nearest ? withQualifier(wrapped(firstLine(nearest, candidates), candidates), inside) : null;
}

/** Lettering this close to the largest in size is as large (one font, rounding in the plot). */
const TIE = 0.9;

const boxGap = (a: BBox, b: BBox) =>
  Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), Math.max(0, a[1] - b[3], b[1] - a[3]));

/** The first line under (or right after) each label of another field: that field's value. */
function fieldValues(lines: readonly Lettering[]): Set<Lettering> {
  const out = new Set<Lettering>();
  for (const label of lines) {
    if (!FIELD_LABEL.test(label.text) || label.text.replace(FIELD_LABEL, '').replace(/^[\s:]+/, '')) continue;
    const h = label.box[3] - label.box[1];
    const under = lines
      .filter(
        (o) =>
          o !== label &&
          o.box[1] >= label.box[3] - 0.3 * h &&
          o.box[1] - label.box[3] < 2 * Math.max(h, o.size) &&
          Math.abs(o.box[0] - label.box[0]) < 3 * h,
      )
      .sort((a, b) => a.box[1] - b.box[1])[0];
    if (under) out.add(under);
  }
  return out;
}

/**
 * A title's qualifier printed smaller on its baseline right after it ("GROUND FLOOR SCHEME (VSL)",
 * "PLAN - PART A"): lettering starting within a word space of the title's last line, on its baseline.
 * The space is typed after the title's last word, so it is set in the title's size (half an em of
 * it: a word space is a quarter to a third of an em), not the smaller qualifier's.
 */
function withQualifier(title: { text: string; last: Lettering }, lines: readonly Lettering[]): string {
  const l = title.last;
  const tail = lines.find(
    (o) =>
      o !== l &&
      o.box[0] >= l.box[2] - 1 &&
      o.box[0] - l.box[2] < 0.5 * l.size &&
      Math.abs(o.box[3] - l.box[3]) < 0.3 * l.size &&
      o.size < l.size,
  );
  return tail ? `${title.text} ${tail.text}` : title.text;
}

/**
 * The title under a title label (in a block lettering its labels as captions under the values,
 * right above it: number.ts, captionsUnderValues); null when the field is empty; undefined when the
 * block labels no title.
 */
function labelledTitle(lines: readonly Lettering[], captions: boolean): string | null | undefined {
  // "SHEET TITLE" / "DRAWING TITLE" before a bare "TITLE" or "PLAN".
  const labels = lines.filter((l) => TITLE_LABEL.test(l.text)).sort((a, b) => rank(a.text) - rank(b.text));
  for (const label of labels) {
    const rest = label.text.replace(TITLE_LABEL, '').trim();
    if (rest && wordy(rest) && !isLabel(rest)) return rest;
    if (rest) continue;
    const h = label.box[3] - label.box[1];
    // The field: lines below the label, down to the next label, within the label's column.
    const below = lines
      .filter(
        (o) =>
          o !== label &&
          o.box[1] >= label.box[3] - 0.3 * h &&
          o.box[0] >= label.box[0] - 3 * h &&
          o.box[0] <= label.box[0] + 30 * h,
      )
      .sort((a, b) => a.box[1] - b.box[1]);
    const field: Lettering[] = [];
    for (const o of below) {
      if (isLabel(o.text) || (field.length && o.box[1] - field[field.length - 1]!.box[3] > 3 * Math.max(h, o.size)))
        break;
      if (!field.length && o.box[1] - label.box[3] > 6 * Math.max(h, o.size)) break;
      field.push(o);
    }
    if (captions) {
      const over = lines.find((o) => o !== label && wordy(o.text) && !isLabel(o.text) && justAbove(o.box, label.box));
      if (over) return over.text;
    }
    const words = field.filter((o) => wordy(o.text));
    if (!words.length) return null;
    const size = Math.max(...words.map((o) => o.size));
    const kept = words.filter((o) => o.size >= 0.8 * size);
    return withQualifier({ text: kept.map((o) => o.text).join(' '), last: kept[kept.length - 1]! }, lines);
  }
  return undefined;
}

const rank = (s: string) => (/SHEET|DRAWING|DWG|OGGETTO|PLANINHALT|НАИМЕНОВАНИЕ/i.test(s) ? 0 : 1);

/** Whether `next` continues `last` on the line below: the same size, aligned, within a line's spacing. */
const continues = (last: Lettering, next: Lettering, size: number) =>
  Math.abs(next.size - size) < 0.15 * size &&
  next.box[1] >= last.box[3] - 0.2 * size &&
  next.box[1] - last.box[3] < 0.8 * size &&
  Math.abs(next.box[0] - last.box[0]) < 3 * size;

/** The first line of the wrapped title a line belongs to (the one nearest the corner may be its last). */
function firstLine(line: Lettering, lines: readonly Lettering[]): Lettering {
  let first = line;
  for (let guard = 0; guard < lines.length; guard++) {
    const above = lines.find((o) => o !== first && continues(o, first, line.size));
    if (!above) break;
    first = above;
  }
  return first;
}

/** The title line and the lines of its size right under it, aligned with it. */
function wrapped(top: Lettering, lines: readonly Lettering[]): { text: string; last: Lettering } {
  const out = [top];
  for (;;) {
    const last = out[out.length - 1]!;
    const next = lines.find((o) => !out.includes(o) && continues(last, o, top.size));
    if (!next) break;
    out.push(next);
  }
  return { text: out.map((o) => o.text).join(' '), last: out[out.length - 1]! };
}
