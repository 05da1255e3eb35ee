// Request-time validation of create_spreadsheet: the shape (400) and then
// every value the workbook could not be built from (422), each error naming
// the sheet, the block index and the field in the spec's spelling.
import { z } from 'zod';
import { AppError, fieldError, type ErrorCode } from '../../../../core/errors.ts';
import { parseInput } from '../../../../core/validation.ts';
import { CHART_TYPES, type ChartType } from '../charts/index.ts';
import type { LegendPosition } from '../charts/base.ts';
import { isNumberFormat, type NumberFormatName } from './formats.ts';
import { currentRowRefs, formulaSyntaxProblem, structuredReferences, unescapeColumn } from './formula.ts';

export type CellValue = number | string | boolean | null;

export interface HeaderBlock {
  type: 'header';
  content: string;
}
export interface TableBlock {
  type: 'data_table';
  name: string;
  headers: string[];
  rows: CellValue[][];
}
export interface FormulaBlock {
  type: 'formula';
  label: string;
  expression: string;
  format: NumberFormatName;
}
export interface ChartOptions {
  legendPosition: LegendPosition;
  showDataLabels: boolean;
  colors: string[] | null;
  smoothLines: boolean;
  showTrendline: boolean;
  showPercentages: boolean;
}
export interface ChartBlock {
  type: 'chart';
  chartType: ChartType;
  title: string | null;
  dataRange: string;
  xAxis: string;
  yAxis: string[];
  options: ChartOptions;
}
export type Block = HeaderBlock | TableBlock | FormulaBlock | ChartBlock;
export interface SheetSpec {
  name: string;
  blocks: Block[];
}
export interface WorkbookSpec {
  workbookName: string;
  sheets: SheetSpec[];
}

const isCell = (v: unknown): v is CellValue =>
  v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const text = z.string().nullish();
const shape = z.object({
  workbookName: z.string(),
  sheets: z.array(
    z.object({
      name: z.string(),
      blocks: z.array(
        z.object({
          type: z.string(),
          content: text,
          name: text,
          headers: z.array(z.string()).nullish(),
          // Checked by checkRows: zod would copy every row of a 100,000-row table.
          rows: z.unknown().optional(),
          label: text,
          expression: text,
          format: text,
          chartType: text,
          title: text,
          dataRange: text,
          xAxis: text,
          yAxis: z.union([z.string(), z.array(z.string())]).nullish(),
          options: z
            .object({
              legendPosition: text,
              showDataLabels: z.boolean().nullish(),
              colors: z.array(z.string()).nullish(),
              smoothLines: z.boolean().nullish(),
              showTrendline: z.boolean().nullish(),
              showPercentages: z.boolean().nullish(),
            })
            .nullish(),
        }),
      ),
    }),
  ),
});
type RawBlock = z.output<typeof shape>['sheets'][number]['blocks'][number];

/** Excel's own limits: longer text, longer formulas or bigger sheets make it repair or refuse the file. */
const MAX_CELL_TEXT = 32_767;
const MAX_FORMULA = 8_192;
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/;
/**
 * Excel's rule for defined and table names: a letter (any script: Größe is a name), an
 * underscore or a backslash, then letters, digits, underscores, periods or backslashes;
 * never TRUE or FALSE, and never something Excel reads as a cell reference instead (below).
 */
