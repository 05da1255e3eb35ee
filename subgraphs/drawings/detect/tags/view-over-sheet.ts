// VIEW OVER SHEET. A callout names a view and the sheet it is drawn on: the view's number or
// letter above, the sheet's identifier below (PSPC National CADD Standard, Annex B 2.1–2.4; the
// US NCS's detail, section and elevation indicators). Most offices split the circle with a bar
// between the two; some letter the two lines in a plain circle. A sheet identifier, per the
// UDS, is a discipline letter or two and a number (A-301, A706, S1.1, AE213), so a plain circle
// holding a line over such an identifier is a callout, whatever else is round on the sheet:
// grid bubbles, keynotes, door and room numbers hold one line, type tags a bare letter over a
// bare number.
import type { TextRef } from '../texts.ts';

/** A sheet identifier: discipline designator, optional separator, sheet number (UDS). */
export const SHEET_ID = /^[A-Z]{1,3}[-.]?\d{1,4}(\.\d{1,3})?[A-Z]?$/i;
/** A view's identifier: a number or a letter or two, as callouts letter them. */
const VIEW_ID = /^([A-Z]{1,2}\d{0,2}|\d{1,3}[A-Z]?)$/i;

/** Two lines, top to bottom: a view identifier over a sheet identifier. */
export function isViewOverSheet(texts: readonly TextRef[]): boolean {
  if (texts.length !== 2) return false;
  const [view, sheet] = [texts[0]!.text.trim(), texts[1]!.text.trim()];
  return VIEW_ID.test(view) && SHEET_ID.test(sheet) && /\d/.test(sheet) && /[A-Z]/i.test(sheet);
}
