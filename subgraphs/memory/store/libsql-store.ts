// MemoryStore on the embedded database (libSQL): the shared SQL store (sql-store.ts) with
// SQLite's dialect: FTS5 (BM25) over facts, episode text and entity names, libsql_vector_idx over
// fact embeddings (libsql/vectors.ts), the `+` and CROSS JOIN planner hints, and transactions
// that take the write lock first.
import type { Database } from '../../../core/db/client.ts';
import { ftsQuery } from './sql/fragments.ts';
import type { MemoryDialect, TextMatch } from './sql/dialect.ts';
import type { MemoryStore } from './memory-store.ts';
import { createSqlMemoryStore } from './sql-store.ts';
import { NEW_FACT_COLUMNS, newFactValues } from './sql/rows.ts';
import type { Row, Sql } from './sql/statements.ts';
import { blob, libsqlVectorIndex, toFloat32 } from './libsql/vectors.ts';

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

/** An FTS5 table's match of the user's words, joined to its rows (alias `alias`) by rowid. */
function fts(table: string, alias: string, key: string, text: string, weights = ''): TextMatch | null {
  const match = ftsQuery(text);
  if (!match) return null;
  return {
    from: `"${table}" JOIN "${table.replace(/Fts$/, '')}" ${alias} ON ${alias}."${key}" = "${table}".rowid`,
    where: `"${table}" MATCH ?`,
    score: `-bm25("${table}"${weights})`,
    args: [match],
  };
}

/**
 * The libSQL dialect: `sql` runs the statements (the database, or a transaction), `transaction`
 * opens one. A transaction costs a fresh connection of @libsql/client (it hands its connection to
 * each transaction and opens a new one for what follows: about 3–5 ms of opening and schema parsing,
 * and the next statements start with a cold page cache), so a single statement runs without one.
 */
function libsqlDialect(
  sql: Sql,
  transaction: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>,
  direct: boolean,
): MemoryDialect {
  const dialect: MemoryDialect = {
    engine: 'libsql',
    ...sql,
    transaction,
    atomic: (statements, work) => (direct && statements > 1 ? transaction(work) : work(sql)),
    within: (tx) => libsqlDialect(tx, (work) => work(tx), false),
    noIndex: (column) => `+${column}`,
    drivingJoin: 'CROSS JOIN',
    indexedBy: (index) => `INDEXED BY "${index}"`,
    insertIgnore: (rest) => `INSERT OR IGNORE INTO ${rest}`,
    factText: (text) => fts('MemoryFactFts', 'f', 'id', text, ', 1.0, 0.5'),
    episodeText: (text) => fts('MemoryEpisodeFts', 'e', 'seq', text),
    entityText: (text) => fts('MemoryEntityFts', 'e', 'id', text),
    vector: { sql: 'vector32(?)', arg: blob, column: (expr) => expr, read: toFloat32 },
    factWrites: {
      statements: 1,
      // The view's trigger writes each fact and its first provenance row (see the fact-vectors migration).
      write: (tx, batch) =>
        tx
          .exec(
            `INSERT INTO "MemoryFactWrite" (${NEW_FACT_COLUMNS}, "episodeUuid", "sourceDescription")
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, vector32(?), ?, ?, ?)').join(', ')}`,
            ...batch.flatMap((f) => [...newFactValues(f, blob), f.episode.uuid, f.episode.sourceDescription]),
          )
          .then(() => undefined),
    },
    vectorIndex: libsqlVectorIndex,
  };
  return dialect;
}

export function libsqlMemoryDialect(db: Database): MemoryDialect {
  const transaction = <T>(work: (sql: Sql) => Promise<T>): Promise<T> =>
    db.$transaction(async (tx) => {
      const sql = sqlOn(tx);
      await sql.exec(TAKE_WRITE_LOCK);
      return work(sql);
    }, TRANSACTION);
  return libsqlDialect(sqlOn(db), transaction, true);
}

export const createLibsqlStore = (db: Database): MemoryStore => createSqlMemoryStore(libsqlMemoryDialect(db));
