// PassageIndex on the embedded libSQL database: FTS5 with BM25 for words,
// libsql_vector_idx for embeddings. The only place that writes SQL for the
// code-search tables (see the hand-written migration). The two ranking reads,
// whose cost the caller's query decides, run as interruptible reads
// (core/db/interruptible-reads.ts): off the event loop, stopped when the
// index's signal aborts (the search's deadline).
import type { Database } from '../../../core/db/client.ts';
import { interruptibleReads } from '../../../core/db/interruptible-reads.ts';
import { isStopWord } from './words.ts';
import type { Hit, IndexedPassage, PassageIndex } from './passage-index.ts';

type Row = { id: number | bigint; fileId: string; page: number | bigint; pageLabel: string; section: string; heading: string; headingPath: string; contentType: string; text: string; glossary: string };

const toHit = (r: Row): Hit => ({ ...r, id: Number(r.id), page: Number(r.page) });
const ids = (rows: { id: number | bigint }[]) => rows.map((r) => Number(r.id));
const COLUMNS = 'p."id", p."fileId", p."page", p."pageLabel", p."section", p."heading", p."headingPath", p."contentType", p."text", p."glossary"';
const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
/** Passages of a scoped search read by exact vector distance rather than through the approximate index. */
const EXACT_SCOPE = 10_000;
/** The "CodeTerm" row holding a code's passage count (no term has a '#'). */
const PASSAGE_COUNT = '#passages';

/**
 * The user's words as an FTS5 query: each a quoted term, any of them may match
 * (BM25 ranks by how many and how rare). Function and question words are left
 * out (words.ts): "how" or "must" would rank passages that merely hold them.
 */
export function ftsQuery(query: string): string | null {
  const terms = ftsTerms(query).filter((t) => !isStopWord(t));
  return terms.length ? terms.map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ') : null;
}

/** The distinct words of a query that full-text search matches (what the query-term limit counts). */
export function ftsTerms(query: string): string[] {
  return [...new Set((query.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).filter((t) => t.length > 1 || /\d/.test(t)))];
}

function fileFilter(fileIds: readonly string[] | null, column = 'p."fileId"'): { sql: string; args: string[] } {
  if (!fileIds) return { sql: '', args: [] };
  if (!fileIds.length) return { sql: ' AND 0', args: [] };
  return { sql: ` AND ${column} IN (${fileIds.map(() => '?').join(',')})`, args: [...fileIds] };
}

