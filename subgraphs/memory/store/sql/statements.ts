// Statements as every part of the SQL memory store writes them: `?` placeholders on both engines
// (PostgreSQL's dialect numbers them), and the helpers every part builds on.
export type Row = Record<string, unknown>;

/** Statements, on the database or inside one transaction. */
export interface Sql {
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): Promise<number>;
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/** `items` in slices of `size` (statements have a bound on their parameters). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
