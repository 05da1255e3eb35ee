// Rule sheet-index: a cover or general sheet lists the set (NCS/UDS "sheet index", German
// "Planliste"/"Planverzeichnis", Italian "elenco tavole"): rows of a sheet number and its title.
// Three or more rows whose first word is a sheet number, starting at one x (a table column),
// under an index heading, are an index. It confirms or corrects the number and title each sheet's title block gave.
import type { Lettering } from './lettering.ts';
import { UDS_NUMBER } from './conventions.ts';
import { normaliseSheetNumber } from '../projects/sheet-number.ts';

export interface IndexRow {
  number: string;
  title: string;
}

const ROW = /^([A-Z]{1,2}[-. ]?\d{1,3}(?:\.\d{1,3})?[A-Z]?)\s+(\S.{2,})$/;
const MIN_ROWS = 3;

export function readSheetIndex(lines: readonly Lettering[]): IndexRow[] {
  const rows = lines
    .map((l) => ({ l, m: ROW.exec(l.text) }))
    .filter((r) => r.m && UDS_NUMBER.test(r.m[1]!) && /\p{L}{3}/u.test(r.m[2]!));
  // A column: rows starting within one letter height of each other.
  const columns = new Map<number, typeof rows>();
  for (const r of rows) {
    const k = Math.round(r.l.box[0] / Math.max(r.l.size, 1));
    columns.set(k, [...(columns.get(k) ?? []), r]);
  }
  const out: IndexRow[] = [];
  for (const col of columns.values())
    if (
      col.length >= MIN_ROWS &&
      headed(
        col.map((r) => r.l),
        lines,
      )
    )
      for (const r of col) out.push({ number: r.m![1]!, title: r.m![2]!.trim() });
  return out;
}

/**
 * An index is headed as one (NCS "SHEET INDEX", "DRAWING INDEX", "LIST OF DRAWINGS"; German
 * "Planliste", "Planverzeichnis"; Italian "Elenco tavole"): a legend or schedule whose rows start
 * with a key in sheet-number form (CE-1, P2 …) is not one.
 */
const INDEX_HEADING =
  /\b(?:SHEET|DRAWING|DWG\.?)S?\s+(?:INDEX|LIST)\b|\bINDEX\s+OF\s+(?:SHEETS|DRAWINGS)\b|\bLIST\s+OF\s+(?:SHEETS|DRAWINGS)\b|\bPLAN(?:LISTE|VERZEICHNIS)\b|\bELENCO\s+(?:TAVOLE|ELABORATI)\b/i;

function headed(rows: readonly Lettering[], lines: readonly Lettering[]): boolean {
  const top = Math.min(...rows.map((r) => r.box[1]));
  const left = Math.min(...rows.map((r) => r.box[0]));
  const right = Math.max(...rows.map((r) => r.box[2]));
  const size = Math.max(...rows.map((r) => r.size));
  // Above the first row, within a few rows' height, over the column.
  return lines.some(
    (l) =>
      INDEX_HEADING.test(l.text) &&
      l.box[3] <= top + 1 &&
      top - l.box[3] < 6 * size &&
      l.box[2] >= left - 2 * size &&
      l.box[0] <= right,
  );
}

export type IndexStatus = 'confirmed' | 'corrected' | 'disagrees' | 'not_listed';

export interface IndexCheck {
  status: IndexStatus;
  /** What the title block printed, when the index corrected it. */
  titleblock: { number: string | null; title: string | null };
  /** The index's row for this sheet, when one matched. */
  index: IndexRow | null;
  note: string | null;
}

const titleKey = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const sameTitle = (a: string | null, b: string | null) => !!a && !!b && titleKey(a) === titleKey(b);
const norm = (s: string) => normaliseSheetNumber(s);

/** The index's rows by normalised number and by title: each sheet is checked in constant time. */
interface IndexLookup {
  byNumber: Map<string, IndexRow>;
  byTitle: Map<string, IndexRow[]>;
}

