// PassageIndex on PostgreSQL: a stored tsvector with a GIN index, ranked with
// ts_rank_cd, for words; pgvector's HNSW index (cosine) for embeddings. The
// PostgreSQL counterpart of libsql-index.ts, with the same answers to the same
// calls (test/subgraphs/content/search/search.test.ts and test/integration/search.test.ts run on
// whichever engine TEST_POSTGRES_URL picks; .ci/run runs them on both).
// The two ranking reads, whose cost the caller's query decides, run as
// interruptible reads (core/db/postgres/interruptible-reads.ts): cancelled on
// the server when the index's signal aborts (the search's deadline).
import { createHash } from 'node:crypto';
import type { Database } from '../../../core/db/client.ts';
import { anyWordQuery, numbered, pgSqlOn, vectorText } from '../../../core/db/postgres/sql.ts';
import {
  dropOtherPgVectorIndexes,
  ensurePgVectorIndex,
  pgVectorSql,
  type PgVectorIndexSpec,
} from '../../../core/embedding/postgres-vector-index.ts';
import { ftsTerms, isStopWord } from './words.ts';
import type { PassageIndex } from './passage-index.ts';
import {
  COLUMNS,
  fileFilter,
  ids,
  passageValues,
  sharedReads,
  termInserts,
  toHit,
  type PassageRow,
} from './index-reads.ts';

/** ts_rank_cd's weights {D, C, B, A}: glossary (D) and text (C) 1, section (B) 2, heading (A) 4, as libSQL's bm25(4, 1, 2, 1). */
const WEIGHTS = `'{0.25, 0.25, 0.5, 1}'`;
/** Few neighbours per node, as on libSQL (max_neighbors 12): inserting is most of an ingest's writing. */
const PASSAGE_INDEX: PgVectorIndexSpec = { table: 'CodePassage', options: 'm = 12, ef_construction = 48' };
/** Models whose HNSW index this process has made sure of. */
const indexed = new Set<string>();

/** A code's passages are replaced in one transaction; a large code's insert takes a while on a loaded machine. */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

/** The query's words (the same as libSQL's ftsQuery keeps) as "any of them" for to_tsquery. */
export function tsQuery(query: string): string | null {
  return anyWordQuery(ftsTerms(query).filter((t) => !isStopWord(t)));
}

/** A file's lexeme, as the migration's tsvector holds it: 'f' and the md5 of its id. */
export const fileLexeme = (fileId: string) => `f${createHash('md5').update(fileId, 'utf8').digest('hex')}`;

export function createPostgresIndex(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  const reads = db.reads;
  const rank = (sql: string, ...args: unknown[]) => reads.query<{ id: number }>(numbered(sql), args, options.signal);
  const { query } = pgSqlOn(db);
  return {
    async replaceFile(fileId, passages) {
      // One transaction: a search never sees a code half replaced.
      await db.$transaction(async (tx) => {
        const { exec } = pgSqlOn(tx);
        await exec('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
        await exec('DELETE FROM "CodeTerm" WHERE "fileId" = ?', fileId);
        for (const insert of termInserts(fileId, passages)) await exec(insert.sql, ...insert.args);
        for (let i = 0; i < passages.length; i += 200) {
          const batch = passages.slice(i, i + 200);
          await exec(
            `INSERT INTO "CodePassage" ("fileId", "page", "pageLabel", "section", "heading", "headingPath", "contentType", "text", "glossary", "embedding", "embeddingModel")
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector, ?)').join(', ')}`,
            ...batch.flatMap((p) => passageValues(fileId, p, vectorText(p.embedding))),
          );
        }
      }, TRANSACTION);
      const first = passages[0];
      const key = first ? `${first.embeddingModel}/${first.embedding.length}` : '';
      if (first && !indexed.has(key)) {
        await ensurePgVectorIndex(pgSqlOn(db), PASSAGE_INDEX, first.embeddingModel, first.embedding.length);
        indexed.add(key);
      }
    },

    async setVectors(model, rows) {
      for (let i = 0; i < rows.length; i += 200) {
        const batch = rows.slice(i, i + 200);
        await db.$transaction(async (tx) => {
          const { exec } = pgSqlOn(tx);
          for (const r of batch)
            await exec(
              `UPDATE "CodePassage" SET "embedding" = ?::vector, "embeddingModel" = ? WHERE "id" = ?`,
              vectorText(r.vector),
              model,
              r.id,
            );
        }, TRANSACTION);
      }
    },

    async activateVectors(space) {
      await ensurePgVectorIndex(pgSqlOn(db), PASSAGE_INDEX, space.model, space.dimensions);
      await dropOtherPgVectorIndexes(pgSqlOn(db), PASSAGE_INDEX.table, space.model, space.dimensions);
    },

    async fullText(text, fileIds, limit) {
      const match = tsQuery(text);
      if (!match || (fileIds && !fileIds.length)) return [];
      // A file filter is part of the tsquery the GIN index answers (each passage's file is a lexeme of
      // its tsvector), so matches in other files are never read from the heap; the rank counts the words only.
      const files = fileIds ? `(${fileIds.map((f) => `'${fileLexeme(f)}'`).join(' | ')})` : null;
      const rows = await rank(
        `SELECT p."id", ts_rank_cd(${WEIGHTS}, p."tsv", q) AS score
           FROM "CodePassage" p, to_tsquery('platform_english', ?) q
          WHERE p."tsv" @@ ${files ? `(q && to_tsquery('simple', ?))` : 'q'} ORDER BY score DESC, p."id" LIMIT ?`,
        match,
        ...(files ? [files] : []),
        limit,
      );
      return ids(rows);
    },

    async nearest(embedding, fileIds, limit) {
      // The model's own HNSW index with iterative scans (core/db/postgres/open.ts): a file filter keeps the
      // scan going until `limit` passages of those files are found, nearest first.
      const filter = fileFilter(fileIds);
      const m = pgVectorSql('p', embedding.model, embedding.vector.length);
      const rows = await rank(
        `SELECT p."id" FROM "CodePassage" p WHERE ${m.predicate}${filter.sql} ORDER BY ${m.expr} <=> ?${m.cast} LIMIT ?`,
        ...filter.args,
        vectorText(embedding.vector),
        limit,
      );
      return ids(rows);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      // Byte order (COLLATE "C"), as SQLite compares: "11.11(" < "11.11(1)" < "11.11)".
      const rows = await query<PassageRow>(
        `SELECT ${COLUMNS} FROM "CodePassage" p
          WHERE (p."section" = ? OR (p."section" COLLATE "C" > ? AND p."section" COLLATE "C" < ?))${filter.sql} ORDER BY p."page", p."id" LIMIT 20`,
        section,
        `${section}(`,
        `${section})`,
        ...filter.args,
      );
      return rows.map(toHit);
    },

    ...sharedReads(query),
  };
}
