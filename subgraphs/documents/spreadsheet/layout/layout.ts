// Where every block goes: blocks stack down the sheet from A1 in the order
// given, one blank row between them (consecutive formula blocks form one
// label/value list), charts take a fixed frame below what precedes them.
// Pure: the workbook writer and the chart builder both read this plan.
import type { CellBox } from '../ooxml/cells.ts';
import { NUMBER_FORMATS } from '../blocks/formats.ts';
import { toFileFormula } from '../blocks/formula.ts';
import type { ChartBlock, SheetSpec, TableBlock, WorkbookSpec } from '../blocks/validate.ts';

export interface HeaderPlacement {
  kind: 'header';
  row: number;
  text: string;
  /** Last column the title is merged across. */
  lastCol: number;
}
export interface TablePlacement {
  kind: 'table';
  block: TableBlock;
  /** Header row through the last data row. */
  box: CellBox;
  /** Workbook-wide table part id (1, 2, …). */
  id: number;
}
export interface FormulaPlacement {
  kind: 'formula';
  row: number;
  label: string;
  /** Formula text as stored in the file (no leading "="). */
  formula: string;
  numFmt: string;
}
export interface ChartPlacement {
  kind: 'chart';
  block: ChartBlock;
  table: TablePlacement;
  /** 0-based cells of the frame's corners. */
  from: { col: number; row: number };
  to: { col: number; row: number };
}
export type Placement = HeaderPlacement | TablePlacement | FormulaPlacement | ChartPlacement;

export interface SheetLayout {
  name: string;
  placements: Placement[];
  /** Character widths of columns A, B, … */
  columnWidths: number[];
}

const CHART_ROWS = 20;
/** About 15 cm of columns at Calibri 11. */
const CHART_WIDTH_CHARS = 84;
const MIN_WIDTH = 8;
const MAX_WIDTH = 50;
/** Column widths look at this many rows of a table; the rest rarely changes the answer. */
const WIDTH_SAMPLE_ROWS = 500;

function displayLength(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v).length : 11;
  if (typeof v === 'string' && v.startsWith('=')) return 10;
  return String(v).length;
}

function columnWidths(sheet: SheetSpec): number[] {
  const widths: number[] = [];
  const fit = (col: number, len: number) =>
    (widths[col] = Math.max(widths[col] ?? MIN_WIDTH, Math.min(MAX_WIDTH, len + 2)));
  for (const block of sheet.blocks) {
    if (block.type === 'data_table') {
      block.headers.forEach((h, c) => fit(c, h.length + 3)); // room for the filter button
      for (const row of block.rows.slice(0, WIDTH_SAMPLE_ROWS)) row.forEach((v, c) => fit(c, displayLength(v)));
    } else if (block.type === 'formula') {
      fit(0, block.label.length);
      fit(1, 14);
    }
  }
  return widths.length ? widths : [MIN_WIDTH];
}

/** Columns a chart frame spans to be about CHART_WIDTH_CHARS wide. */
function chartColumns(widths: readonly number[]): number {
  let total = 0;
  let cols = 0;
  while (total < CHART_WIDTH_CHARS) total += widths[cols++] ?? MIN_WIDTH + 1;
  return Math.max(cols, 2);
}

function layoutSheet(sheet: SheetSpec, nextTableId: () => number): SheetLayout {
  const widths = columnWidths(sheet);
  const sheetCols = Math.max(2, ...sheet.blocks.map((b) => (b.type === 'data_table' ? b.headers.length : 0)));
  const tables = new Map<string, TablePlacement>();
  const placements: Placement[] = [];
  let row = 1;
  sheet.blocks.forEach((block, i) => {
    const next = sheet.blocks[i + 1];
    switch (block.type) {
      case 'header':
        placements.push({ kind: 'header', row, text: block.content, lastCol: sheetCols });
        row += 2;
        break;
      case 'data_table': {
        // Excel needs at least one data row in a table; an empty table keeps one blank row.
        const box = { col1: 1, row1: row, col2: block.headers.length, row2: row + Math.max(1, block.rows.length) };
        const placement: TablePlacement = { kind: 'table', block, box, id: nextTableId() };
        tables.set(block.name.toLowerCase(), placement);
        placements.push(placement);
        row = box.row2 + 2;
        break;
      }
      case 'formula':
        placements.push({
          kind: 'formula',
          row,
          label: block.label,
          formula: toFileFormula(block.expression, null),
          numFmt: NUMBER_FORMATS[block.format],
        });
        row += next?.type === 'formula' ? 1 : 2;
        break;
      case 'chart': {
        const table = tables.get(block.dataRange.toLowerCase())!;
        placements.push({
          kind: 'chart',
          block,
          table,
          from: { col: 0, row: row - 1 },
          to: { col: chartColumns(widths), row: row - 1 + CHART_ROWS },
        });
        row += CHART_ROWS + 1;
        break;
      }
    }
  });
  return { name: sheet.name, placements, columnWidths: widths };
}

export function layoutWorkbook(spec: WorkbookSpec): SheetLayout[] {
  let tableId = 0;
  return spec.sheets.map((s) => layoutSheet(s, () => ++tableId));
}
