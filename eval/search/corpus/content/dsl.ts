/** Small constructors that keep the code outlines readable as documents. */
import type {
  BodyPart,
  ClauseItem,
  DefinitionsItem,
  Drawing,
  EquationSpec,
  FigureItem,
  FillerItem,
  TableItem,
} from '../types.ts';

export const clause = (number: string, heading: string, ...body: BodyPart[]): ClauseItem => ({
  kind: 'clause',
  number,
  heading,
  body,
});

export const eq = (formula: string, label: string, where?: string): EquationSpec =>
  where === undefined ? { eq: formula, label } : { eq: formula, label, where };

/** `columns` as "Header:weight" so a table reads as one line per row in the outline. */
export function table(number: string, title: string, columns: string[], rows: string[][], note?: string): TableItem {
  const cols = columns.map((c) => {
    const i = c.lastIndexOf(':');
    return i > 0 && /^\d+(\.\d+)?$/.test(c.slice(i + 1))
      ? { header: c.slice(0, i), weight: Number(c.slice(i + 1)) }
      : { header: c, weight: 1 };
  });
  for (const r of rows)
    if (r.length !== cols.length)
      throw new Error(`${number}: row "${r[0]}" has ${r.length} cells, expected ${cols.length}`);
  return note === undefined
    ? { kind: 'table', number, title, columns: cols, rows }
    : { kind: 'table', number, title, columns: cols, rows, note };
}

export const figure = (number: string, caption: string, drawing: Drawing, height = 150): FigureItem => ({
  kind: 'figure',
  number,
  caption,
  drawing,
  height,
});

export const filler = (prefix: string, from: number, count: number, topic?: string): FillerItem =>
  topic === undefined ? { kind: 'filler', prefix, from, count } : { kind: 'filler', prefix, from, count, topic };

/** Picks entries from a term bank in the order given; an unknown term is an outline bug. */
export function defs(
  prefix: string,
  from: number,
  bank: Record<string, string>,
  terms: string[],
  extra: Record<string, string> = {},
): DefinitionsItem {
  const entries = terms.map((t): [string, string] => {
    const meaning = extra[t] ?? bank[t];
    if (meaning === undefined) throw new Error(`no definition for "${t}"`);
    return [t, meaning];
  });
  return { kind: 'definitions', prefix, from, entries };
}
