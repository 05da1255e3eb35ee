// Writes values into a worksheet's XML in place: only the addressed <c>
// elements change (keeping their style), every other byte of the sheet stays
// as the template had it. Also drops formulas' cached results so no reader
// shows a stale value.
import { fieldError } from '../../../../core/errors.ts';
import { cellAddress, parseCell } from '../ooxml/cells.ts';
import { attributes, escapeXml, stripInvalidXmlChars } from '../ooxml/xml.ts';
import type { CellValue } from '../blocks/validate.ts';
import { stringCell } from '../blocks/cell-text.ts';

export interface SheetWrite {
  col: number;
  row: number;
  value: CellValue;
}

/** A template whose sheet XML this writer cannot address (Excel always writes what it needs). */
const unreadable = (why: string) =>
  fieldError('UNSUPPORTED_FORMAT', 'templateFile', `a worksheet cannot be filled: ${why}`, { field: 'templateFile' });

const ROW = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;

function cellXml(col: number, row: number, style: string | undefined, value: CellValue): string {
  const head = `<c r="${cellAddress(col, row)}"${style ? ` s="${style}"` : ''}`;
  if (value === null || value === '') return `${head}/>`;
  if (typeof value === 'number') return Number.isFinite(value) ? `${head}><v>${value}</v></c>` : `${head}/>`;
  if (typeof value === 'boolean') return `${head} t="b"><v>${value ? 1 : 0}</v></c>`;
  const cell = stringCell(value);
  if ('formula' in cell) return `${head}><f>${escapeXml(stripInvalidXmlChars(cell.formula.slice(1)))}</f></c>`;
  return `${head} t="inlineStr"><is><t xml:space="preserve">${escapeXml(stripInvalidXmlChars(cell.text))}</t></is></c>`;
}

function patchRow(rowNumber: number, cellsXml: string, writes: Map<number, SheetWrite>): string {
  const cells: { col: number; xml: string }[] = [];
  for (const m of cellsXml.matchAll(CELL)) {
    const a = attributes(m[1]!);
    const at = parseCell(a.r ?? '');
    if (!at) throw unreadable(`a cell in row ${rowNumber} has no address`);
    const write = writes.get(at.col);
    // The first cell of a shared formula carries the formula for the others; overwriting it would break them.
    if (write && /<f\b[^>]*\bt="shared"[^>]*\bref="/.test(m[2] ?? '')) {
      throw fieldError(
        'UNPROCESSABLE',
        'dataMappings',
        `cell ${a.r} holds a formula shared with other cells of the template; a named range to fill should not cover it`,
        { field: 'dataMappings', cell: a.r },
      );
    }
    cells.push({ col: at.col, xml: write ? cellXml(at.col, rowNumber, a.s, write.value) : m[0] });
    writes.delete(at.col);
  }
  for (const w of writes.values()) cells.push({ col: w.col, xml: cellXml(w.col, rowNumber, undefined, w.value) });
  return cells
    .sort((a, b) => a.col - b.col)
    .map((c) => c.xml)
    .join('');
}

export function writeSheetCells(sheetXml: string, writes: readonly SheetWrite[]): string {
  if (!writes.length) return sheetXml;
  const byRow = new Map<number, Map<number, SheetWrite>>();
  for (const w of writes) {
    if (!byRow.has(w.row)) byRow.set(w.row, new Map());
    byRow.get(w.row)!.set(w.col, w);
  }
  const open = /<sheetData\s*\/>|<sheetData\b[^>]*>/.exec(sheetXml);
  if (!open) throw unreadable('no <sheetData> (a prefixed namespace, or not a worksheet)');
  const selfClosing = open[0].endsWith('/>');
  const start = open.index + open[0].length;
  const end = selfClosing ? start : sheetXml.indexOf('</sheetData>', start);
  const rows: { row: number; xml: string }[] = [];
  for (const m of sheetXml.slice(start, end).matchAll(ROW)) {
    const attrs = m[1]!;
    const number = Number(attributes(attrs).r);
    if (!number) throw unreadable('a row has no number');
    const pending = byRow.get(number);
    if (!pending) {
      rows.push({ row: number, xml: m[0] });
      continue;
    }
    // spans is only a hint of the row's extent; drop it rather than let it go stale.
    const rowAttrs = attrs.replace(/(?<!\s)\s+spans="[^"]*"/, '');
    rows.push({ row: number, xml: `<row${rowAttrs}>${patchRow(number, m[2] ?? '', pending)}</row>` });
    byRow.delete(number);
  }
  for (const [row, pending] of byRow) rows.push({ row, xml: `<row r="${row}">${patchRow(row, '', pending)}</row>` });
  const body = rows
    .sort((a, b) => a.row - b.row)
    .map((r) => r.xml)
    .join('');
  return selfClosing
    ? `${sheetXml.slice(0, open.index)}<sheetData>${body}</sheetData>${sheetXml.slice(start)}`
    : `${sheetXml.slice(0, start)}${body}${sheetXml.slice(end)}`;
}

/** Formula cells without their cached results (and result type), so they are computed when opened. */
export function dropCachedResults(sheetXml: string): string {
  return sheetXml.replace(CELL, (whole, attrs: string, inner: string | undefined) => {
    if (!inner || !/<f[\s>/]/.test(inner)) return whole;
    const kept = inner.replace(/<v>[\s\S]*?<\/v>|<v\/>/g, '');
    return `<c${attrs.replace(/(?<!\s)\s+t="(?:str|b|e|n)"/, '')}>${kept}</c>`;
  });
}
