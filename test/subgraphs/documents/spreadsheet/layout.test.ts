import { describe, expect, it } from 'vitest';
import { validateWorkbook } from '../../../../subgraphs/documents/spreadsheet/blocks/validate.ts';
import { layoutWorkbook } from '../../../../subgraphs/documents/spreadsheet/layout/layout.ts';

describe('layout', () => {
  it('stacks blocks down from A1: a title, a table, a list of formulas, a chart below', () => {
    const [sheet] = layoutWorkbook(
      validateWorkbook({
        workbookName: 'W',
        sheets: [
          {
            name: 'S',
            blocks: [
              { type: 'header', content: 'Title' },
              {
                type: 'data_table',
                name: 'Loads',
                headers: ['Case', 'Force', 'Factor'],
                rows: [
                  ['D', 1, 1.2],
                  ['L', 2, 1.6],
                ],
              },
              { type: 'formula', label: 'Sum', expression: '=SUM(Loads[Force])', format: 'currency' },
              { type: 'formula', label: 'Max', expression: '=MAX(Loads[Force])' },
              { type: 'chart', chartType: 'bar', dataRange: 'Loads' },
              { type: 'data_table', name: 'Empty', headers: ['A'], rows: [] },
            ],
          },
        ],
      }),
    );
    const [header, table, sum, max, chart, empty] = sheet!.placements;
    expect(header).toMatchObject({ kind: 'header', row: 1, lastCol: 3 });
    expect(table).toMatchObject({ kind: 'table', id: 1, box: { col1: 1, row1: 3, col2: 3, row2: 5 } });
    expect(sum).toMatchObject({ kind: 'formula', row: 7, formula: 'SUM(Loads[Force])', numFmt: '"$"#,##0.00' });
    expect(max).toMatchObject({ kind: 'formula', row: 8, numFmt: 'General' });
    expect(chart).toMatchObject({ kind: 'chart', from: { col: 0, row: 9 }, to: { row: 29 } });
    // Excel needs a data row in every table: an empty table keeps one blank row.
    expect(empty).toMatchObject({ kind: 'table', id: 2, box: { row1: 31, row2: 32 } });
    expect(sheet!.columnWidths[0]).toBeGreaterThanOrEqual('Case'.length);
  });
});
