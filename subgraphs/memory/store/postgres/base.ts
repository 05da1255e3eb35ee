// What every part of the PostgreSQL memory store shares: statements on the
// platform database (`?` placeholders, numbered by core/db/postgres/sql.ts), one
// transaction helper, and the SQL fragments several parts build on that are
// PostgreSQL's own. The counterpart of ../libsql/base.ts; what reads the same on
// both engines (statements, query words, the fact filter) is ../sql/.
import type { Database } from '../../../../core/db/client.ts';
import { pgSqlOn, tsQueryFromFts5, type PgSql } from '../../../../core/db/postgres/sql.ts';
import type { Scope } from '../../model.ts';
import { ftsQuery } from '../sql/fragments.ts';
import { placeholders } from '../sql/statements.ts';

export type Sql = PgSql;

export interface PostgresBase extends Sql {
  /** Runs `work`'s statements in one transaction: all of them take effect or none does. Only `sql` may be used inside. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** A transaction when `statements` > 1; a single statement is atomic by itself. */
  atomic<T>(statements: number, work: (sql: Sql) => Promise<T>): Promise<T>;
}

/** As on libSQL: a deletion cascade over a large group runs longer than Prisma's web-request defaults. */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

export function postgresBase(db: Database): PostgresBase {
  const direct = pgSqlOn(db);
  const transaction = <T>(work: (sql: Sql) => Promise<T>): Promise<T> => db.$transaction((tx) => work(pgSqlOn(tx)), TRANSACTION);
  return {
    ...direct,
    transaction,
    atomic: (statements, work) => (statements > 1 ? transaction(work) : work(direct)),
  };
}

/** The base of a store bound to a transaction already open: its statements are that transaction's, and so are nested ones. */
export function postgresWithin(sql: Sql): PostgresBase {
  return { ...sql, transaction: (work) => work(sql), atomic: (_statements, work) => work(sql) };
}

/**
 * Serialises transactions on one key (an account's uuid, a group) until they end: the
 * read-then-write methods (is this uuid taken? then insert) would otherwise both see it free
 * under READ COMMITTED, where SQLite's single writer serialised them.
 */
export const lockKey = (sql: Sql, ...parts: string[]) => sql.exec(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, JSON.stringify(parts));

/** The user's words (as libSQL's ftsQuery keeps them) as a to_tsquery text for 'platform_english'. */
export function tsQuery(text: string): string | null {
  const match = ftsQuery(text);
  return match ? tsQueryFromFts5(match) : null;
}

export function scopeSql(scope: Scope, alias: string): { sql: string; args: string[] } {
  if (!scope.groupIds) return { sql: `${alias}."accountId" = ?`, args: [scope.accountId] };
  if (!scope.groupIds.length) return { sql: 'false', args: [] };
  return { sql: `${alias}."accountId" = ? AND ${alias}."groupId" IN (${placeholders(scope.groupIds.length)})`, args: [scope.accountId, ...scope.groupIds] };
}
