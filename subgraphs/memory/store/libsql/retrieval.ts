// Retrieval on libSQL: BM25 (FTS5) over facts and over episode text, nearest
// neighbours over fact embeddings (libsql_vector_idx, kept in a side table of the
// model's width, MemoryFactVector_<n>, filled in batches), and the neighbourhood of entities.
// A vector read compares only facts of the query's model ("embeddingModel").
import type { RetrievalStore } from '../memory-store.ts';
import { filterSql, ftsQuery } from '../sql/fragments.ts';
import { firstPerUuid, toRanked, walkNeighbourhood, type HopRow } from '../sql/ranking.ts';
import { placeholders } from '../sql/statements.ts';
import { scopeSql, type LibsqlBase } from './base.ts';
import { blob } from './vectors.ts';
import { activateSideTable, activeSideTable, hasOtherModel, type SideTable, type SideTableSpec } from '../../../../core/embedding/libsql-vector-table.ts';

/**
 * insert_l=32 (the default is 70): on 4,000 clustered 256-dimension vectors it made inserts 2.3x cheaper,
 * and 98.5% of the exact top 10 were still among the index's top 80, the number the search asks for.
 */
export const FACT_VECTORS: SideTableSpec = { base: 'MemoryFactVector', parent: 'MemoryFact', indexOptions: `'max_neighbors=16', 'insert_l=32'` };

/** Rows a statement copies into a new index. */
const VECTOR_FILL_ROWS = 500;

/** Up to this many facts in scope, vector search scans them exactly rather than asking the index. */
const EXACT_SCAN_LIMIT = 2000;

