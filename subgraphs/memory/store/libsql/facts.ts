// Facts on libSQL: MemoryFact rows with their provenance (MemoryFactEpisode),
// written through the MemoryFactWrite view (see the fact-vectors migration).
// What reads the same on PostgreSQL is ../sql/facts.ts.
import type { FactRow, NewFact } from '../../model.ts';
import type { FactStore } from '../memory-store.ts';
import { provenance, sqlFacts } from '../sql/facts.ts';
import { FACT_COLUMNS, toFact, toFactRow } from '../sql/rows.ts';
import { chunks, placeholders } from '../sql/statements.ts';
import type { LibsqlBase } from './base.ts';
import { blob, toFloat32 } from './vectors.ts';

const FACT_BATCH = 100;

export function libsqlFacts(base: LibsqlBase): FactStore {
  const { query, exec } = base;

  return {
    ...sqlFacts(base),

    async factsBetween(accountId, groupId, pairs, normFacts) {
      const out: FactRow[] = [];
      const norms = normFacts ? [...new Set(normFacts)] : null;
      if (norms && !norms.length) return out;
      for (const chunk of chunks(pairs, 100)) {
        // A join with the pairs, so that each is one look-up of the (account, source, target) index
        // (written as ORs, SQLite factors the account out and scans the account's facts).
        const rows = await query(
          `WITH pair("s", "t") AS (VALUES ${chunk.map(() => '(?, ?), (?, ?)').join(', ')})
           SELECT ${FACT_COLUMNS} FROM pair CROSS JOIN "MemoryFact" f ON f."accountId" = ? AND f."sourceUuid" = pair."s" AND f."targetUuid" = pair."t"
            WHERE +f."groupId" = ?${norms ? ` AND f."normFact" IN (${placeholders(norms.length)})` : ''}`,
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
            AND +f."groupId" = ?2 AND f."invalidAt" IS NULL AND f."expiredAt" IS NULL`,
        accountId,
        groupId,
        entityUuid,
      );
      return rows.map(toFactRow);
    },

    insertFacts(facts) {
      return base.atomic(Math.ceil(facts.length / FACT_BATCH), async (sql) => {
        for (const batch of chunks<NewFact>(facts, FACT_BATCH)) {
          // The view's trigger writes each fact and its first provenance row (see the fact-vectors migration).
          await sql.exec(
            `INSERT INTO "MemoryFactWrite" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "validAt", "invalidAt", "createdAt", "expiredAt", "invalidatedBy", "embedding", "embeddingModel", "episodeUuid", "sourceDescription")
             VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, vector32(?), ?, ?, ?)').join(', ')}`,
            ...batch.flatMap((f) => [
              f.uuid, f.accountId, f.groupId, f.sourceUuid, f.targetUuid, f.name, f.fact, f.normFact, f.validAt, f.invalidAt, f.createdAt, f.expiredAt, f.invalidatedBy, blob(f.embedding), f.embeddingModel,
              f.episode.uuid, f.episode.sourceDescription,
            ]),
          );
        }
      });
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await exec(
        `INSERT OR IGNORE INTO "MemoryFactEpisode" ("accountId", "factUuid", "episodeUuid", "sourceDescription") VALUES (?, ?, ?, ?)`,
        accountId,
        factUuid,
        episode.uuid,
        episode.sourceDescription,
      );
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await query(`SELECT ${FACT_COLUMNS}, f."embedding" FROM "MemoryFact" f WHERE f."accountId" = ? AND f."uuid" IN (${placeholders(uuids.length)})`, accountId, ...uuids);
      const prov = await provenance(base, accountId, rows.map((r) => String(r.uuid)));
      return rows.map((r) => {
        const p = prov.get(String(r.uuid)) ?? { episodes: [], sources: [] };
        return { ...toFact(r, p.episodes), sources: p.sources, embedding: toFloat32(r.embedding) };
      });
    },
  };
}
