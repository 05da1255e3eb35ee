import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors.ts';
import {
  areaOf,
  findName,
  parseDefinedNames,
} from '../../../../subgraphs/documents/spreadsheet/template/defined-names.ts';
import { planWrites } from '../../../../subgraphs/documents/spreadsheet/template/mappings.ts';
import { openTemplate, type OpenTemplate } from '../../../../subgraphs/documents/spreadsheet/template/open-template.ts';
import {
  dropCachedResults,
  writeSheetCells,
} from '../../../../subgraphs/documents/spreadsheet/template/sheet-cells.ts';
import { invoiceTemplate } from './template-fixture.ts';

const SHEETS = [
  { name: 'Invoice', index: 0, part: 'xl/worksheets/sheet1.xml' },
  { name: "Bob's sheet", index: 1, part: 'xl/worksheets/sheet2.xml' },
];

describe('defined names', () => {
  const names = parseDefinedNames(
    `<definedNames><definedName name="Total">Invoice!$B$9</definedName><definedName name="Total" localSheetId="1">'Bob''s sheet'!$A$1:$C$2</definedName>` +
      `<definedName name="Rate">0.2</definedName><definedName name="Only" localSheetId="0">Invoice!B4</definedName><definedName name="Two">Invoice!$A$1,Invoice!$A$3</definedName></definedNames>`,
    SHEETS,
  );

  it('keeps the scope of each name and finds keys case-sensitively', () => {
    expect(findName('Total', names)).toMatchObject({ scope: null });
    expect(findName("'Bob''s sheet'!Total", names)).toMatchObject({ scope: "Bob's sheet" });
    expect(findName('Invoice!Only', names)).toMatchObject({ scope: 'Invoice' });
    expect(findName('Only', names)).toMatchObject({ scope: 'Invoice' });
    expect(findName('total', names)).toBeNull();
    expect(findName('Invoice!Total', names)).toBeNull();
  });

  it('reads one-area references, quoted or not, absolute or not; anything else is not an area', () => {
    expect(areaOf(findName("'Bob''s sheet'!Total", names)!)).toEqual({
      sheet: "Bob's sheet",
      box: { col1: 1, row1: 1, col2: 3, row2: 2 },
    });
    expect(areaOf(findName('Only', names)!)).toEqual({ sheet: 'Invoice', box: { col1: 2, row1: 4, col2: 2, row2: 4 } });
    expect(areaOf(findName('Rate', names)!)).toBeNull();
    expect(areaOf(findName('Two', names)!)).toBeNull();
  });
});

describe('writing cells into sheet XML', () => {
  const sheet =
    '<worksheet><sheetData><row r="2" spans="1:3"><c r="A2" s="4" t="s"><v>0</v></c><c r="C2" s="5"/></row>' +
    '<row r="5"><c r="B5"><f>SUM(A1:A4)</f><v>10</v></c><c r="C5" t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row></sheetData><tableParts count="1"/></worksheet>';

  it('replaces addressed cells keeping their style, inserts missing cells and rows in order', () => {
    const out = writeSheetCells(sheet, [
      { col: 1, row: 2, value: 'Beam & <Column>' },
      { col: 2, row: 2, value: 12.5 },
      { col: 3, row: 2, value: true },
      { col: 2, row: 3, value: '=A2*2' },
      { col: 1, row: 9, value: null },
    ]);
    expect(out).toBe(
      '<worksheet><sheetData><row r="2"><c r="A2" s="4" t="inlineStr"><is><t xml:space="preserve">Beam &amp; &lt;Column&gt;</t></is></c><c r="B2"><v>12.5</v></c><c r="C2" s="5" t="b"><v>1</v></c></row>' +
        '<row r="3"><c r="B3"><f>A2*2</f></c></row>' +
        '<row r="5"><c r="B5"><f>SUM(A1:A4)</f><v>10</v></c><c r="C5" t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row><row r="9"><c r="A9"/></row></sheetData><tableParts count="1"/></worksheet>',
    );
  });

  it('fills an empty sheetData', () => {
    expect(writeSheetCells('<worksheet><sheetData/></worksheet>', [{ col: 2, row: 1, value: 3 }])).toBe(
      '<worksheet><sheetData><row r="1"><c r="B1"><v>3</v></c></row></sheetData></worksheet>',
    );
  });

  it('refuses to overwrite the cell that carries a shared formula for others', () => {
    const shared =
      '<worksheet><sheetData><row r="1"><c r="A1"><f t="shared" ref="A1:A3" si="0">B1*2</f><v>2</v></c></row><row r="2"><c r="A2"><f t="shared" si="0"/></c></row></sheetData></worksheet>';
    expect(() => writeSheetCells(shared, [{ col: 1, row: 1, value: 5 }])).toThrow(/shared/);
    expect(writeSheetCells(shared, [{ col: 1, row: 2, value: 5 }])).toContain('<c r="A2"><v>5</v></c>');
  });

  it('refuses sheet XML it cannot address', () => {
    expect(() => writeSheetCells('<x:worksheet><x:sheetData/></x:worksheet>', [{ col: 1, row: 1, value: 1 }])).toThrow(
      /UNSUPPORTED|cannot be filled/,
    );
  });

  it('drops cached formula results so readers compute them', () => {
    expect(dropCachedResults(sheet)).toContain('<c r="B5"><f>SUM(A1:A4)</f></c><c r="C5"><f>"a"&amp;"b"</f></c>');
    expect(dropCachedResults(sheet)).toContain('<c r="A2" s="4" t="s"><v>0</v></c>');
  });
});

