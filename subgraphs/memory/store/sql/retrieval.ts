// Retrieval, written once for libSQL and PostgreSQL (./dialect.ts): full text over facts and over
// what the episodes said (BM25 on libSQL's FTS5, ts_rank_cd on PostgreSQL's tsvectors), the facts
// awaiting re-embedding, and the neighbourhood of entities. Nearest neighbours over fact embeddings
// are the dialect's vector index (../libsql/vectors.ts, ../postgres/vectors.ts).
import type { RetrievalStore } from '../memory-store.ts';
import type { FactFilter, Scope } from '../../model.ts';
import { scopeSql, type MemoryDialect, type TextMatch } from './dialect.ts';
import { filterSql } from './fragments.ts';
import { firstPerUuid, toRanked, walkNeighbourhood, type HopRow } from './ranking.ts';
import { placeholders } from './statements.ts';

export function sqlRetrieval(base: MemoryDialect): RetrievalStore {
  const { query } = base;
  /** A full-text read's parts: the words' match, the scope on `alias` and the fact filter; null when the words make no query. */
  const textRead = (match: TextMatch | null, scope: Scope, alias: string, filter: FactFilter) =>
    match ? { match, s: scopeSql(base, scope, alias), fl: filterSql(filter, 'f') } : null;
  return {
    ...base.vectorIndex(base),

    async fullTextFacts(scope, text, filter, limit) {
      const read = textRead(base.factText(text), scope, 'f', filter);
      if (!read) return [];
      const { match, s, fl } = read;
      const rows = await query<{ uuid: string; score: number }>(
        `SELECT f."uuid", ${match.score} AS score FROM ${match.from}
          WHERE ${match.where} AND ${s.sql}${fl.sql}
          ORDER BY score DESC, f."id" LIMIT ?`,
        ...match.args,
        ...s.args,
        ...fl.args,
        limit,
      );
      return toRanked(rows);
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const read = textRead(base.episodeText(text), scope, 'e', filter);
      if (!read) return [];
      const { match, s, fl } = read;
      // The best episodes first (a few more than facts wanted: some state nothing current), then their facts.
      // A turn that asks a question states no fact and the next turn of the group answers it ("How did you two
      // meet?" → "It happened at yoga in the park."), so a question's hit brings its reply's facts at its score.
      // hit drives the join to the provenance (on SQLite a plain join scanned every provenance row).
      const rows = await query<{ uuid: string; score: number }>(
        `WITH top AS MATERIALIZED (
             SELECT e."accountId" AS "accountId", e."groupId" AS "groupId", e."seq" AS "seq", e."uuid" AS "episodeUuid",
                    rtrim(e."content") LIKE '%?' AS "asks", ${match.score} AS "score"
               FROM ${match.from}
              WHERE ${match.where} AND ${s.sql} AND e."status" = 'done'
              ORDER BY "score" DESC, e."seq" LIMIT ?),
           hit AS MATERIALIZED (
             SELECT "accountId", "episodeUuid", "seq", "score" FROM top
             UNION ALL
             SELECT t."accountId", (SELECT n."uuid" FROM "MemoryEpisode" n WHERE n."accountId" = t."accountId" AND n."groupId" = t."groupId"
                                       AND n."status" = 'done' AND n."seq" > t."seq" ORDER BY n."seq" LIMIT 1), t."seq", t."score"
               FROM top t WHERE t."asks")
         SELECT f."uuid", hit."score" AS score FROM hit
           ${base.drivingJoin} "MemoryFactEpisode" fe ON fe."accountId" = hit."accountId" AND fe."episodeUuid" = hit."episodeUuid"
           JOIN "MemoryFact" f ON f."accountId" = fe."accountId" AND f."uuid" = fe."factUuid"
          WHERE true${fl.sql}
          ORDER BY hit."score" DESC, hit."seq", f."id" LIMIT ?`,
        ...match.args,
        ...s.args,
        limit * 2,
        ...fl.args,
        limit,
      );
      return firstPerUuid(rows);
    },

    async factsToReembed(model, limit) {
      return query<{ accountId: string; uuid: string; fact: string }>(
        `SELECT "accountId", "uuid", "fact" FROM "MemoryFact" WHERE "embeddingModel" <> ? ORDER BY "id" LIMIT ?`,
        model,
        limit,
      );
    },

    async countFactsToReembed(model) {
      const [row] = await query<{ stale: number | bigint | string | null; total: number | bigint | string }>(
        `SELECT SUM(CASE WHEN "embeddingModel" <> ? THEN 1 ELSE 0 END) AS stale, COUNT(*) AS total FROM "MemoryFact"`,
        model,
      );
      return { stale: Number(row?.stale ?? 0), total: Number(row?.total ?? 0) };
    },

    async setFactVectors(model, rows) {
      if (!rows.length) return;
      await base.atomic(rows.length, async (sql) => {
        for (const r of rows) {
          await sql.exec(
            `UPDATE "MemoryFact" SET "embedding" = ${base.vector.sql}, "embeddingModel" = ? WHERE "accountId" = ? AND "uuid" = ?`,
            base.vector.arg(r.vector),
            model,
            r.accountId,
            r.uuid,
          );
        }
      });
    },

    async factsAround(scope, entityUuids, depth, filter, limit) {
      if (!entityUuids.length) return [];
      const s = scopeSql(base, scope, 'f');
      const fl = filterSql(filter, 'f');
      const join = base.drivingJoin;
      return walkNeighbourhood(entityUuids, depth, limit, (frontier) => {
        const ph = placeholders(frontier.length);
        // Edges at the frontier, and facts stated by episodes that mention a frontier entity.
        return query<HopRow>(
          `SELECT f."uuid", f."sourceUuid", f."targetUuid" FROM "MemoryFact" f
            WHERE f."id" IN (
                SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "sourceUuid" IN (${ph})
                UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ? AND "targetUuid" IN (${ph})
                UNION SELECT f2."id" FROM "MemoryMention" m ${join} "MemoryFactEpisode" fe ON fe."accountId" = m."accountId" AND fe."episodeUuid" = m."episodeUuid"
                      ${join} "MemoryFact" f2 ON f2."accountId" = fe."accountId" AND f2."uuid" = fe."factUuid" WHERE m."accountId" = ? AND m."entityUuid" IN (${ph}))
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