const TABLE_NAME = /^[\p{L}_\\][\p{L}\p{M}\p{N}_.\\]*$/u;
const BOOLEAN_NAME = /^(true|false)$/i;
/** R1C1 lookalikes (R, C, R1, C1, RC, R1C1, R[1]C… are references in R1C1 notation). */
const R1C1_LIKE = /^([Rr]\d*)?([Cc]\d*)?$/;
/** A1 references: column A–XFD and row 1–1048576. */
function isA1Reference(name: string): boolean {
  const m = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(name);
  if (!m) return false;
  const column = [...m[1]!.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
  const row = Number(m[2]);
  return column <= MAX_COLUMNS && row >= 1 && row <= MAX_ROWS;
}
/**
 * Characters XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return; U+FFFE,
 * U+FFFF; lone surrogates): no part of the workbook could hold them, and silently dropping
 * them changes the caller's data, so they are refused where they come in.
 */
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function forbiddenCharacter(text: string): string | null {
  const m = XML_FORBIDDEN.exec(text);
  return m
    ? `contains the control character U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at position ${m.index}, which an .xlsx cannot hold`
    : null;
}
const HEX_COLOR = /^#?[0-9A-Fa-f]{6}$/;
const LEGEND_POSITIONS: readonly LegendPosition[] = ['top', 'bottom', 'left', 'right'];
const BLOCK_TYPES = ['header', 'data_table', 'formula', 'chart'] as const;
export const DEFAULT_CHART_TYPE: ChartType = 'bar';

/** Raises the error of one block's field. */
class BlockContext {
  readonly sheet: string;
  readonly index: number;
  constructor(sheet: string, index: number) {
    this.sheet = sheet;
    this.index = index;
  }
  fail(field: string, message: string, code: ErrorCode = 'UNPROCESSABLE', extra: Record<string, unknown> = {}): never {
    throw fieldError(
      code,
      field,
      message,
      { sheet: this.sheet, block_index: this.index, field, ...extra },
      `Sheet "${this.sheet}", block ${this.index}, `,
    );
  }
  /** Refuses text an .xlsx cannot hold (control characters), naming the field and any row and column. */
  text(field: string, value: string | null | undefined, extra: Record<string, unknown> = {}): void {
    const bad = value && forbiddenCharacter(value);
    if (bad) this.fail(field, bad, 'UNPROCESSABLE', extra);
  }
  required<T>(block: RawBlock, field: keyof RawBlock): NonNullable<T> {
    const value = block[field];
    if (value === null || value === undefined)
      this.fail(field, `is required for a ${block.type} block`, 'VALIDATION_ERROR');
    return value as NonNullable<T>;
  }
}

function checkSheetName(name: string, index: number): void {
  const fail = (why: string): never => {
    throw new AppError('UNPROCESSABLE', `sheets[${index}].name "${name}": ${why}`, {
      sheet_index: index,
      field: 'name',
    });
  };
  const bad = forbiddenCharacter(name);
  if (bad) fail(bad);
  if (!name.trim()) fail('must not be empty');
  if (name.length > 31) fail('Excel allows at most 31 characters in a sheet name');
  if (SHEET_NAME_FORBIDDEN.test(name)) fail('Excel refuses the characters [ ] : * ? / \\ in a sheet name');
  if (name.startsWith("'") || name.endsWith("'")) fail('a sheet name may not begin or end with an apostrophe');
  if (name.toLowerCase() === 'history') fail('"History" is reserved by Excel');
}

function checkFormula(
  ctx: BlockContext,
  field: string,
  expression: string,
  tables: Map<string, TableBlock>,
  ownTable: TableBlock | null,
): void {
  if (expression.length > MAX_FORMULA)
    ctx.fail(field, `Excel allows formulas of at most ${MAX_FORMULA} characters`, 'UNPROCESSABLE');
  if (!expression.startsWith('='))
    ctx.fail(field, `a formula must begin with "=" (got ${JSON.stringify(expression.slice(0, 40))})`, 'UNPROCESSABLE', {
      expression,
    });
  if (expression.trim() === '=') ctx.fail(field, 'the formula is empty', 'FORMULA_PARSE_ERROR', { expression });
  const problem = formulaSyntaxProblem(expression);
  if (problem) ctx.fail(field, `cannot be parsed: ${problem}`, 'FORMULA_PARSE_ERROR', { expression });
  for (const ref of currentRowRefs(expression)) {
    if (ref.table) continue;
    // A bare [@Column] means "this row of the table": it refers to the table the cell is in.
    if (!ownTable)
      ctx.fail(
        field,
        '[@Column] means "this row of the table" and needs a table name outside a data_table (Table[@Column])',
        'FORMULA_PARSE_ERROR',
        { expression },
      );
    const column = unescapeColumn(ref.column).trim();
    if (!ownTable.headers.some((h) => h.toLowerCase() === column.toLowerCase())) {
      ctx.fail(field, `[@${ref.column}]: table ${ownTable.name} has no column "${column}"`, 'FORMULA_PARSE_ERROR', {
        expression,
      });
    }
  }
  for (const ref of structuredReferences(expression)) {
    const table = tables.get(ref.table.toLowerCase());
    if (!table)
      ctx.fail(field, `${ref.table}[…] names no data_table of the workbook`, 'FORMULA_PARSE_ERROR', {
        expression,
        table: ref.table,
      });
    // The tables this service writes have no totals row: Excel shows #REF! for [#Totals].
    if (ref.items.some((i) => i.toLowerCase() === '#totals'))
      ctx.fail(
        field,
        `table ${table.name} has no totals row, so ${ref.table}[#Totals] would be #REF!`,
        'FORMULA_PARSE_ERROR',
        { expression },
      );
    const missing = ref.columns.filter((c) => !table.headers.some((h) => h.toLowerCase() === c.toLowerCase()));
    if (missing.length)
      ctx.fail(
        field,
        `table ${table.name} has no column ${missing.map((c) => `"${c}"`).join(', ')}`,
        'FORMULA_PARSE_ERROR',
        { expression },
      );
  }
}

function checkRows(ctx: BlockContext, rows: unknown): CellValue[][] {
  if (!Array.isArray(rows)) ctx.fail('rows', 'must be an array of rows', 'VALIDATION_ERROR');
  rows.forEach((row: unknown, r) => {
    if (!Array.isArray(row)) ctx.fail('rows', `row ${r} is not an array of values`, 'VALIDATION_ERROR', { row: r });
    row.forEach((v: unknown, c) => {
      if (!isCell(v))
        ctx.fail(
          'rows',
          `row ${r}, column ${c}: a value must be a number, a string, a boolean or null`,
          'VALIDATION_ERROR',
          { row: r, column: c },
        );
      if (typeof v === 'string' && v.length > MAX_CELL_TEXT)
        ctx.fail(
          'rows',
          `row ${r}, column ${c}: Excel holds at most ${MAX_CELL_TEXT} characters in a cell`,
          'UNPROCESSABLE',
          { row: r, column: c },
        );
      if (typeof v === 'string') {
        const bad = forbiddenCharacter(v);
        if (bad) ctx.fail('rows', `row ${r}, column ${c}: ${bad}`, 'UNPROCESSABLE', { row: r, column: c });
      }
    });
  });
  return rows as CellValue[][];
}

function tableBlock(ctx: BlockContext, raw: RawBlock): TableBlock {
  const name = ctx.required<string>(raw, 'name');
  const headers = ctx.required<string[]>(raw, 'headers');
  const rows = checkRows(ctx, ctx.required<unknown>(raw, 'rows'));
  ctx.text('name', name);
  if (name.length > 255 || !TABLE_NAME.test(name)) {
    ctx.fail(
      'name',
      `"${name}" is not a valid table name (a letter, underscore or backslash, then letters, digits, underscores, periods or backslashes; at most 255 characters)`,
    );
  }
  if (BOOLEAN_NAME.test(name)) ctx.fail('name', `"${name}" is a logical value in Excel, not a name`);
  if (R1C1_LIKE.test(name) || isA1Reference(name))
    ctx.fail('name', `"${name}" looks like a cell reference, which Excel would read instead of the table`);
  if (!headers.length) ctx.fail('headers', 'a table needs at least one column');
  if (headers.length > MAX_COLUMNS) ctx.fail('headers', `Excel sheets have at most ${MAX_COLUMNS} columns`);
  const seen = new Set<string>();
  headers.forEach((h, i) => {
    ctx.text('headers', h, { column: i });
    if (!h.trim()) ctx.fail('headers', `header ${i} is empty`);
    if (seen.has(h.toLowerCase()))
      ctx.fail('headers', `"${h}" appears twice (Excel compares column names without case)`);
    if (/[\r\n]/.test(h)) ctx.fail('headers', `header ${i} contains a line break`);
    seen.add(h.toLowerCase());
  });
  rows.forEach((row, r) => {
    if (row.length > headers.length)
      ctx.fail('rows', `row ${r} has ${row.length} values for ${headers.length} columns`, 'UNPROCESSABLE', { row: r });
  });
  return { type: 'data_table', name, headers, rows };
}

function chartBlock(ctx: BlockContext, raw: RawBlock, sheetTables: Map<string, TableBlock>): ChartBlock {
  // Only data_range is required (spec); chart_type defaults to bar (vertical bars, Excel's default chart).
  const chartType = raw.chartType ?? DEFAULT_CHART_TYPE;
  const dataRange = ctx.required<string>(raw, 'dataRange');
  ctx.text('title', raw.title);
  if (!(CHART_TYPES as readonly string[]).includes(chartType))
    ctx.fail('chartType', `"${chartType}" is not one of ${CHART_TYPES.join(', ')}`);
  const type = chartType as ChartType;
  const table = sheetTables.get(dataRange.toLowerCase());
  if (!table) {
    const known = [...sheetTables.values()].map((t) => t.name);
    ctx.fail(
      'dataRange',
      `"${dataRange}" names no data_table defined earlier in this sheet${known.length ? ` (defined so far: ${known.join(', ')})` : ''}`,
    );
  }
  const column = (field: string, name: string): string => {
    const found = table.headers.find((h) => h.toLowerCase() === name.toLowerCase());
    if (!found)
      ctx.fail(field, `"${name}" is not a column of table ${table.name} (columns: ${table.headers.join(', ')})`);
    return found;
  };
  const xAxis = raw.xAxis ? column('xAxis', raw.xAxis) : table.headers[0]!;
  if (type === 'scatter') {
    const x = table.headers.indexOf(xAxis);
    const text = table.rows.findIndex((r) => typeof r[x] === 'string' && !(r[x] as string).startsWith('='));
    if (text >= 0)
      ctx.fail('xAxis', `a scatter chart plots numbers along x, but column "${xAxis}" holds text in row ${text}`);
  }
  const yRaw =
    raw.yAxis === null || raw.yAxis === undefined ? table.headers.filter((h) => h !== xAxis) : [raw.yAxis].flat();
  if (!yRaw.length) ctx.fail('yAxis', `table ${table.name} has no column left to plot besides x_axis "${xAxis}"`);
  const yAxis = yRaw.map((y) => column('yAxis', y));
  if (type === 'pie' && yAxis.length > 1) ctx.fail('yAxis', 'a pie chart draws one series: give one column');

  const o = raw.options ?? {};
  const legendPosition = o.legendPosition ?? 'right';
  if (!(LEGEND_POSITIONS as readonly string[]).includes(legendPosition)) {
    ctx.fail('legendPosition', `"${legendPosition}" is not one of ${LEGEND_POSITIONS.join(', ')}`);
  }
  const colors = o.colors ?? null;
  if (colors) {
    if (!colors.length) ctx.fail('colors', 'give at least one colour or leave colors out for the default palette');
    const bad = colors.filter((c) => !HEX_COLOR.test(c));
    if (bad.length) ctx.fail('colors', `not hex colours (#RRGGBB): ${bad.map((c) => JSON.stringify(c)).join(', ')}`);
  }
  const onlyFor = (field: keyof typeof o, value: boolean | null | undefined, types: readonly ChartType[]): boolean => {
    if (value && !types.includes(type)) ctx.fail(field, `applies to ${types.join(' and ')} charts, not ${type}`);
    return value ?? false;
  };
  return {
    type: 'chart',
    chartType: type,
    title: raw.title?.trim() ? raw.title : null,
    dataRange: table.name,
    xAxis,
    yAxis,
    options: {
      legendPosition: legendPosition as LegendPosition,
      showDataLabels: o.showDataLabels ?? false,
      colors: colors?.map((c) => c.replace('#', '').toUpperCase()) ?? null,
      smoothLines: onlyFor('smoothLines', o.smoothLines, ['line', 'scatter']),
      showTrendline: onlyFor('showTrendline', o.showTrendline, ['line', 'scatter']),
      showPercentages: onlyFor('showPercentages', o.showPercentages, ['pie']),
    },
  };
}

/** Validates a create_spreadsheet input (GraphQL field names) into the workbook the builder lays out. */
export function validateWorkbook(input: unknown): WorkbookSpec {
  const raw = parseInput(shape, input);
  if (!raw.workbookName.trim() || raw.workbookName.length > 200) {
    throw new AppError('UNPROCESSABLE', 'workbookName: must be 1 to 200 characters', { field: 'workbookName' });
  }
  const badName = forbiddenCharacter(raw.workbookName);
  if (badName) throw fieldError('UNPROCESSABLE', 'workbookName', badName, { field: 'workbookName' });
  if (!raw.sheets.length)
    throw new AppError('UNPROCESSABLE', 'sheets: a workbook needs at least one sheet', { field: 'sheets' });
  const sheetNames = new Set<string>();
  raw.sheets.forEach((s, i) => {
    checkSheetName(s.name, i);
    if (sheetNames.has(s.name.toLowerCase()))
      throw new AppError(
        'UNPROCESSABLE',
        `sheets[${i}].name "${s.name}": two sheets have this name (Excel ignores case)`,
        { sheet_index: i, field: 'name' },
      );
    sheetNames.add(s.name.toLowerCase());
  });

  // Tables first: structured references may name a table of any sheet, defined before or after the formula.
  const tables = new Map<string, TableBlock>();
  const built = raw.sheets.map((s) =>
    s.blocks.map((b, i) => {
      const ctx = new BlockContext(s.name, i);
      if (!(BLOCK_TYPES as readonly string[]).includes(b.type))
        ctx.fail('type', `"${b.type}" is not one of ${BLOCK_TYPES.join(', ')}`, 'VALIDATION_ERROR');
      if (b.type !== 'data_table') return null;
      const table = tableBlock(ctx, b);
      if (tables.has(table.name.toLowerCase()))
        ctx.fail('name', `a table named "${table.name}" already exists in the workbook (names ignore case)`);
      tables.set(table.name.toLowerCase(), table);
      return table;
    }),
  );

  const sheets = raw.sheets.map((s, si): SheetSpec => {
    const sheetTables = new Map<string, TableBlock>();
    const blocks = s.blocks.map((b, i): Block => {
      const ctx = new BlockContext(s.name, i);
      switch (b.type) {
        case 'header': {
          const content = ctx.required<string>(b, 'content');
          ctx.text('content', content);
          if (content.length > MAX_CELL_TEXT)
            ctx.fail('content', `Excel holds at most ${MAX_CELL_TEXT} characters in a cell`);
          return { type: 'header', content };
        }
        case 'data_table': {
          const table = built[si]![i]!;
          // Table rows usually repeat one formula per column: each distinct text is checked once.
          const checked = new Set<string>();
          table.rows.forEach((row, r) =>
            row.forEach((v, c) => {
              if (typeof v !== 'string' || !v.startsWith('=') || checked.has(v)) return;
              checkFormula(ctx, `rows[${r}][${c}]`, v, tables, table);
              checked.add(v);
            }),
          );
          sheetTables.set(table.name.toLowerCase(), table);
          return table;
        }
        case 'formula': {
          // The spec requires no label: without one the row shows the value alone.
          const label = b.label ?? '';
          const expression = ctx.required<string>(b, 'expression');
          ctx.text('label', label);
          ctx.text('expression', expression);
          checkFormula(ctx, 'expression', expression, tables, null);
          const format = b.format ?? 'general';
          if (!isNumberFormat(format))
            ctx.fail(
              'format',
              `"${format}" is not one of general, number, integer, currency, percent, date, scientific, engineering`,
            );
          return { type: 'formula', label, expression, format: format as NumberFormatName };
        }
        default:
          return chartBlock(ctx, b, sheetTables);
      }
    });
    // Rows the layout will use, at most: every block and the blank row after it, charts 21 rows.
    const rows = blocks.reduce(
      (n, b) => n + 2 + (b.type === 'data_table' ? Math.max(1, b.rows.length) + 1 : b.type === 'chart' ? 20 : 0),
      0,
    );
    if (rows > MAX_ROWS)
      throw new AppError(
        'UNPROCESSABLE',
        `sheets[${si}] "${s.name}": the blocks need about ${rows} rows; an Excel sheet has ${MAX_ROWS}`,
        { sheet: s.name, field: 'blocks' },
      );
    return { name: s.name, blocks };
  });
  return { workbookName: raw.workbookName, sheets };
}
