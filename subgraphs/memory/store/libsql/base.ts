// What every part of the libSQL memory store shares: statements on the platform
// database, one transaction helper, and the SQL fragments several parts build on.
import type { Database } from '../../../../core/db/client.ts';
import type { FactFilter, Scope } from '../../model.ts';

export type Row = Record<string, unknown>;

/** Statements, on the database or inside one transaction. */
export interface Sql {
  query<T = Row>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): Promise<number>;
}

export interface LibsqlBase extends Sql {
  /**
   * Runs `work`'s statements in one transaction: all of them take effect or none does. Only `sql`
   * may be used inside (the adapter serialises the connection for the transaction, so a statement
   * on the database itself would wait for the transaction to end).
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * A transaction when `statements` > 1; a single statement is atomic by itself and skips the cost:
   * @libsql/client hands its connection to each transaction and opens a new one for what follows,
   * about 3–5 ms of opening and schema parsing, and the next statements start with a cold page cache.
   */
  atomic<T>(statements: number, work: (sql: Sql) => Promise<T>): Promise<T>;
}

type Client = Pick<Database, '$queryRawUnsafe' | '$executeRawUnsafe'>;

/**
 * Prisma's interactive transaction defaults (2 s to start, 5 s to finish) are for web requests;
 * a deletion cascade over a large group runs longer, and a transaction waits for the statements
 * queued before it. Holding the connection that long is the price of never leaving half a deletion.
 */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

/**
 * The first statement of every transaction: it changes nothing but takes the database's write lock.
 * The adapter begins transactions DEFERRED, so a transaction that read first and wrote later would
 * fail with SQLITE_BUSY_SNAPSHOT whenever another process (see "Running past one process") wrote in
 * between; holding the write lock from the start makes it wait for that writer instead (busy timeout).
 */
const TAKE_WRITE_LOCK = `UPDATE "MemoryGroupLease" SET "holder" = "holder" WHERE 0`;

const sqlOn = (client: Client): Sql => ({
  query: <T = Row>(sql: string, ...args: unknown[]) => client.$queryRawUnsafe<T[]>(sql, ...args),
  exec: (sql: string, ...args: unknown[]) => client.$executeRawUnsafe(sql, ...args),
});

export function libsqlBase(db: Database): LibsqlBase {
  const direct = sqlOn(db);
  const transaction = <T>(work: (sql: Sql) => Promise<T>): Promise<T> =>
    db.$transaction(async (tx) => {
      const sql = sqlOn(tx);
      await sql.exec(TAKE_WRITE_LOCK);
      return work(sql);
    }, TRANSACTION);
  return {
    ...direct,
    transaction,
    atomic: (statements, work) => (statements > 1 ? transaction(work) : work(direct)),
  };
}

/** The base of a store bound to a transaction already open: its statements are that transaction's, and so are nested ones. */
export function libsqlWithin(sql: Sql): LibsqlBase {
  return { ...sql, transaction: (work) => work(sql), atomic: (_statements, work) => work(sql) };
}

export const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/** `items` in slices of `size` (statements have a bound on their parameters). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The user's words as an FTS5 query: each a quoted term, any of them may match (BM25 ranks by how many and how rare). */
export function ftsQuery(text: string, maxTerms = 64): string | null {
  const terms = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1 || /\d/.test(t));
  const unique = [...new Set(terms)].slice(-maxTerms);
  return unique.length ? unique.map((t) => `"${t}"`).join(' OR ') : null;
}

/**
 * The account/group condition. `+` keeps SQLite from choosing the (accountId, groupId) index
 * when a more selective one (full text, vector, uuid) drives the query: with a large group
 * that index would scan it whole.
 */
export function scopeSql(scope: Scope, alias: string, useIndex = false): { sql: string; args: string[] } {
  const plus = useIndex ? '' : '+';
  if (!scope.groupIds) return { sql: `${plus}${alias}."accountId" = ?`, args: [scope.accountId] };
  if (!scope.groupIds.length) return { sql: '0', args: [] };
  return { sql: `${plus}${alias}."accountId" = ? AND ${plus}${alias}."groupId" IN (${placeholders(scope.groupIds.length)})`, args: [scope.accountId, ...scope.groupIds] };
}

export function filterSql(filter: FactFilter, alias: string): { sql: string; args: string[] } {
  let sql = '';
  const args: string[] = [];
  if (!filter.includeInvalidated) sql += ` AND ${alias}."invalidAt" IS NULL AND ${alias}."expiredAt" IS NULL`;
  if (filter.source !== null) {
    sql += ` AND EXISTS (SELECT 1 FROM "MemoryFactEpisode" fe WHERE fe."accountId" = ${alias}."accountId" AND fe."factUuid" = ${alias}."uuid" AND fe."sourceDescription" = ?)`;
    args.push(filter.source);
  }
  return { sql, args };
}
