// create_spreadsheet end to end: lay out, build the table and chart parts,
// write the cells (each sheet pointing at its parts), add the parts.
import { chartFor } from '../charts/index.ts';
import { isDynamicArrayFormula } from '../blocks/formula.ts';
import type { WorkbookSpec } from '../blocks/validate.ts';
import { layoutWorkbook } from '../layout/layout.ts';
import { chartSpecOf } from './chart-spec.ts';
import { addSheetParts, sheetReferences, type SheetParts } from './package-patch.ts';
import { tableXml } from './table-part.ts';
import { writeCells } from './write-workbook.ts';

export async function buildWorkbook(spec: WorkbookSpec): Promise<Buffer> {
  const sheets = layoutWorkbook(spec);
  const parts: SheetParts[] = sheets.map((s) => ({
    sheet: s.name,
    tables: s.placements.flatMap((p) =>
      p.kind === 'table' ? [tableXml(p.id, p.block.name, p.block.headers, p.box)] : [],
    ),
    charts: s.placements.flatMap((p) =>
      p.kind === 'chart'
        ? [{ xml: chartFor(p.block.chartType, chartSpecOf(s.name, p)).toXml(), from: p.from, to: p.to }]
        : [],
    ),
    // write-workbook.ts puts a formula block's value in column B of its row.
    dynamicArrays: s.placements.flatMap((p) =>
      p.kind === 'formula' && isDynamicArrayFormula(p.formula) ? [`B${p.row}`] : [],
    ),
  }));
  const cells = await writeCells(sheets, parts.map(sheetReferences));
  return addSheetParts(cells, parts);
}
