// PassageIndex on the embedded libSQL database: FTS5 with BM25 for words,
// libsql_vector_idx for embeddings. The only place that writes SQL for the
// code-search tables (see the hand-written migration).
import type { Database } from '../../../core/db/client.ts';
import type { Hit, IndexedPassage, PassageIndex } from './passage-index.ts';

type Row = { id: number | bigint; fileId: string; page: number | bigint; section: string; heading: string; contentType: string; text: string; score: number };

const toHit = (r: Row): Hit => ({ ...r, id: Number(r.id), page: Number(r.page), score: Number(r.score) });
const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** The user's words as an FTS5 query: each a quoted term, any of them may match (BM25 ranks by how many and how rare). */
export function ftsQuery(query: string): string | null {
  const terms = (query.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).filter((t) => t.length > 1 || /\d/.test(t));
  return terms.length ? [...new Set(terms)].map((t) => `"${t.replace(/"/g, '')}"`).join(' OR ') : null;
}

function fileFilter(fileIds: readonly string[] | null, column = 'p."fileId"'): { sql: string; args: string[] } {
  if (!fileIds) return { sql: '', args: [] };
  if (!fileIds.length) return { sql: ' AND 0', args: [] };
  return { sql: ` AND ${column} IN (${fileIds.map(() => '?').join(',')})`, args: [...fileIds] };
}

export function createLibsqlIndex(db: Database): PassageIndex {
  return {
    async replaceFile(fileId, passages) {
      await db.$executeRawUnsafe('DELETE FROM "CodePassage" WHERE "fileId" = ?', fileId);
      // Batches of one multi-row INSERT keep ingest fast without one round trip per passage.
      for (let i = 0; i < passages.length; i += 200) {
        const batch = passages.slice(i, i + 200);
        const values = batch.map(() => '(?, ?, ?, ?, ?, ?, vector32(?))').join(', ');
        const args = batch.flatMap((p) => [fileId, p.page, p.section, p.heading, p.contentType, p.text, blob(p.embedding)]);
        await db.$executeRawUnsafe(`INSERT INTO "CodePassage" ("fileId", "page", "section", "heading", "contentType", "text", "embedding") VALUES ${values}`, ...args);
      }
    },

    async fullText(query, fileIds, limit) {
      const match = ftsQuery(query);
      if (!match) return [];
      const filter = fileFilter(fileIds);
      const rows = await db.$queryRawUnsafe<Row[]>(
        `SELECT p."id", p."fileId", p."page", p."section", p."heading", p."contentType", p."text", -bm25("CodePassageFts", 4.0, 1.0, 2.0) AS score
           FROM "CodePassageFts" JOIN "CodePassage" p ON p."id" = "CodePassageFts".rowid
          WHERE "CodePassageFts" MATCH ?${filter.sql}
          ORDER BY score DESC LIMIT ?`,
        match,
        ...filter.args,
        limit,
      );
      return rows.map(toHit);
    },

    async nearest(embedding, fileIds, limit) {
      const filter = fileFilter(fileIds);
      // The vector index answers the top candidates; a file filter narrows them afterwards, so ask for more.
      const k = fileIds ? limit * 8 : limit;
      const rows = await db.$queryRawUnsafe<Row[]>(
        `SELECT p."id", p."fileId", p."page", p."section", p."heading", p."contentType", p."text",
                1 - vector_distance_cos(p."embedding", vector32(?)) AS score
           FROM vector_top_k('CodePassage_embedding_idx', vector32(?), ?) AS v JOIN "CodePassage" p ON p."id" = v.id
          WHERE 1${filter.sql}
          ORDER BY score DESC LIMIT ?`,
        blob(embedding),
        blob(embedding),
        k,
        ...filter.args,
        limit,
      );
      return rows.map(toHit);
    },

    async bySection(section, fileIds) {
      const filter = fileFilter(fileIds);
      const rows = await db.$queryRawUnsafe<Row[]>(
        `SELECT p."id", p."fileId", p."page", p."section", p."heading", p."contentType", p."text", 1.0 AS score
           FROM "CodePassage" p WHERE p."section" = ?${filter.sql} ORDER BY p."page" LIMIT 20`,
        section,
        ...filter.args,
      );
      return rows.map(toHit);
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
