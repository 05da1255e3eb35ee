// Writes the cells of the laid-out sheets with exceljs's streaming writer:
// rows go to the zip as they are written, so memory stays flat however long
// the tables are. Tables and charts are parts of their own, added afterwards
// (the streaming writer cannot add tables, and exceljs has no charts).
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { toFileFormula } from '../blocks/formula.ts';
import type { CellValue } from '../blocks/validate.ts';
import type { SheetLayout } from '../layout/layout.ts';
import { stripInvalidXmlChars } from '../ooxml/xml.ts';

const TITLE_FONT: Partial<ExcelJS.Font> = { bold: true, size: 14, color: { argb: 'FF1F3864' } };
const TITLE_BORDER: Partial<ExcelJS.Borders> = { bottom: { style: 'medium', color: { argb: 'FF4472C4' } } };
const BOLD: Partial<ExcelJS.Font> = { bold: true };

function cellValue(v: CellValue, table: string | null): ExcelJS.CellValue {
  if (typeof v === 'string') return v.startsWith('=') ? { formula: toFileFormula(v, table) } : stripInvalidXmlChars(v);
  return v;
}

/** The workbook's cells as an .xlsx package (without table and chart parts). */
export async function writeCells(sheets: readonly SheetLayout[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  for (const layout of sheets) {
    const ws = wb.addWorksheet(layout.name, {
      pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      views: [{ showGridLines: true }],
    });
    ws.columns = layout.columnWidths.map((width) => ({ width }));
    for (const p of layout.placements) {
      if (p.kind === 'header') {
        const row = ws.getRow(p.row);
        const cell = row.getCell(1);
        cell.value = stripInvalidXmlChars(p.text);
        for (let c = 1; c <= p.lastCol; c++) {
          row.getCell(c).font = TITLE_FONT;
          row.getCell(c).border = TITLE_BORDER;
        }
        row.height = 22;
        if (p.lastCol > 1) ws.mergeCells(p.row, 1, p.row, p.lastCol);
        row.commit();
      } else if (p.kind === 'table') {
        const { block, box } = p;
        const head = ws.getRow(box.row1);
        block.headers.forEach((h, c) => {
          const cell = head.getCell(box.col1 + c);
          cell.value = h;
          cell.font = BOLD;
        });
        head.commit();
        block.rows.forEach((values, r) => {
          const row = ws.getRow(box.row1 + 1 + r);
          values.forEach((v, c) => {
            if (v !== null) row.getCell(box.col1 + c).value = cellValue(v, block.name);
          });
          row.commit();
        });
      } else if (p.kind === 'formula') {
        const row = ws.getRow(p.row);
        row.getCell(1).value = stripInvalidXmlChars(p.label);
        row.getCell(1).font = BOLD;
        const cell = row.getCell(2);
        cell.value = { formula: p.formula } as ExcelJS.CellFormulaValue;
        cell.numFmt = p.numFmt;
        row.commit();
      }
    }
    ws.commit();
  }
  await wb.commit();
  return Buffer.concat(chunks);
}
