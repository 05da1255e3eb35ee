// Retrieval on PostgreSQL: ts_rank_cd over the facts' and the episodes'
// tsvectors, nearest neighbours over fact embeddings (pgvector HNSW, kept on
// write), and the neighbourhood of entities. The counterpart of ../libsql/retrieval.ts.
import { vectorText } from '../../../../core/db/postgres/sql.ts';
import { dropOtherPgVectorIndexes, ensurePgVectorIndex, pgVectorSql, type PgVectorIndexSpec } from '../../../../core/embedding/postgres-vector-index.ts';
import type { RetrievalStore } from '../memory-store.ts';
import { filterSql } from '../sql/fragments.ts';
import { firstPerUuid, toRanked, walkNeighbourhood, type HopRow } from '../sql/ranking.ts';
import { placeholders } from '../sql/statements.ts';
import { scopeSql, tsQuery, type PostgresBase } from './base.ts';

/** ts_rank_cd's weights {D, C, B, A}: a fact's words (A) 1, its relation name (B) 0.5, as libSQL's bm25(1.0, 0.5). */
const FACT_WEIGHTS = `'{0, 0, 0.5, 1}'`;

/** The HNSW options of the fact index (as before models were tagged). */
const FACT_INDEX: PgVectorIndexSpec = { table: 'MemoryFact', options: 'm = 16, ef_construction = 64' };

export function postgresRetrieval(base: PostgresBase): RetrievalStore {
  const { query } = base;
  const indexed = new Set<string>();
  return {
    async fullTextFacts(scope, text, filter, limit) {
      const match = tsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", ts_rank_cd(${FACT_WEIGHTS}, f."tsv", q) AS score
           FROM "MemoryFact" f, to_tsquery('platform_english', ?) q
          WHERE f."tsv" @@ q AND ${s.sql}${fl.sql}
          ORDER BY score DESC, f."id" LIMIT ?`,
        match,
        ...s.args,
        ...fl.args,
        limit,
      );
      return toRanked(rows);
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const match = tsQuery(text);
      if (!match) return [];
      const s = scopeSql(scope, 'e');
      const fl = filterSql(filter, 'f');
      // The best episodes first (a few more than facts wanted: some state nothing current), then their facts.
      // A turn that asks a question states no fact and the next turn of the group answers it, so a question's hit
      // brings its reply's facts at its score (as the libSQL store does).
      const rows = await query<{ uuid: string; score: number }>(
        `WITH top AS MATERIALIZED (
             SELECT e."accountId", e."groupId", e."uuid" AS "episodeUuid", e."seq", rtrim(e."content") LIKE '%?' AS "asks", ts_rank_cd(e."tsv", q) AS "score"
               FROM "MemoryEpisode" e, to_tsquery('platform_english', ?) q
              WHERE e."tsv" @@ q AND ${s.sql} AND e."status" = 'done'
              ORDER BY "score" DESC, e."seq" LIMIT ?),
           hit AS (
             SELECT "accountId", "episodeUuid", "seq", "score" FROM top
             UNION ALL
             SELECT t."accountId", n."uuid", t."seq", t."score" FROM top t
               CROSS JOIN LATERAL (SELECT n."uuid" FROM "MemoryEpisode" n WHERE n."accountId" = t."accountId" AND n."groupId" = t."groupId"
                                      AND n."status" = 'done' AND n."seq" > t."seq" ORDER BY n."seq" LIMIT 1) n
              WHERE t."asks")
         SELECT f."uuid", hit."score" FROM hit
           JOIN "MemoryFactEpisode" fe ON fe."accountId" = hit."accountId" AND fe."episodeUuid" = hit."episodeUuid"
           JOIN "MemoryFact" f ON f."accountId" = fe."accountId" AND f."uuid" = fe."factUuid"
          WHERE true${fl.sql}
          ORDER BY hit."score" DESC, hit."seq", f."id" LIMIT ?`,
        match,
        ...s.args,
        limit * 2,
        ...fl.args,
        limit,
      );
      return firstPerUuid(rows);
    },

    async nearestFacts(scope, embedding, filter, limit) {
      // One statement whatever the scope's size: the planner scans a small scope through its
      // index exactly, or walks the model's HNSW index with iterative scans until `limit` facts of the
      // scope are found (core/db/postgres/open.ts). No batching: the index is kept on write.
      const s = scopeSql(scope, 'f');
      const fl = filterSql(filter, 'f');
      const v = vectorText(embedding.vector);
      const m = pgVectorSql('f', embedding.model, embedding.vector.length);
      // Equal distances are put in storing order outside the index query: a second ORDER BY key
      // there would make the planner sort every fact of the scope instead of walking the index.
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT "uuid", "score" FROM (
           SELECT f."uuid", f."id", 1 - (${m.expr} <=> ?${m.cast}) AS "score" FROM "MemoryFact" f
            WHERE ${s.sql} AND ${m.predicate}${fl.sql} ORDER BY ${m.expr} <=> ?${m.cast} LIMIT ?) nearest
          ORDER BY "score" DESC, "id"`,
        v,
        ...s.args,
        ...fl.args,
        v,
        limit,
      );
      return toRanked(rows);
    },

    async indexFactVectors(_batchRows, space) {
      // PostgreSQL keeps the HNSW index on write; the model's own index is made once.
      const key = `${space.model}/${space.dimensions}`;
      if (!indexed.has(key)) {
        await ensurePgVectorIndex(base, FACT_INDEX, space.model, space.dimensions);
        indexed.add(key);
      }
      return 0;
    },

    async factsToReembed(model, limit) {
      return query<{ accountId: string; uuid: string; fact: string }>(
        `SELECT "accountId", "uuid", "fact" FROM "MemoryFact" WHERE "embeddingModel" <> ? ORDER BY "id" LIMIT ?`,
        model,
        limit,
      );
    },

    async countFactsToReembed(model) {
      const [row] = await query<{ stale: number | string | null; total: number | string }>(
        `SELECT COUNT(*) FILTER (WHERE "embeddingModel" <> ?) AS stale, COUNT(*) AS total FROM "MemoryFact"`,
        model,
      );
      return { stale: Number(row?.stale ?? 0), total: Number(row?.total ?? 0) };
    },

    async setFactVectors(model, rows) {
      if (!rows.length) return;
      await base.transaction(async (sql) => {
        for (const r of rows) {
          await sql.exec(`UPDATE "MemoryFact" SET "embedding" = ?::vector, "embeddingModel" = ? WHERE "accountId" = ? AND "uuid" = ?`, vectorText(r.vector), model, r.accountId, r.uuid);
        }
      });
    },

    async activateFactVectors(space) {
      await ensurePgVectorIndex(base, FACT_INDEX, space.model, space.dimensions);
      await dropOtherPgVectorIndexes(base, FACT_INDEX.table, space.model, space.dimensions);
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
                UNION SELECT f2."id" FROM "MemoryMention" m JOIN "MemoryFactEpisode" fe ON fe."accountId" = m."accountId" AND fe."episodeUuid" = m."episodeUuid"
                      JOIN "MemoryFact" f2 ON f2."accountId" = fe."accountId" AND f2."uuid" = fe."factUuid" WHERE m."accountId" = ? AND m."entityUuid" IN (${ph}))
              AND ${s.sql}${fl.sql}
            ORDER BY f."validAt" DESC NULLS LAST, f."id" LIMIT ?`,
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
