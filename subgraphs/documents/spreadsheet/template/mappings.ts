// data_mappings → the cells to write: every key must name a single-area named
// range, and every value must fit inside it (a single value for one cell, a
// list across a row or down a column, or a list of rows).
import { z } from 'zod';
import { dataKey } from '../../../../core/case.ts';
import { AppError, fieldError } from '../../../../core/errors.ts';
import { parseInput } from '../../../../core/validation.ts';
import type { CellValue } from '../blocks/validate.ts';
import { boxRef, quoteSheet } from '../ooxml/cells.ts';
import { areaOf, findName } from './defined-names.ts';
import type { OpenTemplate } from './open-template.ts';

const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);
const mappingValue = z.union([scalar, z.array(scalar), z.array(z.array(scalar))]);
const populateShape = z.object({ templateFile: z.string(), dataMappings: z.record(z.string(), mappingValue) });
export type PopulateInput = z.output<typeof populateShape>;

export interface CellWrite {
  sheet: string;
  col: number;
  row: number;
  value: CellValue;
}

export const parsePopulateInput = (input: unknown): PopulateInput => parseInput(populateShape, input);

function rowsOf(value: z.output<typeof mappingValue>, columns: number): CellValue[][] {
  if (!Array.isArray(value)) return [[value]];
  if (value.every((v) => Array.isArray(v))) return value as CellValue[][];
  if (value.some((v) => Array.isArray(v))) return value.map((v) => (Array.isArray(v) ? v : [v]));
  // A flat list runs down a one-column range and across any other.
  return columns === 1 ? (value as CellValue[]).map((v) => [v]) : [value as CellValue[]];
}

export function planWrites(template: OpenTemplate, mappings: PopulateInput['dataMappings']): CellWrite[] {
  const keys = Object.keys(mappings);
  const missing = keys.filter((k) => !findName(k, template.names));
  if (missing.length) {
    throw new AppError(
      'NAMED_RANGE_NOT_FOUND',
      `No named range in the template for ${missing.map((k) => `"${k}"`).join(', ')} (names are case-sensitive)`,
      {
        missing_ranges: missing,
        // Each as a key dataMappings accepts: a sheet-scoped name with its sheet quoted when Excel would quote it.
        available_ranges: template.names
          .filter((n) => !n.name.startsWith('_xlnm.'))
          .map((n) => (n.scope ? `${quoteSheet(n.scope)}!${n.name}` : n.name)),
      },
    );
  }
  const writes: CellWrite[] = [];
  for (const key of keys) {
    const def = findName(key, template.names)!;
    const area = areaOf(def);
    if (!area)
      throw fieldError(
        'UNPROCESSABLE',
        dataKey('dataMappings', key),
        `the name refers to ${def.formula}, not to one range of cells`,
        { field: dataKey('dataMappings', key), refers_to: def.formula },
      );
    if (!template.sheets.some((s) => s.name === area.sheet && s.part)) {
      throw fieldError(
        'UNPROCESSABLE',
        dataKey('dataMappings', key),
        `the name points at sheet "${area.sheet}", which is not a worksheet of the template`,
        { field: dataKey('dataMappings', key) },
      );
    }
    const { box } = area;
    const height = box.row2 - box.row1 + 1;
    const width = box.col2 - box.col1 + 1;
    const rows = rowsOf(mappings[key]!, width);
    const widest = Math.max(0, ...rows.map((r) => r.length));
    if (rows.length > height || widest > width) {
      throw fieldError(
        'UNPROCESSABLE',
        dataKey('dataMappings', key),
        `${rows.length} row(s) of up to ${widest} value(s) do not fit the named range ${boxRef(box)}, which is ${height} row(s) by ${width} column(s)`,
        {
          field: dataKey('dataMappings', key),
          range: `${area.sheet}!${boxRef(box)}`,
          range_rows: height,
          range_columns: width,
          given_rows: rows.length,
          given_columns: widest,
        },
      );
    }
    rows.forEach((r, i) =>
      r.forEach((value, j) => writes.push({ sheet: area.sheet, col: box.col1 + j, row: box.row1 + i, value })),
    );
  }
  return writes;
}
