// Rule sheet-index and rule index-check: the cover's index read from its lettering, and every
// sheet of the set checked against it without labels.
import { describe, expect, it } from 'vitest';
import { checkSetAgainstIndex, readSheetIndex } from '../../../../subgraphs/drawings/titleblock/sheet-index.ts';
import type { Lettering } from '../../../../subgraphs/drawings/titleblock/lettering.ts';

const line = (text: string, x: number, y: number, size = 8): Lettering => ({
  text,
  box: [x, y - size, x + text.length * 0.6 * size, y],
  bbox: [x, y - size, x + text.length * 0.6 * size, y],
  size,
});

const cover = [
  line('SHEET INDEX', 100, 90, 12),
  line('G-001 COVER SHEET', 100, 110),
  line('A-101 FLOOR PLAN', 100, 122),
  line('A-201 ELEVATIONS', 100, 134),
  line('E400 ELECTRICAL SITE PLAN', 100, 146),
];

describe('sheet index', () => {
  it('reads three or more rows of a sheet number and a title starting in one column', () => {
    expect(readSheetIndex(cover)).toEqual([
      { number: 'G-001', title: 'COVER SHEET' },
      { number: 'A-101', title: 'FLOOR PLAN' },
      { number: 'A-201', title: 'ELEVATIONS' },
      { number: 'E400', title: 'ELECTRICAL SITE PLAN' },
    ]);
    // Two rows, or rows scattered over the sheet, are notes that mention sheets, not an index.
    expect(readSheetIndex([line('A-101 FLOOR PLAN', 100, 122), line('A-201 ELEVATIONS', 100, 134)])).toEqual([]);
    expect(
      readSheetIndex([
        line('A-101 FLOOR PLAN', 100, 122),
        line('A-201 ELEVATIONS', 400, 134),
        line('A-301 SECTIONS', 700, 300),
      ]),
    ).toEqual([]);
    // A legend whose keys look like sheet numbers, under no index heading, is not an index.
    expect(
      readSheetIndex([
        line('FINISH LEGEND', 100, 90, 12),
        line('CE-1 CERAMIC TILE', 100, 110),
        line('CE-2 CERAMIC BASE', 100, 122),
        line('P1 PAINT EGGSHELL', 100, 134),
      ]),
    ).toEqual([]);
    // German and Italian headings.
    expect(
      readSheetIndex([
        line('Planliste', 100, 90, 12),
        line('A-101 Grundriss EG', 100, 110),
        line('A-102 Grundriss OG', 100, 122),
        line('A-201 Schnitte', 100, 134),
      ]),
    ).toHaveLength(3);
  });

  it('checks every sheet against the index: confirmed, a title taken from it, a mismatch reported, a sheet not listed, and rows no sheet answers', () => {
    const index = readSheetIndex(cover);
    const check = checkSetAgainstIndex([
      { id: 'cover', number: 'G-001', title: 'COVER SHEET', index },
      { id: 'plan', number: 'A101', title: 'Floor plan', index: [] },
      { id: 'elev', number: 'A-201', title: null, index: [] },
      { id: 'site', number: 'E-400', title: 'LIGHTING PLAN', index: [] },
      { id: 'extra', number: 'S-101', title: 'FOUNDATION PLAN', index: [] },
    ]);
    expect(check.indexSheets).toEqual(['cover']);
    const status = (id: string) => check.sheets.get(id)?.status;
    expect([status('cover'), status('plan'), status('elev'), status('site'), status('extra')]).toEqual([
      'confirmed',
      'confirmed',
      'corrected',
      'disagrees',
      'not_listed',
    ]);
    expect(check.sheets.get('elev')!.index).toEqual({ number: 'A-201', title: 'ELEVATIONS' });
    expect(check.sheets.get('site')!.note).toBe('the index titles E400 "ELECTRICAL SITE PLAN"');
    expect(check.sheets.get('extra')!.note).toBe('S-101 is not in the sheet index');
    expect(check.unmatchedRows).toEqual([]);
  });

  it('holds whatever order sheets arrive in: before the cover there is no index, after it the rows not yet answered are listed', () => {
    const index = readSheetIndex(cover);
    expect(checkSetAgainstIndex([{ id: 'plan', number: 'A-101', title: 'FLOOR PLAN', index: [] }]).sheets.size).toBe(0);
    const partial = checkSetAgainstIndex([
      { id: 'plan', number: 'A-101', title: 'FLOOR PLAN', index: [] },
      { id: 'cover', number: 'G-001', title: 'COVER SHEET', index },
    ]);
    expect(partial.sheets.get('plan')!.status).toBe('confirmed');
    expect(partial.unmatchedRows.map((r) => r.number)).toEqual(['A-201', 'E400']);
  });

  it('corrects a sheet whose title block gave no number from the row with its title', () => {
    const check = checkSetAgainstIndex([
      { id: 'cover', number: 'G-001', title: 'COVER SHEET', index: readSheetIndex(cover) },
      { id: 'noNumber', number: null, title: 'ELEVATIONS', index: [] },
    ]);
    expect(check.sheets.get('noNumber')).toMatchObject({
      status: 'corrected',
      index: { number: 'A-201' },
      note: 'number taken from the sheet index',
    });
  });
});
