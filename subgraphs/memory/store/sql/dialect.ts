// What the libSQL and PostgreSQL memory stores write differently. Everything else (episodes,
// entities, facts, retrieval, groups: ./*.ts) is one SQL text with `?` placeholders written once,
// as the projects store does with its SqlDialect (subgraphs/drawings/projects/store/sql-store.ts).
// The dialect is the store's one handle: it carries its engine, its statements and its
// transactions; ../libsql-store.ts and ../postgres-store.ts give one each.
import type { NewFact, Scope } from '../../model.ts';
import type { RetrievalStore } from '../memory-store.ts';
import type { Sql } from './statements.ts';

/** A full-text match of the user's words over one table (alias e or f): its FROM and WHERE parts, its score (higher is better). */
export interface TextMatch {
  from: string;
  where: string;
  score: string;
  args: unknown[];
}

/** The nearest-neighbour index over fact embeddings, which each engine keeps its own way. */
export type VectorIndex = Pick<RetrievalStore, 'nearestFacts' | 'indexFactVectors' | 'activateFactVectors'>;

export interface MemoryDialect extends Sql {
  readonly engine: 'libsql' | 'postgresql';
  /** Runs `work`'s statements in one transaction: all of them take effect or none does. Only `sql` may be used inside. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A transaction when `statements` > 1; a single statement is atomic by itself (and skips a transaction's cost). */
  atomic<T>(statements: number, work: (sql: Sql) => Promise<T>): Promise<T>;
  /** The same dialect bound to a transaction already open: its statements are that transaction's, and so are nested ones. */
  within(sql: Sql): MemoryDialect;
  /**
   * Serialises transactions on `key` until they end, where the engine needs it: a read-then-write
   * (is this uuid taken? then insert) would otherwise see it free twice under PostgreSQL's READ
   * COMMITTED. Absent on libSQL, whose single writer serialises them.
   */
  lock?(sql: Sql, key: readonly string[]): Promise<unknown>;
  /** Keeps the planner off an index for a compared column (SQLite's unary `+`), where a more selective one drives the query. */
  noIndex(column: string): string;
  /** A join the planner takes in written order (SQLite's CROSS JOIN … ON), where the left side is the small one. */
  drivingJoin: string;
  /** An index hint after a table name (SQLite's INDEXED BY), empty where the planner needs none. */
  indexedBy(index: string): string;
  /** `INSERT … ` of `rest` (the table, columns and VALUES) that skips rows already there. */
  insertIgnore(rest: string): string;
  /** Full text over facts (fact weighted 1, relation name 0.5), episode text and entity names; null when the words make no query. */
  factText(text: string): TextMatch | null;
  episodeText(text: string): TextMatch | null;
  entityText(text: string): TextMatch | null;
  /** One embedding as a bound value (`sql` with one `?`, `arg`), and read back (`column` selects it, `read` parses it). */
  vector: { sql: string; arg(v: Float32Array): unknown; column(expr: string): string; read(v: unknown): Float32Array };
  /** Writes one batch of new facts with their first provenance row, in `statements` statements. */
  factWrites: { statements: number; write(sql: Sql, batch: readonly NewFact[]): Promise<void> };
  /** The engine's vector index, on the statements of `on` (this dialect, or the one bound to a transaction). */
  vectorIndex(on: MemoryDialect): VectorIndex;
}

/** The account/group condition; `useIndex` lets the planner use the (accountId, groupId) index. */
export function scopeSql(
  dialect: MemoryDialect,
  scope: Scope,
  alias: string,
  useIndex = false,
): { sql: string; args: string[] } {
  const col = (name: string) => (useIndex ? `${alias}."${name}"` : dialect.noIndex(`${alias}."${name}"`));
  if (!scope.groupIds) return { sql: `${col('accountId')} = ?`, args: [scope.accountId] };
  if (!scope.groupIds.length) return { sql: 'false', args: [] };
  return {
    sql: `${col('accountId')} = ? AND ${col('groupId')} IN (${scope.groupIds.map(() => '?').join(',')})`,
    args: [scope.accountId, ...scope.groupIds],
  };
}

/** Runs a read-then-write as one step: under the key's lock in a transaction where the engine needs it, else atomic as `statements` says. */
export function serialised<T>(
  dialect: MemoryDialect,
  key: readonly string[],
  statements: number,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const lock = dialect.lock;
  if (!lock) return dialect.atomic(statements, work);
  return dialect.transaction(async (sql) => {
    await lock(sql, key);
    return work(sql);
  });
}