export function createLibsqlIndex(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  const reads = interruptibleReads(db);
  const rank = (sql: string, ...args: unknown[]) => reads.query<{ id: number | bigint }>(sql, args, options.signal);
  return {
    async replaceFile(fileId, passages) {
      await db.$executeRawUnsafe('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
      await db.$executeRawUnsafe('DELETE FROM "CodeTerm" WHERE "fileId" = ?', fileId);
      const counts = new Map<string, number>([[PASSAGE_COUNT, passages.length]]);
      for (const p of passages) for (const t of p.terms) counts.set(t, (counts.get(t) ?? 0) + 1);
      const rows = [...counts];
      for (let i = 0; i < rows.length; i += 500) {
        const batch = rows.slice(i, i + 500);
        await db.$executeRawUnsafe(`INSERT INTO "CodeTerm" ("fileId", "term", "passages") VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`, ...batch.flatMap(([t, n]) => [fileId, t, n]));
      }
      // Batches of one multi-row INSERT keep ingest fast without one round trip per passage.
      for (let i = 0; i < passages.length; i += 200) {
        const batch = passages.slice(i, i + 200);
        const values = batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, vector32(?))').join(', ');
        const args = batch.flatMap((p) => [fileId, p.page, p.pageLabel, p.section, p.heading, p.headingPath, p.contentType, p.text, p.glossary ?? '', blob(p.embedding)]);
        await db.$executeRawUnsafe(
          `INSERT INTO "CodePassage" ("fileId", "page", "pageLabel", "section", "heading", "headingPath", "contentType", "text", "glossary", "embedding") VALUES ${values}`,
          ...args,
        );
      }
    },

    async fullText(query, fileIds, limit) {
      const match = ftsQuery(query);
      if (!match) return [];
      // Candidates are ids only: reading passage text for every candidate
      // cost more than ranking them. Without a file filter FTS5 ranks on its
      // own; with one, each match's file is read from a covering index, never
      // from the passage row with its text and embedding (one code of five at
      // 50,000 passages: 26 -> 10-14 ms).
      // Columns heading, text, section, glossary: a symbol's meaning counts as text.
      const bm25 = '-bm25("CodePassageFts", 4.0, 1.0, 2.0, 1.0)';
      const filter = fileFilter(fileIds);
      const rows = fileIds
        ? await rank(
            `SELECT p."id", ${bm25} AS score
               FROM "CodePassageFts" JOIN "CodePassage" p INDEXED BY "CodePassage_id_fileId_idx" ON p."id" = "CodePassageFts".rowid
              WHERE "CodePassageFts" MATCH ?${filter.sql} ORDER BY score DESC LIMIT ?`,
            match,
            ...filter.args,
            limit,
          )
        : await rank(
            `SELECT rowid AS id, ${bm25} AS score FROM "CodePassageFts" WHERE "CodePassageFts" MATCH ? ORDER BY score DESC LIMIT ?`,
            match,
            limit,
          );
      return ids(rows);
    },

    async nearest(embedding, fileIds, limit) {
      const filter = fileFilter(fileIds);
      // Scoped to codes holding few passages (one code has a few thousand at
      // most), every passage of theirs is ranked by exact distance: a scan of
      // them costs little, and the index below would answer for the whole
      // library and leave the scope's share of it, approximate.
      if (fileIds) {
        const [count] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "CodePassage" p WHERE 1${filter.sql}`, ...filter.args);
        if (Number(count?.n ?? 0) <= EXACT_SCOPE) {
          return ids(await rank(`SELECT p."id" FROM "CodePassage" p WHERE 1${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`, ...filter.args, blob(embedding), limit));
        }
      }
      // vector_top_k is approximate (its graph walk may order near neighbours
      // wrongly or miss some): it is asked for more candidates than wanted,
      // and they are re-ranked by their exact cosine distance. A file filter
      // narrows its answer afterwards, so then it is asked for more still.
      const rows = await rank(
        `SELECT p."id" FROM vector_top_k('CodePassage_embedding_idx', vector32(?), ?) AS v JOIN "CodePassage" p ON p."id" = v.id
          WHERE 1${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`,
        blob(embedding),
        limit * (fileIds ? 8 : 4),
        ...filter.args,
        blob(embedding),
        limit,
      );
      return ids(rows);
    },

    async passages(wanted) {
      if (!wanted.length) return [];
      const rows = await db.$queryRawUnsafe<Row[]>(`SELECT ${COLUMNS} FROM "CodePassage" p WHERE p."id" IN (${wanted.map(() => '?').join(',')})`, ...wanted);
      return rows.map(toHit);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      // The clause and its subsections ("11.11" holds "11.11(1)", "11.11(2)"): the strings between "11.11(" and "11.11)".
      const rows = await db.$queryRawUnsafe<Row[]>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE (p."section" = ? OR (p."section" > ? AND p."section" < ?))${filter.sql} ORDER BY p."page", p."id" LIMIT 20`,
        section,
        `${section}(`,
        `${section})`,
        ...filter.args,
      );
      return rows.map(toHit);
    },

    async byPage(page, fileIds) {
      const filter = fileFilter(fileIds);
      const number = /^\d+$/.test(page) ? Number(page) : -1;
      const rows = await db.$queryRawUnsafe<Row[]>(
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
      const rows = await db.$queryRawUnsafe<{ term: string; passages: number | bigint }[]>(
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
      const [row] = await db.$queryRawUnsafe<{ passages: number | bigint; pages: number | bigint }[]>(
        'SELECT COUNT(*) AS passages, COUNT(DISTINCT "page") AS pages FROM "CodePassage" WHERE "fileId" = ?',
        fileId,
      );
      return { passages: Number(row?.passages ?? 0), pages: Number(row?.pages ?? 0) };
    },
  };
}
