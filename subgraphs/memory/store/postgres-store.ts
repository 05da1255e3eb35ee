// MemoryStore on PostgreSQL (DATABASE_URL=postgres://…): the shared SQL store (sql-store.ts) with
// PostgreSQL's dialect: tsvector + GIN (ts_rank_cd) where libSQL has FTS5, pgvector HNSW where it
// has libsql_vector_idx (postgres/vectors.ts), and advisory locks where SQLite's single writer
// serialised a read-then-write.
import type { Database } from '../../../core/db/client.ts';
import { parseVector, pgSqlOn, tsQueryFromFts5, vectorText } from '../../../core/db/postgres/sql.ts';
import type { MemoryStore } from './memory-store.ts';
import { postgresVectorIndex } from './postgres/vectors.ts';
import { createSqlMemoryStore } from './sql-store.ts';
import { NEW_FACT_COLUMNS, newFactValues } from './sql/rows.ts';
import type { MemoryDialect, TextMatch } from './sql/dialect.ts';
import { ftsQuery } from './sql/fragments.ts';
import type { Sql } from './sql/statements.ts';

/** As on libSQL: a deletion cascade over a large group runs longer than Prisma's web-request defaults. */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

/** ts_rank_cd's weights {D, C, B, A}: a fact's words (A) 1, its relation name (B) 0.5, as libSQL's bm25(1.0, 0.5). */
const FACT_WEIGHTS = `'{0, 0, 0.5, 1}'`;

/** The user's words (as libSQL's FTS5 query keeps them) against a row's tsvector (alias `alias`), with 'platform_english'. */
function tsv(table: string, alias: string, text: string, weights = ''): TextMatch | null {
  const fts5 = ftsQuery(text);
  const match = fts5 ? tsQueryFromFts5(fts5) : null;
  if (!match) return null;
  return {
    from: `"${table}" ${alias}, to_tsquery('platform_english', ?) q`,
    where: `${alias}."tsv" @@ q`,
    score: `ts_rank_cd(${weights}${alias}."tsv", q)`,
    args: [match],
  };
}

function postgresDialect(
  sql: Sql,
  transaction: <T>(work: (sql: Sql) => Promise<T>) => Promise<T>,
  direct: boolean,
): MemoryDialect {
  return {
    engine: 'postgresql',
    ...sql,
    transaction,
    atomic: (statements, work) => (direct && statements > 1 ? transaction(work) : work(sql)),
    within: (tx) => postgresDialect(tx, (work) => work(tx), false),
    lock: (tx, key) => tx.exec(`SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, JSON.stringify(key)),
    noIndex: (column) => column,
    drivingJoin: 'JOIN',
    indexedBy: () => '',
    insertIgnore: (rest) => `INSERT INTO ${rest} ON CONFLICT DO NOTHING`,
    factText: (text) => tsv('MemoryFact', 'f', text, `${FACT_WEIGHTS}, `),
    episodeText: (text) => tsv('MemoryEpisode', 'e', text),
    entityText: (text) => tsv('MemoryEntity', 'e', text),
    vector: { sql: '?::vector', arg: vectorText, column: (expr) => `${expr}::text AS "embedding"`, read: parseVector },
    factWrites: {
      // A new fact and its first provenance row are two statements (libSQL writes them through a view).
      statements: 2,
      async write(tx, batch) {
        await tx.exec(
          `INSERT INTO "MemoryFact" (${NEW_FACT_COLUMNS})
           VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector, ?)').join(', ')}`,
          ...batch.flatMap((f) => newFactValues(f, vectorText)),
        );
        await tx.exec(
          `INSERT INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
          ...batch.flatMap((f) => [f.accountId, f.uuid, f.episode.uuid, f.episode.sourceDescription]),
        );
      },
    },
    vectorIndex: postgresVectorIndex,
  };
}

export function postgresMemoryDialect(db: Database): MemoryDialect {
  const transaction = <T>(work: (sql: Sql) => Promise<T>): Promise<T> =>
    db.$transaction((tx) => work(pgSqlOn(tx)), TRANSACTION);
  return postgresDialect(pgSqlOn(db), transaction, true);
}

export const createPostgresStore = (db: Database): MemoryStore => createSqlMemoryStore(postgresMemoryDialect(db));