export function libsqlRetrieval(base: LibsqlBase): RetrievalStore {
  const { query, exec } = base;
  // The side table in use, read once (it changes only when a re-embedding ends, through this store or another process:
  // a stale view costs exact scans, never wrong answers, as every read filters on the model too).
  let side: Promise<SideTable | null> | null = null;
  const sideTable = () => (side ??= activeSideTable(base, FACT_VECTORS.base));
  return {
    async fullTextFacts(scope, text, filter, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", -bm25("MemoryFactFts", 1.0, 0.5) AS score
           FROM "MemoryFactFts" JOIN "MemoryFact" f ON f."id" = "MemoryFactFts".rowid
          WHERE "MemoryFactFts" MATCH ? AND ${s.sql}${fl.sql}
          ORDER BY score DESC, f."id" LIMIT ?`,
        match,
        ...s.args,
        ...fl.args,
        limit,
      );
      return toRanked(rows);
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const match = ftsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const fl = filterSql(filter, 'f');
      // The best episodes first (a few more than facts wanted: some state nothing current), then their facts.
      // A turn that asks a question states no fact and the next turn of the group answers it ("How did you two
      // meet?" → "It happened at yoga in the park."), so a question's hit brings its reply's facts at its score.
      const rows = await query<{ uuid: string; score: number }>(
        `WITH top AS MATERIALIZED (
             SELECT e."accountId" AS accountId, e."groupId" AS groupId, e."seq" AS seq, e."uuid" AS episodeUuid,
                    rtrim(e."content") LIKE '%?' AS asks, -bm25("MemoryEpisodeFts") AS score
               FROM "MemoryEpisodeFts" JOIN "MemoryEpisode" e ON e."seq" = "MemoryEpisodeFts".rowid
              WHERE "MemoryEpisodeFts" MATCH ? AND ${s.sql} AND e."status" = 'done'
              ORDER BY score DESC, e."seq" LIMIT ?),
           hit AS MATERIALIZED (
             SELECT accountId, episodeUuid, seq, score FROM top
             UNION ALL
             SELECT q.accountId, (SELECT n."uuid" FROM "MemoryEpisode" n WHERE n."accountId" = q.accountId AND n."groupId" = q.groupId
                                     AND n."status" = 'done' AND n."seq" > q.seq ORDER BY n."seq" LIMIT 1), q.seq, q.score
               FROM top q WHERE q.asks)
         SELECT f."uuid", hit.score FROM hit -- CROSS JOIN: hit drives (a plain join scanned every provenance row)
           CROSS JOIN "MemoryFactEpisode" fe ON fe."accountId" = hit.accountId AND fe."episodeUuid" = hit.episodeUuid
           JOIN "MemoryFact" f ON f."accountId" = fe."accountId" AND f."uuid" = fe."factUuid"
          WHERE 1${fl.sql}
          ORDER BY hit.score DESC, hit.seq, f."id" LIMIT ?`,
        match,
        ...s.args,
        limit * 2,
        ...fl.args,
        limit,
      );
      return firstPerUuid(rows);
    },

    async nearestFacts(scope, embedding, filter, limit) {
      const s = scopeSql(scope, 'f');
      const indexed = scopeSql(scope, 'f', true);
      const fl = filterSql(filter, 'f');
      const v = blob(embedding.vector);
      const model = embedding.model;
      const exactScan = async () =>
        query<{ uuid: string; score: number }>(
          `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
            WHERE ${indexed.sql} AND f."embeddingModel" = ?${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
          v,
          ...indexed.args,
          model,
          ...fl.args,
          limit,
        );
      const table = await sideTable();
      // No index of this model (a re-embedding is under way, or nothing indexed yet): the scope is scanned.
      if (!table || table.model !== model) return toRanked(await exactScan());
      // The vector index answers for the whole database and the account/group filter comes after.
      // A scope of a few thousand facts is scanned exactly instead (cheap, and complete).
      const [{ n }] = await query<{ n: number | bigint }>(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM "MemoryFact" f WHERE ${indexed.sql} LIMIT ${EXACT_SCAN_LIMIT + 1})`,
        ...indexed.args,
      );
      if (Number(n) <= EXACT_SCAN_LIMIT) return toRanked(await exactScan());
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score
           FROM vector_top_k('${table.index}', vector32(?), ?) AS v JOIN "MemoryFact" f ON f."id" = v.id
          WHERE ${s.sql} AND f."embeddingModel" = ?${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
        v,
        v,
        limit * 8,
        ...s.args,
        model,
        ...fl.args,
        limit,
      );
      // Too few of the nearest belong to the scope: scan it.
      if (rows.length < limit) return toRanked(await exactScan());
      // Facts written since the last indexing batch (see indexFactVectors) are scanned exactly: a range of the primary key.
      const recent = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
          WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "${table.name}") AND ${s.sql} AND f."embeddingModel" = ?${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
        v,
        ...s.args,
        model,
        ...fl.args,
        limit,
      );
      return toRanked([...rows, ...recent].sort((a, b) => Number(b.score) - Number(a.score)).slice(0, limit));
    },

    async indexFactVectors(batchRows, space) {
      let current = await sideTable();
      if (!current || current.model !== space.model) {
        // A first index for this model, unless facts of another model wait for re-embedding (whose end activates it).
        if (await hasOtherModel(base, FACT_VECTORS.parent, space.model)) return 0;
        side = activateSideTable(base.transaction, FACT_VECTORS, space.model, space.dimensions);
        current = await side;
      }
      const table = current!;
      // Whole batches: each statement holds the (synchronous) connection for about batchRows × 2 ms.
      // Deliberately not one transaction: each batch leaves the index consistent on its own (facts
      // past its last id are scanned exactly), and one transaction would hold the connection for all.
      let total = 0;
      for (;;) {
        const n = await exec(
          `INSERT OR IGNORE INTO "${table.name}" ("id", "embedding")
           SELECT f."id", f."embedding" FROM "MemoryFact" f WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "${table.name}") AND f."embeddingModel" = ? ORDER BY f."id" LIMIT ?`,
          table.model,
          batchRows,
        );
        total += n;
        if (n < batchRows) return total;
      }
    },

    async factsToReembed(model, limit) {
      return query<{ accountId: string; uuid: string; fact: string }>(
        `SELECT "accountId", "uuid", "fact" FROM "MemoryFact" WHERE "embeddingModel" <> ? ORDER BY "id" LIMIT ?`,
        model,
        limit,
      );
    },

    async countFactsToReembed(model) {
      const [row] = await query<{ stale: number | bigint | null; total: number | bigint }>(
        `SELECT SUM("embeddingModel" <> ?) AS stale, COUNT(*) AS total FROM "MemoryFact"`,
        model,
      );
      return { stale: Number(row?.stale ?? 0), total: Number(row?.total ?? 0) };
    },

    async setFactVectors(model, rows) {
      await base.atomic(rows.length, async (sql) => {
        for (const r of rows) {
          await sql.exec(`UPDATE "MemoryFact" SET "embedding" = vector32(?), "embeddingModel" = ? WHERE "accountId" = ? AND "uuid" = ?`, blob(r.vector), model, r.accountId, r.uuid);
        }
      });
    },

    async activateFactVectors(space) {
      const current = await sideTable();
      if (current?.model !== space.model || current.dimensions !== space.dimensions) side = activateSideTable(base.transaction, FACT_VECTORS, space.model, space.dimensions);
      await this.indexFactVectors(VECTOR_FILL_ROWS, space);
    },

    async factsAround(scope, entityUuids, depth, filter, limit) {
      if (!entityUuids.length) return [];
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      return walkNeighbourhood(entityUuids, depth, limit, (frontier) => {
        const ph = placeholders(frontier.length);
        // Edges at the frontier, and facts stated by episodes that mention a frontier entity.
        return query<HopRow>(
          `SELECT f."uuid", f."sourceUuid", f."targetUuid" FROM "MemoryFact" f
            WHERE f."id" IN (
                SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "sourceUuid" IN (${ph})
                UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "targetUuid" IN (${ph})
                UNION SELECT f2."id" FROM "MemoryMention" m CROSS JOIN "MemoryFactEpisode" fe ON fe."accountId" = m."accountId" AND fe."episodeUuid" = m."episodeUuid"
                      CROSS JOIN "MemoryFact" f2 ON f2."accountId" = fe."accountId" AND f2."uuid" = fe."factUuid" WHERE m."accountId" = ? AND m."entityUuid" IN (${ph}))
              AND ${s.sql}${fl.sql}
            ORDER BY f."validAt" DESC, f."id" LIMIT ?`,
          scope.accountId,
          ...frontier,
          scope.accountId,
          ...frontier,
          scope.accountId,
          ...frontier,
          ...s.args,
          ...fl.args,
          limit,
        );
      });
    },
  };
}
