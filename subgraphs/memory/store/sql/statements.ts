// What the two SQL stores (../libsql/, ../postgres/) share about statements: their shape (`?`
// placeholders on both; PostgreSQL's base numbers them), and the helpers every part builds on.
export type Row = Record<string, unknown>;

/** Statements, on the database or inside one transaction. */
export interface Sql {
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): Promise<number>;
}

/** A store's base as the engine-neutral parts use it (each engine's base documents its own costs and locks). */
export interface SqlBase extends Sql {
  /** Runs `work`'s statements in one transaction: all of them take effect or none does. Only `sql` may be used inside. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A transaction when `statements` > 1; a single statement is atomic by itself. */
  atomic<T>(statements: number, work: (sql: Sql) => Promise<T>): Promise<T>;
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/** `items` in slices of `size` (statements have a bound on their parameters). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
