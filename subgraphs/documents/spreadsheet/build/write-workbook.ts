// Writes the cells of the laid-out sheets with exceljs's streaming writer:
// rows go to the zip as they are written, so memory stays flat however long
// the tables are. Tables and charts are parts of their own, added afterwards
// (the streaming writer cannot add tables, and exceljs has no charts); each
// sheet's references to them are written here, at the end of its XML.
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { isDynamicArrayFormula, toFileFormula } from '../blocks/formula.ts';
import type { CellValue } from '../blocks/validate.ts';
import type { SheetLayout } from '../layout/layout.ts';
import { stringCell } from '../blocks/cell-text.ts';

const TITLE_FONT: Partial<ExcelJS.Font> = { bold: true, size: 14, color: { argb: 'FF1F3864' } };
const TITLE_BORDER: Partial<ExcelJS.Borders> = { bottom: { style: 'medium', color: { argb: 'FF4472C4' } } };
const BOLD: Partial<ExcelJS.Font> = { bold: true };
const ROWS_PER_TURN = 2000;
/**
 * The one style object every table data cell shares. exceljs gives each new
 * cell a style object of its own and renders it to XML to find its style id;
 * with one shared object its id is found once, by identity. Never mutated:
 * data cells get no font, fill or format of their own.
 */
const DATA_CELL_STYLE: Partial<ExcelJS.Style> = Object.freeze({}) as Partial<ExcelJS.Style>;

/** Cell values of one table: a column usually repeats one formula, so each text is translated once. */
function tableCellValues(table: string): (v: CellValue) => ExcelJS.CellValue {
  const formulas = new Map<string, string>();
  return (v) => {
    if (typeof v !== 'string') return v;
    const cell = stringCell(v);
    if ('text' in cell) return cell.text;
    let formula = formulas.get(v);
    if (formula === undefined) formulas.set(v, (formula = toFileFormula(v, table)));
    return { formula };
  };
}

type StreamingSheet = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;

/**
 * Makes the sheet write `xml` just before its closing </worksheet>. exceljs
 * 4.4's streaming sheet has no API for this; its last write is
 * _writeCloseWorksheet, and what goes there (drawing, tableParts) is what the
 * worksheet schema puts last. Fails loudly if a new exceljs renamed the hooks.
 */
function writeBeforeClose(ws: StreamingSheet, xml: string): void {
  const sheet = ws as unknown as { _writeCloseWorksheet?: () => void; _write?: (text: string) => void };
  const close = sheet._writeCloseWorksheet;
  const write = sheet._write;
  if (typeof close !== 'function' || typeof write !== 'function')
    throw new Error('exceljs streaming worksheet has no _writeCloseWorksheet/_write');
  sheet._writeCloseWorksheet = () => {
    write.call(sheet, xml);
    close.call(sheet);
  };
}

/**
 * Starts a new printed page just above a chart's frame, so printing never cuts
 * it (a frame is CHART_ROWS rows, less than a landscape page). The break goes
 * after the row above the blank spacer row, not on the frame's top edge:
 * LibreOffice 7.4 draws an object whose top lies exactly on a page break on
 * both pages, and with the break there the charts came out cut in its PDF. A
 * chart with nothing above it needs no break. Written to the sheet's
 * rowBreaks directly: the row above is usually a table row already committed,
 * which the streaming writer no longer lets getRow reach.
 */
function pageBreakAbove(ws: StreamingSheet, chartTopRow0: number): void {
  const afterRow = chartTopRow0 - 1; // 1-based row above the spacer row (0-based chartTopRow0 - 1)
  if (afterRow < 1) return;
  const sheet = ws as unknown as { rowBreaks?: ExcelJS.RowBreak[] };
  if (!Array.isArray(sheet.rowBreaks)) throw new Error('exceljs streaming worksheet has no rowBreaks');
  sheet.rowBreaks.push({ id: afterRow, max: 16383, man: 1 } as ExcelJS.RowBreak);
}

/** The workbook's cells as an .xlsx package; `references[i]` is what sheet i must point at (drawing, tables). */
export async function writeCells(sheets: readonly SheetLayout[], references: readonly string[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  for (const [i, layout] of sheets.entries()) {
    const ws = wb.addWorksheet(layout.name, {
      pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    });
    if (references[i]) writeBeforeClose(ws, references[i]);
    ws.columns = layout.columnWidths.map((width) => ({ width }));
    for (const p of layout.placements) {
      if (p.kind === 'header') {
        const row = ws.getRow(p.row);
        const cell = row.getCell(1);
        cell.value = p.text;
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
        const cellValue = tableCellValues(block.name);
        for (const [r, values] of block.rows.entries()) {
          const row = ws.getRow(box.row1 + 1 + r);
          values.forEach((v, c) => {
            if (v === null) return;
            const cell = row.getCell(box.col1 + c);
            cell.style = DATA_CELL_STYLE;
            cell.value = cellValue(v);
          });
          row.commit();
          // Lets the zip take the rows written so far; otherwise the whole sheet's XML waits in memory.
          if (r % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
        }
      } else if (p.kind === 'chart') {
        pageBreakAbove(ws, p.from.row);
      } else if (p.kind === 'formula') {
        const row = ws.getRow(p.row);
        if (p.label) {
          row.getCell(1).value = p.label;
          row.getCell(1).font = BOLD;
        }
        const cell = row.getCell(2);
        // A spilling formula is an array formula anchored on its own cell; the cell's
        // dynamic-array mark (cm) is added with the metadata part (package-patch.ts).
        cell.value = isDynamicArrayFormula(p.formula)
          ? ({ formula: p.formula, shareType: 'array', ref: cell.address } as unknown as ExcelJS.CellFormulaValue)
          : ({ formula: p.formula } as ExcelJS.CellFormulaValue);
        cell.numFmt = p.numFmt;
        row.commit();
      }
    }
    ws.commit();
  }
  await wb.commit();
  return Buffer.concat(chunks);
}