function lookupOf(index: readonly IndexRow[]): IndexLookup {
  const byNumber = new Map<string, IndexRow>();
  const byTitle = new Map<string, IndexRow[]>();
  for (const r of index) {
    if (!byNumber.has(norm(r.number))) byNumber.set(norm(r.number), r);
    const k = titleKey(r.title);
    byTitle.set(k, [...(byTitle.get(k) ?? []), r]);
  }
  return { byNumber, byTitle };
}

/**
 * The sheet against the index: the number found in it confirms the sheet (a missing title is taken
 * from it, a different one is reported); a number not in it, or none, is corrected from the row whose
 * title matches the sheet's; otherwise the sheet is reported as not listed.
 */
export function checkAgainstIndex(
  number: string | null,
  title: string | null,
  index: readonly IndexRow[] | IndexLookup,
): { number: string | null; title: string | null; check: IndexCheck } {
  const { byNumber: numbers, byTitle: titles } = Array.isArray(index)
    ? lookupOf(index as readonly IndexRow[])
    : (index as IndexLookup);
  const printed = { number, title };
  const byNumber = number ? numbers.get(norm(number)) : undefined;
  if (byNumber) {
    if (!title)
      return {
        number,
        title: byNumber.title,
        check: { status: 'corrected', titleblock: printed, index: byNumber, note: 'title taken from the sheet index' },
      };
    if (sameTitle(title, byNumber.title))
      return { number, title, check: { status: 'confirmed', titleblock: printed, index: byNumber, note: null } };
    return {
      number,
      title,
      check: {
        status: 'disagrees',
        titleblock: printed,
        index: byNumber,
        note: `the index titles ${byNumber.number} "${byNumber.title}"`,
      },
    };
  }
  const byTitle = title ? (titles.get(titleKey(title)) ?? []) : [];
  if (byTitle.length === 1) {
    const row = byTitle[0]!;
    return {
      number: row.number,
      title,
      check: {
        status: 'corrected',
        titleblock: printed,
        index: row,
        note: number
          ? `the title block prints ${number}, the index lists this title as ${row.number}`
          : `number taken from the sheet index`,
      },
    };
  }
  return {
    number,
    title,
    check: {
      status: 'not_listed',
      titleblock: printed,
      index: null,
      note: number ? `${number} is not in the sheet index` : null,
    },
  };
}

/** A sheet as the set check sees it: what its title block printed, and the index it prints (a cover). */
export interface SheetOfSet {
  id: string;
  number: string | null;
  title: string | null;
  index: readonly IndexRow[];
}

export interface SetIndexCheck {
  /** The sheets that print an index (usually the cover); empty when the set has none. */
  indexSheets: string[];
  /** Per sheet id, the sheet against the index; no entry when the set prints no index. */
  sheets: Map<string, IndexCheck>;
  /** Rows of the index with no sheet of that number in the project (not ingested, or misread). */
  unmatchedRows: IndexRow[];
}

/**
 * Rule index-check (no labels needed): every sheet's title-block number should be a row of the
 * set's index. The index is the union of the rows every index sheet prints (a long index runs
 * over two sheets); the check is recomputed from all the project's sheets, so it holds whatever
 * order the sheets arrive in.
 */
export function checkSetAgainstIndex(sheets: readonly SheetOfSet[]): SetIndexCheck {
  const indexSheets = sheets.filter((s) => s.index.length).map((s) => s.id);
  const rows: IndexRow[] = [];
  const seen = new Set<string>();
  for (const s of sheets)
    for (const r of s.index)
      if (!seen.has(norm(r.number))) {
        seen.add(norm(r.number));
        rows.push(r);
      }
  const out = new Map<string, IndexCheck>();
  if (!rows.length) return { indexSheets, sheets: out, unmatchedRows: [] };
  const lookup = lookupOf(rows);
  for (const s of sheets) out.set(s.id, checkAgainstIndex(s.number, s.title, lookup).check);
  const numbers = new Set(sheets.map((s) => (s.number ? norm(s.number) : '')).filter(Boolean));
  return { indexSheets, sheets: out, unmatchedRows: rows.filter((r) => !numbers.has(norm(r.number))) };
}
