// A template as a spreadsheet author would leave it: built here by the
// service itself (a table, formulas over it, a chart), then given defined
// names of every kind (workbook-wide ranges, a constant, two sheet-scoped
// names spelled alike on different sheets) and a stale cached formula result.
import { validateWorkbook } from '../../../../subgraphs/documents/spreadsheet/blocks/validate.ts';
import { buildWorkbook } from '../../../../subgraphs/documents/spreadsheet/build/build-workbook.ts';
import { Package } from '../../../../subgraphs/documents/spreadsheet/ooxml/package-editor.ts';

/** Invoice: title row 1, table Items A3:D6 (rows 4–6, named range LineItems over A4:C6), Subtotal B8, Total B9, chart; Notes: B1 = Invoice total + 1000, B2 = Total*2. */
export const TEMPLATE_NAMES = `<definedNames>
<definedName name="Customer">Invoice!$F$1</definedName>
<definedName name="LineItems">Invoice!$A$4:$C$6</definedName>
<definedName name="TaxRate">0.2</definedName>
<definedName name="Note" localSheetId="0">Invoice!$F$2</definedName>
<definedName name="Total" localSheetId="0">Invoice!$B$9</definedName>
<definedName name="Total" localSheetId="1">Notes!$B$1</definedName>
</definedNames>`;

export async function invoiceTemplate(): Promise<Buffer> {
  const spec = validateWorkbook({
    workbookName: 'Invoice template',
    sheets: [
      {
        name: 'Invoice',
        blocks: [
          { type: 'header', content: 'Invoice' },
          {
            type: 'data_table',
            name: 'Items',
            headers: ['Item', 'Qty', 'Price', 'Line Total'],
            rows: [
              ['-', 0, 0, '=[@Qty]*[@Price]'],
              ['-', 0, 0, '=[@Qty]*[@Price]'],
              ['-', 0, 0, '=[@Qty]*[@Price]'],
            ],
          },
          { type: 'formula', label: 'Subtotal', expression: '=SUM(Items[Line Total])', format: 'currency' },
          { type: 'formula', label: 'Total', expression: '=B8*(1+TaxRate)', format: 'currency' },
          {
            type: 'chart',
            chartType: 'bar',
            title: 'Invoice Lines Chart',
            dataRange: 'Items',
            xAxis: 'Item',
            yAxis: 'Line Total',
            options: { colors: ['#00B050'] },
          },
        ],
      },
      {
        name: 'Notes',
        blocks: [
          { type: 'formula', label: 'Invoice total plus fee', expression: '=Invoice!B9+1000' },
          { type: 'formula', label: 'Doubled', expression: '=Total*2' },
        ],
      },
    ],
  });
  const pkg = new Package(await buildWorkbook(spec));
  pkg.write(
    'xl/workbook.xml',
    pkg.read('xl/workbook.xml')!.replace('</sheets>', `</sheets>${TEMPLATE_NAMES.replace(/\n/g, '')}`),
  );
  // As Excel leaves it after a save: the formula holds its last result, which a reader shows unless it recalculates.
  pkg.write(
    'xl/worksheets/sheet1.xml',
    pkg.read('xl/worksheets/sheet1.xml')!.replace('<f>B8*(1+TaxRate)</f>', '<f>B8*(1+TaxRate)</f><v>1</v>'),
  );
  return pkg.toBuffer();
}
