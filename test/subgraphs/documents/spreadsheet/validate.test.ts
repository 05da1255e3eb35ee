import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../core/errors.ts';
import { validateWorkbook } from '../../../../subgraphs/documents/spreadsheet/blocks/validate.ts';

const table = { type: 'data_table', name: 'Loads', headers: ['Case', 'Force', 'Factor'], rows: [['D', 1, 1.2]] };
const book = (blocks: unknown[], name = 'S', more: unknown[] = []) => ({
  workbookName: 'W',
  sheets: [{ name, blocks }, ...more],
});

function error(input: unknown): AppError {
  try {
    validateWorkbook(input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('validateWorkbook: what Excel would refuse or repair', () => {
  it('refuses control characters at request time, naming sheet, block, row and column', () => {
    expect(error(book([{ ...table, headers: ['Case', 'a\u0002', 'Factor'] }]))).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { sheet: 'S', block_index: 0, field: 'headers', column: 1 },
    });
    expect(
      error(
        book([
          {
            ...table,
            rows: [
              ['D', 1, 1.2],
              ['L\u0007', 2, 1.6],
            ],
          },
        ]),
      ),
    ).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { sheet: 'S', block_index: 0, field: 'rows', row: 1, column: 0 },
    });
    expect(error(book([{ type: 'header', content: 'x\u001f' }])).details).toMatchObject({ field: 'content' });
    // NUL is refused platform-wide before any domain check (no store keeps it), with the full path.
    expect(error(book([{ type: 'formula', label: 'a\u0000', expression: '=1' }]))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'sheets[0].blocks[0].label' },
    });
    expect(error(book([table, { type: 'chart', dataRange: 'Loads', title: '\uFFFE' }])).details).toMatchObject({
      field: 'title',
    });
    const nul = error(book([table], 'A\u0000B'));
    expect(nul).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'sheets[0].name' } });
    expect(nul.message).toContain('NUL');
    expect(error({ workbookName: 'W\u0001', sheets: [{ name: 'S', blocks: [] }] }).details).toMatchObject({
      field: 'workbookName',
    });
    // Tab, line feed and carriage return are text XML carries.
    expect(() => validateWorkbook(book([{ ...table, rows: [['a\tb\nc\r', 1, 1]] }]))).not.toThrow();
  });

  it("follows Excel's name rules: TRUE, FALSE and cell-reference lookalikes refused, Unicode names allowed", () => {
    for (const name of ['TRUE', 'false', 'R', 'c', 'R1C1', 'RC', 'R2', 'C10', 'A1', 'xfd1048576']) {
      expect(error(book([{ ...table, name }])), name).toMatchObject({
        code: 'UNPROCESSABLE',
        details: { field: 'name' },
      });
    }
    for (const name of ['Größe', 'Σ_loads', '_x', '\\T', 'XFE1', 'A1048577', 'Tr.ue', 'Loads2']) {
      expect(() => validateWorkbook(book([{ ...table, name }])), name).not.toThrow();
    }
    expect(() =>
      validateWorkbook(
        book([
          { ...table, name: 'Größe' },
          { type: 'formula', label: 'Σ', expression: '=SUM(Größe[Force])' },
        ]),
      ),
    ).not.toThrow();
  });

  it('accepts escaped column names in structured references and refuses [#Totals] on a table without totals', () => {
    const bracketed = {
      type: 'data_table',
      name: 'Loads',
      headers: ['Case', 'Force [kN]', "It's #1"],
      rows: [['D', 1, "=[@[Force '[kN']]]*2"]],
    };
    expect(() =>
      validateWorkbook(book([bracketed, { type: 'formula', label: 'x', expression: "=SUM(Loads[It''s '#1])" }])),
    ).not.toThrow();
    expect(
      error(book([bracketed, { type: 'formula', label: 'x', expression: "=SUM(Loads[Force '[N'])" }])),
    ).toMatchObject({ code: 'FORMULA_PARSE_ERROR' });
    expect(
      error(book([table, { type: 'formula', label: 'x', expression: '=Loads[[#Totals],[Force]]' }])),
    ).toMatchObject({ code: 'FORMULA_PARSE_ERROR', message: expect.stringContaining('no totals row') });
  });

  it('gives the fields the spec does not require documented defaults: chart_type bar, an empty label', () => {
    const spec = validateWorkbook(
      book([table, { type: 'chart', dataRange: 'Loads' }, { type: 'formula', expression: '=1+1' }]),
    );
    expect(spec.sheets[0]!.blocks[1]).toMatchObject({ type: 'chart', chartType: 'bar' });
    expect(spec.sheets[0]!.blocks[2]).toMatchObject({ type: 'formula', label: '', format: 'general' });
  });
});