describe('data_mappings against a template', () => {
  let template: OpenTemplate;
  beforeAll(async () => {
    template = openTemplate((await invoiceTemplate()).toString('base64'));
  });
  const fail = (mappings: Record<string, unknown>): AppError => {
    try {
      planWrites(template, mappings as never);
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error('no error');
  };

  it('a flat list runs across a row, a list of rows fills the area, a value fills one cell', () => {
    expect(planWrites(template, { LineItems: ['Beam', 2, 100], Customer: 'ACME' })).toEqual([
      { sheet: 'Invoice', col: 1, row: 4, value: 'Beam' },
      { sheet: 'Invoice', col: 2, row: 4, value: 2 },
      { sheet: 'Invoice', col: 3, row: 4, value: 100 },
      { sheet: 'Invoice', col: 6, row: 1, value: 'ACME' },
    ]);
    expect(planWrites(template, { 'Notes!Total': [[5]] })).toEqual([{ sheet: 'Notes', col: 2, row: 1, value: 5 }]);
  });

  it('names every missing key, and says the size of a range a value does not fit', () => {
    expect(fail({ Nope: 1, LineItems: [], lineitems: 2 })).toMatchObject({
      code: 'NAMED_RANGE_NOT_FOUND',
      details: { missing_ranges: ['Nope', 'lineitems'] },
    });
    expect(fail({ LineItems: [[1, 2, 3, 4]] })).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { range_rows: 3, range_columns: 3, given_columns: 4 },
    });
    expect(fail({ Customer: [1, 2] }).message).toContain('1 row(s) by 1 column(s)');
    // Two sheets scope a name Total: the bare key is ambiguous, so it names no range.
    expect(fail({ Total: 1 })).toMatchObject({ code: 'NAMED_RANGE_NOT_FOUND', details: { missing_ranges: ['Total'] } });
  });

  it('lists available_ranges as keys data_mappings accepts, quoting sheet names that need it', () => {
    const sheets = [
      ...SHEETS,
      { name: 'Other Sheet', index: 2, part: 'xl/worksheets/sheet3.xml' },
      { name: 'R1C1', index: 3, part: 'xl/worksheets/sheet4.xml' },
    ];
    const names = parseDefinedNames(
      `<definedNames><definedName name="Note" localSheetId="2">'Other Sheet'!$A$1</definedName><definedName name="Only" localSheetId="0">Invoice!B4</definedName>` +
        `<definedName name="Odd" localSheetId="3">'R1C1'!$A$1</definedName><definedName name="Own" localSheetId="1">'Bob''s sheet'!$A$1</definedName></definedNames>`,
      sheets,
    );
    const template = { names, sheets } as unknown as OpenTemplate;
    let details: Record<string, unknown> = {};
    try {
      planWrites(template, { Missing: 1 });
    } catch (err) {
      details = (err as AppError).details ?? {};
    }
    expect(details.available_ranges).toEqual([
      "'Other Sheet'!Note",
      'Invoice!Only',
      "'R1C1'!Odd",
      "'Bob''s sheet'!Own",
    ]);
    for (const key of details.available_ranges as string[]) expect(findName(key, names), key).not.toBeNull();
  });

  it('refuses what is not an .xlsx', () => {
    expect(() => openTemplate('%%%')).toThrow(/base64/);
    expect(() => openTemplate(Buffer.from('PK\u0003\u0004 not really').toString('base64'))).toThrow(/readable .xlsx/);
  });
});
