// What the engines write differently (sql-store.ts); everything else is one SQL text with `?` placeholders.
import type { ModelVector } from '../../../../../core/embedding/model-vector.ts';
import type { Database } from '../../../../../core/db/client.ts';

export type Row = Record<string, unknown>;

export interface SqlDialect {
  /** Statements on the database; `exec` answers Prisma's lazy promise, so statements also go to a batch `$transaction([...])`. */
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): ReturnType<Database['$executeRawUnsafe']>;
  /** A JSON object's text from `'key', value, …` pairs. */
  jsonObject(pairs: string): string;
  /** An expression giving a random id to rows the SQL itself creates. */
  newId: string;
  /** The SQL value of one embedding and its bound argument. */
  vector: { sql: string; arg(v: Float32Array): unknown };
  /**
   * Keeps the planner off an index for a column compared in a WHERE clause (SQLite's unary `+`),
   * where the index would scan the whole project instead of the id lookup beside it.
   */
  noIndex(column: string): string;
  /** Sheet numbers compared byte by byte, as SQLite does (PostgreSQL: COLLATE "C"). */
  byteOrder(column: string): string;
  /** The column relationships are listed by, in insertion order. */
  relationshipOrder: string;
  /** Entities whose label or text match an FTS5 `"a" OR "b"` query: the FROM, WHERE and ORDER BY parts, null when the query has no word. */
  textFilter(match: string): { from: string; where: string; order: string; args: unknown[] } | null;
  /** Entity ids by full-text rank (label weighted 2×), best first. */
  searchText(projectId: string, match: string, limit: number): Promise<{ id: string; score: number }[]>;
  /** Entity ids by cosine similarity within the project, best first. */
  searchVector(projectId: string, embedding: ModelVector, limit: number): Promise<{ id: string; score: number }[]>;
}
