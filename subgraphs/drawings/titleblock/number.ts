// Rule sheet-number: which lettering on a sheet is its number.
//   1. labelled field: lettering after (or under) a number label (conventions.ts, NUMBER_LABEL)
//      in the sheet's outer band wins: the office said what it is;
//   2. else the largest lettering in UDS form (conventions.ts, UDS_NUMBER) in the outer band,
//      at least LARGE times the sheet's typical lettering: UDS and the NCS title block print the
//      sheet number as the largest lettering of the title block, in its lower corner;
//   3. else the largest drawing-number-like lettering there, at least HUGE times typical (ISO and
//      Tekla blocks print the drawing number very large).
// The outer band is where title blocks sit, in the sheet's frame: the right quarter or the bottom
// quarter (UDS strips, ISO 7200 corner blocks, DIN and GOST stamps are all there).
import type { BBox } from '../../../core/geometry/types.ts';
import {
  DRAWING_NUMBER,
  FIELD_LABEL,
  NOT_A_SHEET_NUMBER,
  NUMBER_LABEL,
  TITLE_LABEL,
  UDS_NUMBER,
} from './conventions.ts';
import type { Lettering } from './lettering.ts';

export interface NumberReading {
  text: string;
  /** In the sheet's frame. */
  box: BBox;
  rule: 'labelled-field' | 'largest-uds' | 'largest-drawing-number';
}

const LARGE = 1.8;
const HUGE = 2.5;

const notNumber = (s: string) => NOT_A_SHEET_NUMBER.some((re) => re.test(s));
const isUds = (s: string) => UDS_NUMBER.test(s.toUpperCase()) && !notNumber(s);
const isDrawingNumber = (s: string) => DRAWING_NUMBER.test(s) && !/\s/.test(s) && !notNumber(s);
/**
 * Under a number label the office said what the lettering is: a drawing number that reads like a
 * date ("5.1.00", DIN offices number plans by building part, floor and sequence) is still the number.
 * Only what cannot be one is left out: scales, file names, standards, telephone numbers.
 */
const NEVER_A_NUMBER = [
  /^1\s*:\s*\d+/,
  /\.(?:dwg|dxf|dgn|pdf|rvt|pln)$/i,
  /^(?:ISO|DIN|EN|UNI|NF|BS|GOST|ГОСТ)\b/i,
  /^\+?\d{1,3}(?:[ .-]\d{2,4}){2,}$/,
];
/**
 * A revision printed after the number in its field ("QL-001 V3", "A-101 REV 2", "5.1.00 Index B"):
 * ISO 7200 and the NCS give the revision its own field, so it is not part of the number.
 */
const REVISION_WORD = /^(?:V|VER\.?|REV\.?|R|INDEX|IDX\.?|STAND)$/i;
const REVISION_MARK = /^(?:V|R|REV)?[A-Z0-9]{1,3}$/i;
function withoutRevision(s: string): string {
  const parts = s.split(' ').filter(Boolean);
  if (parts.length === 2 && /^(?:V|R|REV)\d{1,3}$/i.test(parts[1]!)) return parts[0]!;
  if (parts.length === 3 && REVISION_WORD.test(parts[1]!) && REVISION_MARK.test(parts[2]!)) return parts[0]!;
  return s;
}
const isLabelledNumber = (s: string) =>
  DRAWING_NUMBER.test(s) && !/\s/.test(s) && !NEVER_A_NUMBER.some((re) => re.test(s));
/** Unlabelled, a drawing number must carry a letter: digits alone are dimensions, codes or telephone numbers. */
const isLetteredNumber = (s: string) => isDrawingNumber(s) && /\p{L}/u.test(s);

export function typicalSize(lines: readonly Lettering[]): number {
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  return sizes[Math.floor(sizes.length / 2)] ?? 1;
}

export function inOuterBand(box: BBox, width: number, height: number): boolean {
  return box[0] >= 0.72 * width || box[1] >= 0.72 * height;
}

