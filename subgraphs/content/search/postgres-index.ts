// PassageIndex on PostgreSQL: a stored tsvector with a GIN index, ranked with
// ts_rank_cd, for words; pgvector's HNSW index (cosine) for embeddings. The
// PostgreSQL counterpart of libsql-index.ts, with the same answers to the same
// calls (test/subgraphs/content/search/passage-index-contract.ts runs both).
// The two ranking reads, whose cost the caller's query decides, run as
// interruptible reads (core/db/postgres/interruptible-reads.ts): cancelled on
// the server when the index's signal aborts (the search's deadline).
import type { Database } from '../../../core/db/client.ts';
import { interruptibleReads } from '../../../core/db/interruptible-reads.ts';
import { anyWordQuery, numbered, pgSqlOn, vectorText } from '../../../core/db/postgres/sql.ts';
import { ftsTerms } from './libsql-index.ts';
import { isStopWord } from './words.ts';
import type { Hit, PassageIndex } from './passage-index.ts';

type Row = { id: number; fileId: string; page: number; pageLabel: string; section: string; heading: string; headingPath: string; contentType: string; text: string; glossary: string };

const toHit = (r: Row): Hit => ({ ...r, id: Number(r.id), page: Number(r.page) });
const ids = (rows: { id: number | string }[]) => rows.map((r) => Number(r.id));
const COLUMNS = 'p."id", p."fileId", p."page", p."pageLabel", p."section", p."heading", p."headingPath", p."contentType", p."text", p."glossary"';
const PASSAGE_COUNT = '#passages';
/** ts_rank_cd's weights {D, C, B, A}: glossary (D) and text (C) 1, section (B) 2, heading (A) 4, as libSQL's bm25(4, 1, 2, 1). */
const WEIGHTS = `'{0.25, 0.25, 0.5, 1}'`;
/** A code's passages are replaced in one transaction; a large code's insert takes a while on a loaded machine. */
const TRANSACTION = { maxWait: 30_000, timeout: 300_000 };

function fileFilter(fileIds: readonly string[] | null, column = 'p."fileId"'): { sql: string; args: string[] } {
  if (!fileIds) return { sql: '', args: [] };
  if (!fileIds.length) return { sql: ' AND false', args: [] };
  return { sql: ` AND ${column} IN (${fileIds.map(() => '?').join(',')})`, args: [...fileIds] };
}

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
      const counts = new Map<string, number>([[PASSAGE_COUNT, passages.length]]);
      for (const p of passages) for (const t of p.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
      const rows = [...counts];
      // One transaction: a search never sees a code half replaced.
      await db.$transaction(async (tx) => {
        const { exec } = pgSqlOn(tx);
        await exec('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
        await exec('DELETE FROM "CodeTerm" WHERE "fileId" = ?', fileId);
        for (let i = 0; i < rows.length; i += 500) {
          const batch = rows.slice(i, i + 500);
          await exec(`INSERT INTO "CodeTerm" ("fileId", "term", "passages") VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`, ...batch.flatMap(([t, n]) => [fileId, t, n]));
        }
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

    async passages(wanted) {
      if (!wanted.length) return [];
      const rows = await query<Row>(`SELECT ${COLUMNS} FROM "CodePassage" p WHERE p."id" IN (${wanted.map(() => '?').join(',')})`, ...wanted);
      return rows.map(toHit);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      // Byte order (COLLATE "C"), as SQLite compares: "11.11(" < "11.11(1)" < "11.11)".
      const rows = await query<Row>(
        `SELECT ${COLUMNS} FROM "CodePassage" p
          WHERE (p."section" = ? OR (p."section" COLLATE "C" > ? AND p."section" COLLATE "C" < ?))${filter.sql} ORDER BY p."page", p."id" LIMIT 20`,
        section,
        `${section}(`,
        `${section})`,
        ...filter.args,
      );
      return rows.map(toHit);
    },

    async byPage(page, fileIds) {
      const filter = fileFilter(fileIds);
      const number = /^\d{1,9}$/.test(page) ? Number(page) : -1;
      const rows = await query<Row>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE (p."pageLabel" = ? OR p."page" = ?)${filter.sql} ORDER BY p."pageLabel" = ? DESC, p."id" LIMIT 20`,
        page,
        number,
        ...filter.args,
        page,
      );
      return rows.map(toHit);
    },

    async termCounts(terms, fileIds) {
      const wanted = [PASSAGE_COUNT, ...new Set(terms)];
      const filter = fileFilter(fileIds, '"fileId"');
      const rows = await query<{ term: string; passages: number | bigint }>(
        `SELECT "term", SUM("passages") AS passages FROM "CodeTerm" WHERE "term" IN (${wanted.map(() => '?').join(',')})${filter.sql} GROUP BY "term"`,
        ...wanted,
        ...filter.args,
      );
      const counts = new Map(rows.map((r) => [r.term, Number(r.passages)]));
      const passages = counts.get(PASSAGE_COUNT) ?? 0;
      counts.delete(PASSAGE_COUNT);
      return { passages, counts };
    },

    async stats(fileId) {
      const [row] = await query<{ passages: bigint; pages: bigint }>('SELECT COUNT(*) AS passages, COUNT(DISTINCT "page") AS pages FROM "CodePassage" WHERE "fileId" = ?', fileId);
      return { passages: Number(row?.passages ?? 0), pages: Number(row?.pages ?? 0) };
    },
  };
}
