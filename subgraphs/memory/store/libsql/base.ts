// What every part of the libSQL memory store shares: statements on the platform
// database, one transaction helper, and the SQL fragments several parts build on
// that are libSQL's own (what PostgreSQL reads the same is ../sql/).
import type { Database } from '../../../../core/db/client.ts';
import type { Scope } from '../../model.ts';
import { placeholders, type Row, type Sql, type SqlBase } from '../sql/statements.ts';

export interface LibsqlBase extends SqlBase {
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