describe('validateWorkbook', () => {
  it('fills chart defaults: x is the first column, y every other, legend right, Office palette later', () => {
    const spec = validateWorkbook(book([table, { type: 'chart', chartType: 'line', dataRange: 'loads' }]));
    expect(spec.sheets[0]!.blocks[1]).toMatchObject({
      chartType: 'line',
      dataRange: 'Loads',
      xAxis: 'Case',
      yAxis: ['Force', 'Factor'],
      title: null,
      options: {
        legendPosition: 'right',
        showDataLabels: false,
        colors: null,
        smoothLines: false,
        showTrendline: false,
        showPercentages: false,
      },
    });
    const single = validateWorkbook(
      book([
        table,
        { type: 'chart', chartType: 'pie', dataRange: 'Loads', yAxis: 'Force', options: { colors: ['#aa00ff'] } },
      ]),
    );
    expect(single.sheets[0]!.blocks[1]).toMatchObject({ yAxis: ['Force'], options: { colors: ['AA00FF'] } });
  });

  it.each([
    [
      'a chart before its table',
      book([{ type: 'chart', chartType: 'bar', dataRange: 'Loads' }, table]),
      'UNPROCESSABLE',
      { block_index: 0, field: 'dataRange' },
    ],
    [
      'a chart on a table of another sheet',
      book([{ type: 'chart', chartType: 'bar', dataRange: 'Loads' }], 'S', [{ name: 'T', blocks: [table] }]),
      'UNPROCESSABLE',
      { field: 'dataRange' },
    ],
    [
      'x_axis not a column',
      book([table, { type: 'chart', chartType: 'bar', dataRange: 'Loads', xAxis: 'Mass' }]),
      'UNPROCESSABLE',
      { field: 'xAxis' },
    ],
    [
      'y_axis not a column',
      book([table, { type: 'chart', chartType: 'bar', dataRange: 'Loads', yAxis: ['Force', 'Mass'] }]),
      'UNPROCESSABLE',
      { field: 'yAxis' },
    ],
    [
      'unknown chart type',
      book([table, { type: 'chart', chartType: 'donut', dataRange: 'Loads' }]),
      'UNPROCESSABLE',
      { field: 'chartType' },
    ],
    [
      'unknown legend position',
      book([table, { type: 'chart', chartType: 'bar', dataRange: 'Loads', options: { legendPosition: 'middle' } }]),
      'UNPROCESSABLE',
      { field: 'legendPosition' },
    ],
    [
      'a colour that is not hex',
      book([table, { type: 'chart', chartType: 'bar', dataRange: 'Loads', options: { colors: ['#12345'] } }]),
      'UNPROCESSABLE',
      { field: 'colors' },
    ],
    [
      'percentages on a bar chart',
      book([table, { type: 'chart', chartType: 'bar', dataRange: 'Loads', options: { showPercentages: true } }]),
      'UNPROCESSABLE',
      { field: 'showPercentages' },
    ],
    [
      'a trendline on a pie',
      book([
        table,
        { type: 'chart', chartType: 'pie', dataRange: 'Loads', yAxis: 'Force', options: { showTrendline: true } },
      ]),
      'UNPROCESSABLE',
      { field: 'showTrendline' },
    ],
    [
      'a pie of two series',
      book([table, { type: 'chart', chartType: 'pie', dataRange: 'Loads' }]),
      'UNPROCESSABLE',
      { field: 'yAxis' },
    ],
    ['a table name like a cell', book([{ ...table, name: 'XFD100' }]), 'UNPROCESSABLE', { field: 'name' }],
    ['an R1C1-like table name', book([{ ...table, name: 'R2C3' }]), 'UNPROCESSABLE', { field: 'name' }],
    ['a table name with a space', book([{ ...table, name: 'My table' }]), 'UNPROCESSABLE', { field: 'name' }],
    [
      'duplicate table names across sheets',
      book([table], 'S', [{ name: 'T', blocks: [{ ...table, name: 'LOADS' }] }]),
      'UNPROCESSABLE',
      { sheet: 'T', field: 'name' },
    ],
    ['duplicate headers', book([{ ...table, headers: ['A', 'a'] }]), 'UNPROCESSABLE', { field: 'headers' }],
    ['a row longer than the headers', book([{ ...table, rows: [[1, 2, 3, 4]] }]), 'UNPROCESSABLE', { field: 'rows' }],
    ['a row value that is an object', book([{ ...table, rows: [[{ a: 1 }]] }]), 'VALIDATION_ERROR', { field: 'rows' }],
    [
      'a formula without =',
      book([{ type: 'formula', label: 'x', expression: 'SUM(1,2)' }]),
      'UNPROCESSABLE',
      { field: 'expression' },
    ],
    [
      'an unbalanced formula',
      book([{ type: 'formula', label: 'x', expression: '=SUM(1,2' }]),
      'FORMULA_PARSE_ERROR',
      { field: 'expression' },
    ],
    [
      'a reference to no table',
      book([table, { type: 'formula', label: 'x', expression: '=SUM(Load[Force])' }]),
      'FORMULA_PARSE_ERROR',
      { field: 'expression' },
    ],
    [
      'a reference to no column',
      book([table, { type: 'formula', label: 'x', expression: '=SUM(Loads[Mass])' }]),
      'FORMULA_PARSE_ERROR',
      { field: 'expression' },
    ],
    [
      '[@Col] outside a table',
      book([table, { type: 'formula', label: 'x', expression: '=[@Force]*2' }]),
      'FORMULA_PARSE_ERROR',
      { field: 'expression' },
    ],
    [
      '[@Col] naming no column of its table',
      book([{ ...table, rows: [['D', 1, '=[@Mass]']] }]),
      'FORMULA_PARSE_ERROR',
      { field: 'rows[0][2]' },
    ],
    [
      'a scatter over text',
      book([table, { type: 'chart', chartType: 'scatter', dataRange: 'Loads', xAxis: 'Case', yAxis: 'Force' }]),
      'UNPROCESSABLE',
      { field: 'xAxis' },
    ],
    [
      "a cell over Excel's 32,767 characters",
      book([{ ...table, rows: [['x'.repeat(32_768), 1, 1]] }]),
      'UNPROCESSABLE',
      { field: 'rows' },
    ],
    [
      'a formula over 8,192 characters',
      book([{ type: 'formula', label: 'x', expression: '=' + '1+'.repeat(4100) + '1' }]),
      'UNPROCESSABLE',
      { field: 'expression' },
    ],
    [
      'an unknown format',
      book([{ type: 'formula', label: 'x', expression: '=1', format: 'money' }]),
      'UNPROCESSABLE',
      { field: 'format' },
    ],
    [
      'a missing field for the block type',
      book([{ type: 'data_table', name: 'T', rows: [] }]),
      'VALIDATION_ERROR',
      { field: 'headers' },
    ],
    ['an unknown block type', book([{ type: 'image' }]), 'VALIDATION_ERROR', { field: 'type' }],
  ])('refuses %s', (_, input, code, details) => {
    const e = error(input);
    expect(e.code).toBe(code);
    expect(e.details).toMatchObject(details);
    expect(e.message).toContain(`block ${(e.details as { block_index: number }).block_index}`);
  });

  it.each([
    ['a name over 31 characters', 'x'.repeat(32)],
    ['a name with a slash', 'a/b'],
    ['a name with brackets', 'a[1]'],
    ['a name with a colon', 'a:b'],
    ['an empty name', ' '],
    ['a name in quotes', "'quoted'"],
  ])('refuses a sheet with %s', (_, name) => {
    expect(error(book([table], name))).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { sheet_index: 0, field: 'name' },
    });
  });

  it('refuses duplicate sheet names whatever their case, and an empty workbook', () => {
    expect(error(book([], 'Loads', [{ name: 'LOADS', blocks: [] }]))).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { sheet_index: 1 },
    });
    expect(error({ workbookName: 'W', sheets: [] })).toMatchObject({
      code: 'UNPROCESSABLE',
      details: { field: 'sheets' },
    });
    expect(error({ workbookName: 'W' })).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('accepts structured references to tables of any sheet, defined before or after the formula', () => {
    expect(() =>
      validateWorkbook(
        book(
          [{ type: 'formula', label: 'x', expression: '=SUM(Loads[Force])+SUM(Loads[[#This Row],[Factor]])*0' }],
          'S',
          [{ name: 'T', blocks: [table] }],
        ),
      ),
    ).not.toThrow();
  });
});
