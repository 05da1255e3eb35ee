// The parts of the fact store that read the same on libSQL and PostgreSQL: provenance (which
// episodes stated a fact), the edges of a node, invalidation and deletion of one fact. Writing
// facts (a view on libSQL, two statements on PostgreSQL), vectors and planner hints stay in each
// engine's facts.ts.
import type { Fact } from '../../model.ts';
import type { FactStore } from '../memory-store.ts';
import { FACT_COLUMNS, toFact } from './rows.ts';
import { chunks, placeholders, type Sql, type SqlBase } from './statements.ts';

export type Provenance = Map<string, { episodes: string[]; sources: string[] }>;

/** The episodes (and their sources) that stated each fact, the one that created it first. */
export async function provenance(sql: Sql, accountId: string, uuids: readonly string[]): Promise<Provenance> {
  const out: Provenance = new Map();
  for (const chunk of chunks(uuids, 500)) {
    // Ordered by the episode's queue position, so the first is the one that created the fact.
    const rows = await sql.query(
      `SELECT fe."factUuid", fe."episodeUuid", fe."sourceDescription" FROM "MemoryFactEpisode" fe
         LEFT JOIN "MemoryEpisode" e ON e."accountId" = fe."accountId" AND e."uuid" = fe."episodeUuid"
        WHERE fe."accountId" = ? AND fe."factUuid" IN (${placeholders(chunk.length)}) ORDER BY e."seq"`,
      accountId,
      ...chunk,
    );
    for (const r of rows) {
      const p = out.get(String(r.factUuid)) ?? { episodes: [], sources: [] };
      p.episodes.push(String(r.episodeUuid));
      p.sources.push(String(r.sourceDescription));
      out.set(String(r.factUuid), p);
    }
  }
  return out;
}

/** Facts (alias f) matching `where`, with the episodes that stated them. */
async function factsWhere(sql: Sql, accountId: string, where: string, ...args: unknown[]): Promise<Fact[]> {
  const rows = await sql.query(`SELECT ${FACT_COLUMNS} FROM "MemoryFact" f WHERE ${where}`, ...args);
  const prov = await provenance(sql, accountId, rows.map((r) => String(r.uuid)));
  return rows.map((r) => toFact(r, prov.get(String(r.uuid))?.episodes ?? []));
}

export function sqlFacts(base: SqlBase): Pick<FactStore, 'invalidateFact' | 'edgesOfNode' | 'deleteFact'> {
  const { query, exec } = base;
  return {
    async invalidateFact(accountId, uuid, invalidAt, expiredAt, by) {
      await exec(`UPDATE "MemoryFact" SET "invalidAt" = ?, "expiredAt" = COALESCE("expiredAt", ?), "invalidatedBy" = ? WHERE "accountId" = ? AND "uuid" = ?`, invalidAt, expiredAt, by, accountId, uuid);
    },

    async edgesOfNode(accountId, nodeUuid) {
      const [node] = await query(`SELECT 1 AS found FROM "MemoryEntity" WHERE "accountId" = ? AND "uuid" = ?`, accountId, nodeUuid);
      if (!node) return null;
      return factsWhere(
        base,
        accountId,
        `f."id" IN (SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "sourceUuid" = ?2 UNION SELECT "id" FROM "MemoryFact" WHERE "accountId" = ?1 AND "targetUuid" = ?2)
         ORDER BY f."createdAt", f."id"`,
        accountId,
        nodeUuid,
      );
    },

    deleteFact(accountId, uuid) {
      return base.transaction(async (sql) => {
        const [row] = await sql.query(`SELECT "uuid" FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
        if (!row) return false;
        await sql.exec(`UPDATE "MemoryFact" SET "invalidAt" = NULL, "expiredAt" = NULL, "invalidatedBy" = NULL WHERE "accountId" = ? AND "invalidatedBy" = ?`, accountId, uuid);
        await sql.exec(`DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ? AND "factUuid" = ?`, accountId, uuid);
        await sql.exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "uuid" = ?`, accountId, uuid);
        return true;
      });
    },
  };
}
