// PassageIndex on the embedded libSQL database: FTS5 with BM25 for words,
// libsql_vector_idx for embeddings. The only place that writes SQL for the
// code-search tables (see the hand-written migration). The two ranking reads,
// whose cost the caller's query decides, run as interruptible reads
// (core/db/interruptible-reads.ts): off the event loop, stopped when the
// index's signal aborts (the search's deadline).
import type { Database } from '../../../core/db/client.ts';
import { interruptibleReads } from '../../../core/db/interruptible-reads.ts';
import { ftsTerms, isStopWord } from './words.ts';
import type { PassageIndex } from './passage-index.ts';
import { COLUMNS, fileFilter, ids, sharedReads, termInserts, toHit, type PassageRow } from './index-reads.ts';

const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
/** Passages of a scoped search read by exact vector distance rather than through the approximate index. */
const EXACT_SCOPE = 10_000;

/**
 * The user's words as an FTS5 query: each a quoted term, any of them may match
 * (BM25 ranks by how many and how rare). Function and question words are left
 * out (words.ts): "how" or "must" would rank passages that merely hold them.
 */
export function ftsQuery(query: string): string | null {
  const terms = ftsTerms(query).filter((t) => !isStopWord(t));
  return terms.length ? terms.map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ') : null;
}

export function createLibsqlIndex(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  const reads = interruptibleReads(db);
  const rank = (sql: string, ...args: unknown[]) => reads.query<{ id: number | bigint }>(sql, args, options.signal);
  return {
    async replaceFile(fileId, passages) {
      await db.$executeRawUnsafe('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
      await db.$executeRawUnsafe('DELETE FROM "CodeTerm" WHERE "fileId" = ?', fileId);
      for (const insert of termInserts(fileId, passages)) await db.$executeRawUnsafe(insert.sql, ...insert.args);
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
        const [count] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "CodePassage" p WHERE true${filter.sql}`, ...filter.args);
        if (Number(count?.n ?? 0) <= EXACT_SCOPE) {
          return ids(await rank(`SELECT p."id" FROM "CodePassage" p WHERE true${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`, ...filter.args, blob(embedding), limit));
        }
      }
      // vector_top_k is approximate (its graph walk may order near neighbours
      // wrongly or miss some): it is asked for more candidates than wanted,
      // and they are re-ranked by their exact cosine distance. A file filter
      // narrows its answer afterwards, so then it is asked for more still.
      const rows = await rank(
        `SELECT p."id" FROM vector_top_k('CodePassage_embedding_idx', vector32(?), ?) AS v JOIN "CodePassage" p ON p."id" = v.id
          WHERE true${filter.sql} ORDER BY vector_distance_cos(p."embedding", vector32(?)), p."id" LIMIT ?`,
        blob(embedding),
        limit * (fileIds ? 8 : 4),
        ...filter.args,
        blob(embedding),
        limit,
      );
      return ids(rows);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      // The clause and its subsections ("11.11" holds "11.11(1)", "11.11(2)"): the strings between "11.11(" and "11.11)".
      const rows = await db.$queryRawUnsafe<PassageRow[]>(
        `SELECT ${COLUMNS} FROM "CodePassage" p WHERE (p."section" = ? OR (p."section" > ? AND p."section" < ?))${filter.sql} ORDER BY p."page", p."id" LIMIT 20`,
        section,
        `${section}(`,
        `${section})`,
        ...filter.args,
      );
      return rows.map(toHit);
    },

    ...sharedReads((sql, ...args) => db.$queryRawUnsafe(sql, ...args)),
  };
}
