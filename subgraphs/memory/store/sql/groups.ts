// Groups as a whole, the same on libSQL and PostgreSQL: the processing lease
// (MemoryGroupLease) and the deletion of a group, or of every group of an account.
import type { GroupStore } from '../memory-store.ts';
import type { MemoryDialect } from './dialect.ts';

/** Children before parents: provenance and mentions name facts, episodes and entities. */
const ACCOUNT_TABLES = [
  'MemoryFactEpisode',
  'MemoryMention',
  'MemoryFact',
  'MemoryEntity',
  'MemoryEpisode',
  'MemoryGroupLease',
];

export function sqlGroups(base: MemoryDialect): GroupStore {
  const { query, exec } = base;
  return {
    async leaseGroup(accountId, groupId, holder, ttlMs) {
      const now = Date.now();
      // One statement, atomic across processes: the row is taken only when free, expired or already the holder's.
      const rows = await query(
        `INSERT INTO "MemoryGroupLease" ("accountId", "groupId", "holder", "expiresAt") VALUES (?, ?, ?, ?)
         ON CONFLICT ("accountId", "groupId") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
          WHERE "MemoryGroupLease"."expiresAt" < ? OR "MemoryGroupLease"."holder" = excluded."holder"
         RETURNING "holder"`,
        accountId,
        groupId,
        holder,
        now + ttlMs,
        now,
      );
      return rows.length === 1;
    },

    async releaseGroup(accountId, groupId, holder) {
      await exec(
        `DELETE FROM "MemoryGroupLease" WHERE "accountId" = ? AND "groupId" = ? AND "holder" = ?`,
        accountId,
        groupId,
        holder,
      );
    },

    deleteGroup(accountId, groupId) {
      return base.transaction(async (sql) => {
        const [counts] = await sql.query<{
          episodes: number | bigint;
          entities: number | bigint;
          facts: number | bigint;
        }>(
          `SELECT (SELECT COUNT(*) FROM "MemoryEpisode" WHERE "accountId" = ?1 AND "groupId" = ?2) AS episodes,
                  (SELECT COUNT(*) FROM "MemoryEntity" WHERE "accountId" = ?1 AND "groupId" = ?2) AS entities,
                  (SELECT COUNT(*) FROM "MemoryFact" WHERE "accountId" = ?1 AND "groupId" = ?2) AS facts`,
          accountId,
          groupId,
        );
        const result = {
          episodes: Number(counts!.episodes),
          facts: Number(counts!.facts),
          entities: Number(counts!.entities),
        };
        if (!result.episodes && !result.facts && !result.entities) return null;
        const factSet = `(SELECT "uuid" FROM "MemoryFact" WHERE "accountId" = ?1 AND "groupId" = ?2)`;
        const episodeSet = `(SELECT "uuid" FROM "MemoryEpisode" WHERE "accountId" = ?1 AND "groupId" = ?2)`;
        await sql.exec(
          `DELETE FROM "MemoryFactEpisode" WHERE "accountId" = ?1 AND "factUuid" IN ${factSet}`,
          accountId,
          groupId,
        );
        await sql.exec(
          `DELETE FROM "MemoryMention" WHERE "accountId" = ?1 AND "episodeUuid" IN ${episodeSet}`,
          accountId,
          groupId,
        );
        await sql.exec(`DELETE FROM "MemoryFact" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
        await sql.exec(`DELETE FROM "MemoryEntity" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
        await sql.exec(`DELETE FROM "MemoryEpisode" WHERE "accountId" = ? AND "groupId" = ?`, accountId, groupId);
        return result;
      });
    },

    clear(accountId) {
      return base.transaction(async (sql) => {
        for (const table of ACCOUNT_TABLES) await sql.exec(`DELETE FROM "${table}" WHERE "accountId" = ?`, accountId);
      });
    },
  };
}
