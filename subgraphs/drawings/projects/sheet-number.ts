// Sheet numbers as links compare them, and the discipline a number names.
//
// Rule (US National CAD Standard, sheet identification): a sheet number is a
// discipline designator (one letter, optionally a second modifier letter),
// an optional separator, then the sheet type digit and sequence. "A-501",
// "A501" and "A 501" are one sheet. A dot inside the number ("A5.01") is a
// separator in some offices and significant in others: it is dropped unless
// PROJECT_SHEET_DOTS=keep.
import { readVariables } from '../../../core/env/read.ts';

/** A token that reads as a sheet number: letters, optional separator, digits, optional dot part and suffix letter. */
export const SHEET_NUMBER_PATTERN = '[A-Z]{1,3}[-. ]?\\d{1,4}(?:\\.\\d{1,3})?[A-Z]?';
const WHOLE = new RegExp(`^${SHEET_NUMBER_PATTERN}$`);

export const isSheetNumber = (s: string): boolean => WHOLE.test(s.trim().toUpperCase());

export interface SheetNumberOptions {
  keepDots: boolean;
}

export const sheetNumberOptions = (env: NodeJS.ProcessEnv = process.env): SheetNumberOptions => ({
  keepDots: readVariables(env).PROJECT_SHEET_DOTS === 'keep',
});

/** @example normaliseSheetNumber('A-5.01') // → 'A501' */
export function normaliseSheetNumber(raw: string, options: SheetNumberOptions = { keepDots: false }): string {
  let s = raw.toUpperCase().replace(/[\s_\-–]+/g, '');
  if (!options.keepDots) s = s.replace(/\./g, '');
  return s;
}

/** NCS discipline designators (the first letter of the number). */
const DISCIPLINES: Record<string, string> = {
  G: 'General',
  H: 'Hazardous Materials',
  V: 'Survey/Mapping',
  B: 'Geotechnical',
  W: 'Civil Works',
  C: 'Civil',
  L: 'Landscape',
  S: 'Structural',
  A: 'Architectural',
  I: 'Interiors',
  Q: 'Equipment',
  F: 'Fire Protection',
  P: 'Plumbing',
  D: 'Process',
  M: 'Mechanical',
  E: 'Electrical',
  T: 'Telecommunications',
  R: 'Resource',
  X: 'Other Disciplines',
  Z: 'Contractor/Shop Drawings',
  O: 'Operations',
};

/** @example disciplineOf('S-201') // → 'Structural' */
export function disciplineOf(number: string | null): string | null {
  const m = number ? /^([A-Z])/.exec(number.trim().toUpperCase()) : null;
  return m ? (DISCIPLINES[m[1]!] ?? null) : null;
}
