// Rule sheet-title: the field labelled as the title (conventions.ts, TITLE_LABEL) holds it, as
// its largest lettering (a field may carry a smaller issue note, as "ISSUED FOR PERMIT" above the
// title); without a label, the title is the largest lettering of the title block that is no
// field label, number, date or scale, with the lines of the same size under it (titles wrap).
import type { BBox } from '../../../../core/geometry/types.ts';
import { containsBox } from '../../../../core/geometry/bbox.ts';
import { FIELD_LABEL, NOT_A_SHEET_NUMBER, NUMBER_LABEL, TITLE_LABEL } from './conventions.ts';
import type { Lettering } from './lettering.ts';

const SCALE_OR_DATE = /^(?:M\s*)?1\s*:\s*\d|^(?:SCALE|SCALA|MASSSTAB)\b|\d{1,2}[./]\d{1,2}[./]\d{2,4}|^[YMDJA]{2,4}[./-][MD]{2}[./-]/i;
const wordy = (s: string) => /\p{L}{3}/u.test(s) && !SCALE_OR_DATE.test(s) && !NOT_A_SHEET_NUMBER.some((re) => re.test(s));
const isLabel = (s: string) => FIELD_LABEL.test(s) || NUMBER_LABEL.test(s) || TITLE_LABEL.test(s);

/** `area` is the title block (frame), or the outer band around the number when no block was found. */
export function readSheetTitle(lines: readonly Lettering[], area: BBox, numberText: string | null): string | null {
  const inside = lines.filter((l) => containsBox(area, l.box, 2));
  const labelled = labelledTitle(inside);
  if (labelled !== undefined) return labelled;
  const candidates = inside.filter((l) => l.text !== numberText && wordy(l.text) && !isLabel(l.text) && !/[:：]$/.test(l.text));
  const top = candidates.sort((a, b) => b.size - a.size || a.box[1] - b.box[1])[0];
  return top ? wrapped(top, candidates) : null;
}

/** The title under a title label; null when the field is empty; undefined when the block labels no title. */
function labelledTitle(lines: readonly Lettering[]): string | null | undefined {
  // "SHEET TITLE" / "DRAWING TITLE" before a bare "TITLE" or "PLAN".
  const labels = lines.filter((l) => TITLE_LABEL.test(l.text)).sort((a, b) => rank(a.text) - rank(b.text));
  for (const label of labels) {
    const rest = label.text.replace(TITLE_LABEL, '').trim();
    if (rest && wordy(rest) && !isLabel(rest)) return rest;
    if (rest) continue;
    const h = label.box[3] - label.box[1];
    // The field: lines below the label, down to the next label, within the label's column.
    const below = lines
      .filter((o) => o !== label && o.box[1] >= label.box[3] - 0.3 * h && o.box[0] >= label.box[0] - 3 * h && o.box[0] <= label.box[0] + 30 * h)
      .sort((a, b) => a.box[1] - b.box[1]);
    const field: Lettering[] = [];
    for (const o of below) {
      if (isLabel(o.text) || (field.length && o.box[1] - field[field.length - 1]!.box[3] > 3 * Math.max(h, o.size))) break;
      if (!field.length && o.box[1] - label.box[3] > 6 * Math.max(h, o.size)) break;
      field.push(o);
    }
    const words = field.filter((o) => wordy(o.text));
    if (!words.length) return field.length ? null : null;
    const size = Math.max(...words.map((o) => o.size));
    return words.filter((o) => o.size >= 0.8 * size).map((o) => o.text).join(' ');
  }
  return undefined;
}

const rank = (s: string) => (/SHEET|DRAWING|DWG|OGGETTO|PLANINHALT|НАИМЕНОВАНИЕ/i.test(s) ? 0 : 1);

/** The title line and the lines of its size right under it, aligned with it. */
function wrapped(top: Lettering, lines: readonly Lettering[]): string {
  const out = [top];
  for (;;) {
    const last = out[out.length - 1]!;
    const next = lines.find((o) => !out.includes(o) && Math.abs(o.size - top.size) < 0.15 * top.size && o.box[1] >= last.box[3] - 0.2 * top.size && o.box[1] - last.box[3] < 0.8 * top.size && Math.abs(o.box[0] - last.box[0]) < 3 * top.size);
    if (!next) break;
    out.push(next);
  }
  return out.map((o) => o.text).join(' ');
}
