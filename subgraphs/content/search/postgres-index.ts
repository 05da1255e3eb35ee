// PassageIndex on PostgreSQL: a stored tsvector with a GIN index, ranked with
// ts_rank_cd, for words; pgvector's HNSW index (cosine) for embeddings. The
// PostgreSQL counterpart of libsql-index.ts, with the same answers to the same
// calls (test/subgraphs/content/search/search.test.ts and test/integration/search.test.ts run on
// whichever engine TEST_POSTGRES_URL picks; .ci/run runs them on both).
// The two ranking reads, whose cost the caller's query decides, run as
// interruptible reads (core/db/postgres/interruptible-reads.ts): cancelled on
// the server when the index's signal aborts (the search's deadline).
import type { Database } from '../../../core/db/client.ts';
import { interruptibleReads } from '../../../core/db/interruptible-reads.ts';
import { anyWordQuery, numbered, pgSqlOn, vectorText } from '../../../core/db/postgres/sql.ts';
import { ftsTerms, isStopWord } from './words.ts';
import type { PassageIndex } from './passage-index.ts';
import { COLUMNS, fileFilter, ids, sharedReads, termInserts, toHit, type PassageRow } from './index-reads.ts';

/** ts_rank_cd's weights {D, C, B, A}: glossary (D) and text (C) 1, section (B) 2, heading (A) 4, as libSQL's bm25(4, 1, 2, 1). */
const WEIGHTS = `'{0.25, 0.25, 0.5, 1}'`;
/** A code's passages are replaced in one transaction; a large code's insert takes a while on a loaded machine. */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

/** The query's words (the same as libSQL's ftsQuery keeps) as "any of them" for to_tsquery. */
export function tsQuery(query: string): string | null {
  return anyWordQuery(ftsTerms(query).filter((t) => !isStopWord(t)));
}

export function createPostgresIndex(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  const reads = interruptibleReads(db);
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
            `INSERT INTO "CodePassage" ("fileId", "page", "pageLabel", "section", "heading", "headingPath", "contentType", "text", "glossary", "embedding")
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector)').join(', ')}`,
            ...batch.flatMap((p) => [fileId, p.page, p.pageLabel, p.section, p.heading, p.headingPath, p.contentType, p.text, p.glossary ?? '', vectorText(p.embedding)]),
          );
        }
      }, TRANSACTION);
    },

    async fullText(text, fileIds, limit) {
      const match = tsQuery(text);
      if (!match) return [];
      const filter = fileFilter(fileIds);
      const rows = await rank(
        `SELECT p."id", ts_rank_cd(${WEIGHTS}, p."tsv", q) AS score
           FROM "CodePassage" p, to_tsquery('platform_english', ?) q
          WHERE p."tsv" @@ q${filter.sql} ORDER BY score DESC, p."id" LIMIT ?`,
        match,
        ...filter.args,
        limit,
      );
      return ids(rows);
    },

    async nearest(embedding, fileIds, limit) {
      // HNSW with iterative scans (core/db/postgres/open.ts): a file filter keeps the scan going
      // until `limit` passages of those files are found, nearest first.
      const filter = fileFilter(fileIds);
      const rows = await rank(`SELECT p."id" FROM "CodePassage" p WHERE true${filter.sql} ORDER BY p."embedding" <=> ?::vector LIMIT ?`, ...filter.args, vectorText(embedding), limit);
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
