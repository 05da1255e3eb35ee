// Retrieval on libSQL: BM25 (FTS5) over facts and over episode text, nearest
// neighbours over fact embeddings (libsql_vector_idx, kept in MemoryFactVector
// and filled in batches), and the neighbourhood of entities.
import type { RetrievalStore } from '../memory-store.ts';
import { filterSql, ftsQuery } from '../sql/fragments.ts';
import { firstPerUuid, toRanked, walkNeighbourhood, type HopRow } from '../sql/ranking.ts';
import { placeholders } from '../sql/statements.ts';
import { scopeSql, type LibsqlBase } from './base.ts';
import { blob } from './vectors.ts';

/** Up to this many facts in scope, vector search scans them exactly rather than asking the index. */
const EXACT_SCAN_LIMIT = 2000;

export function libsqlRetrieval(base: LibsqlBase): RetrievalStore {
  const { query, exec } = base;
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
      const v = blob(embedding);
      const exactScan = async () =>
        query<{ uuid: string; score: number }>(
          `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
            WHERE ${indexed.sql}${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
          v,
          ...indexed.args,
          ...fl.args,
          limit,
        );
      // The vector index answers for the whole database and the account/group filter comes after.
      // A scope of a few thousand facts is scanned exactly instead (cheap, and complete).
      const [{ n }] = await query<{ n: number | bigint }>(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM "MemoryFact" f WHERE ${indexed.sql} LIMIT ${EXACT_SCAN_LIMIT + 1})`,
        ...indexed.args,
      );
      if (Number(n) <= EXACT_SCAN_LIMIT) return toRanked(await exactScan());
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score
           FROM vector_top_k('MemoryFactVector_embedding_idx', vector32(?), ?) AS v JOIN "MemoryFact" f ON f."id" = v.id
          WHERE ${s.sql}${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
        v,
        v,
        limit * 8,
        ...s.args,
        ...fl.args,
        limit,
      );
      // Too few of the nearest belong to the scope: scan it.
      if (rows.length < limit) return toRanked(await exactScan());
      // Facts written since the last indexing batch (see indexFactVectors) are scanned exactly: a range of the primary key.
      const recent = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", 1 - vector_distance_cos(f."embedding", vector32(?)) AS score FROM "MemoryFact" f
          WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "MemoryFactVector") AND ${s.sql}${fl.sql} ORDER BY score DESC, f."id" LIMIT ?`,
        v,
        ...s.args,
        ...fl.args,
        limit,
      );
      return toRanked([...rows, ...recent].sort((a, b) => Number(b.score) - Number(a.score)).slice(0, limit));
    },

    async indexFactVectors(batchRows) {
      // Whole batches: each statement holds the (synchronous) connection for about batchRows × 2 ms.
      // Deliberately not one transaction: each batch leaves the index consistent on its own (facts
      // past its last id are scanned exactly), and one transaction would hold the connection for all.
      let total = 0;
      for (;;) {
        const n = await exec(
          `INSERT OR IGNORE INTO "MemoryFactVector" ("id", "embedding")
           SELECT f."id", f."embedding" FROM "MemoryFact" f WHERE f."id" > (SELECT COALESCE(MAX("id"), 0) FROM "MemoryFactVector") ORDER BY f."id" LIMIT ?`,
          batchRows,
        );
        total += n;
        if (n < batchRows) return total;
      }
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
