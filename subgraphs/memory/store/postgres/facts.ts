// Facts on PostgreSQL: MemoryFact rows with their provenance (MemoryFactEpisode).
// The counterpart of ../libsql/facts.ts; a new fact and its first provenance
// row are two statements of one transaction (libSQL writes them through a view).
// What reads the same on both engines is ../sql/facts.ts.
import { parseVector, vectorText } from '../../../../core/db/postgres/sql.ts';
import type { FactRow, NewFact } from '../../model.ts';
import type { FactStore } from '../memory-store.ts';
import { provenance, sqlFacts } from '../sql/facts.ts';
import { FACT_COLUMNS, toFact, toFactRow } from '../sql/rows.ts';
import { chunks, placeholders } from '../sql/statements.ts';
import type { PostgresBase } from './base.ts';

const FACT_BATCH = 100;

export function postgresFacts(base: PostgresBase): FactStore {
  const { query, exec } = base;

  return {
    ...sqlFacts(base),

    async factsBetween(accountId, groupId, pairs, normFacts) {
      const out: FactRow[] = [];
      const norms = normFacts ? [...new Set(normFacts)] : null;
      if (norms && !norms.length) return out;
      for (const chunk of chunks(pairs, 100)) {
        const rows = await query(
          `WITH pair("s", "t") AS (VALUES ${chunk.map(() => '(?, ?), (?, ?)').join(', ')})
           SELECT ${FACT_COLUMNS} FROM pair JOIN "MemoryFact" f ON f."accountId" = ? AND f."sourceUuid" = pair."s" AND f."targetUuid" = pair."t"
            WHERE f."groupId" = ?${norms ? ` AND f."normFact" IN (${placeholders(norms.length)})` : ''}`,
          ...chunk.flatMap(([a, b]) => [a, b, b, a]),
          accountId,
          groupId,
          ...(norms ?? []),
        );
        out.push(...rows.map(toFactRow));
      }
      return out;
    },

    async currentFactsTouching(accountId, groupId, entityUuid) {
      const rows = await query(
        `SELECT ${FACT_COLUMNS} FROM "MemoryFact" f
          WHERE f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?3 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?3)
            AND f."groupId" = ?2 AND f."invalidAt" IS NULL AND f."expiredAt" IS NULL`,
        accountId,
        groupId,
        entityUuid,
      );
      return rows.map(toFactRow);
    },

    insertFacts(facts) {
      if (!facts.length) return Promise.resolve();
      return base.transaction(async (sql) => {
        for (const batch of chunks<NewFact>(facts, FACT_BATCH)) {
          await sql.exec(
            `INSERT INTO "MemoryFact" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding", "embeddingModel")
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector, ?)').join(', ')}`,
            ...batch.flatMap((f) => [
              f.uuid, f.accountId, f.groupId, f.sourceUuid, f.targetUuid, f.name, f.fact, f.normFact, f.validAt, f.invalidAt, f.createdAt, f.expiredAt, f.invalidatedBy, vectorText(f.embedding), f.embeddingModel,
            ]),
          );
          await sql.exec(
            `INSERT INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING`,
            ...batch.flatMap((f) => [f.accountId, f.uuid, f.episode.uuid, f.episode.sourceDescription]),
          );
        }
      });
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await exec(
        `INSERT INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        accountId,
        factUuid,
        episode.uuid,
        episode.sourceDescription,
      );
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT ${FACT_COLUMNS}, f."embedding"::text AS "embedding" FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      const prov = await provenance(base, accountId, rows.map((r) => String(r.uuid)));
      return rows.map((r) => {
        const p = prov.get(String(r.uuid)) ?? { episodes: [], sources: [] };
        return { ...toFact(r, p.episodes), sources: p.sources, embedding: parseVector(r.embedding) };
      });
    },
  };
}