export function readSheetNumber(lines: readonly Lettering[], width: number, height: number): NumberReading | null {
  const band = lines.filter((l) => inOuterBand(l.box, width, height));
  const labelled = labelledValue(
    band,
    NUMBER_LABEL,
    (s) => isUds(s) || isLabelledNumber(s) || /^\d{1,3}[A-Z]?$/.test(s),
    captionsUnderValues(band),
  );
  if (labelled) return { ...labelled, rule: 'labelled-field' };
  const typical = typicalSize(lines);
  const largest = (ok: (s: string) => boolean, factor: number) =>
    band
      .filter((l) => ok(l.text) && l.size >= factor * typical)
      .sort((a, b) => b.size - a.size || b.box[3] - a.box[3])[0] ?? null;
  const uds = largest(isUds, LARGE);
  if (uds) return { text: uds.text, box: uds.box, rule: 'largest-uds' };
  const dn = largest(isLetteredNumber, HUGE);
  return dn ? { text: dn.text, box: dn.box, rule: 'largest-drawing-number' } : null;
}

/**
 * The value of a labelled field: on the label's line after it ("Plan-Nr.: 6075_A_GR_EG_901"), else the
 * nearest acceptable line to its right on its row, else the nearest below it within a few of its
 * heights; in a block whose labels are captions under their values (`captions`), the line right above it.
 */
export function labelledValue(
  lines: readonly Lettering[],
  label: RegExp,
  ok: (s: string) => boolean,
  captions = false,
): { text: string; box: BBox } | null {
  for (const l of lines) {
    const m = label.exec(l.text);
    if (!m) continue;
    const rest = withoutRevision(l.text.slice(m[0].length).trim());
    if (rest && ok(rest)) return { text: rest, box: l.box };
    if (rest) continue;
    const h = l.box[3] - l.box[1];
    let best: Lettering | null = null;
    let bestD = Infinity;
    for (const o of lines) {
      if (o === l || !ok(o.text)) continue;
      const right =
        o.box[0] >= l.box[2] - 1 &&
        Math.abs(o.box[3] - l.box[3]) < 0.6 * Math.max(h, o.box[3] - o.box[1]) &&
        o.box[0] - l.box[2] < 20 * h;
      const below =
        o.box[1] >= l.box[1] + 0.5 * h &&
        o.box[1] - l.box[3] < 4 * h &&
        o.box[0] < l.box[0] + 12 * h &&
        o.box[2] > l.box[0] - 2 * h;
      // A block that prints its labels as captions under the values (captionsUnderValues): the line right above, in the label's column.
      const above = captions && justAbove(o.box, l.box);
      const d = right
        ? o.box[0] - l.box[2]
        : below
          ? o.box[1] - l.box[3] + 0.5
          : above
            ? 100 * h + l.box[1] - o.box[3]
            : Infinity;
      if (d < bestD) {
        best = o;
        bestD = d;
      }
    }
    if (best) return { text: best.text, box: best.box };
  }
  return null;
}

/** `o` stands right over `label`, in its column: within one and a half of the label's heights. */
export function justAbove(o: BBox, label: BBox): boolean {
  const h = label[3] - label[1];
  return o[3] <= label[1] + 0.3 * h && label[1] - o[3] < 1.5 * h && Math.abs(o[0] - label[0]) < 2 * h;
}

const justBelow = (o: BBox, label: BBox) => justAbove(label, o);

/**
 * Rule caption-labels: a title block letters its field labels either as headings over the values
 * (ISO 7200 puts the label in the field's upper left, NCS blocks likewise) or as captions under
 * them (forms whose values are written on a line with the caption under it, as many DIN-style
 * stamps are). The block says which: its labels with a line right above and none right below
 * (the bottom row's captions) outnumber those with a line right below and none above.
 */
export function captionsUnderValues(lines: readonly Lettering[]): boolean {
  let captions = 0;
  let headings = 0;
  const labels = lines.filter((l) => FIELD_LABEL.test(l.text) || NUMBER_LABEL.test(l.text) || TITLE_LABEL.test(l.text));
  for (const l of labels) {
    if (
      l.text
        .replace(FIELD_LABEL, '')
        .replace(NUMBER_LABEL, '')
        .replace(TITLE_LABEL, '')
        .replace(/^[\s:]+/, '')
    )
      continue;
    const over = lines.some((o) => o !== l && justAbove(o.box, l.box));
    const under = lines.some((o) => o !== l && justBelow(o.box, l.box));
    if (over && !under) captions++;
    else if (under && !over) headings++;
  }
  return captions > headings;
}
