// Groups on Neo4j as a whole: the processing lease (:MemoryGroupLease) and the
// deletion of a group, or of every group of an account.
import type { GroupStore } from '../memory-store.ts';
import type { Neo4jBase } from './base.ts';

export function neo4jGroups(base: Neo4jBase): GroupStore {
  const { run } = base;
  return {
    async leaseGroup(accountId, groupId, holder, ttlMs) {
      // The uniqueness constraint makes MERGE take the lease node's lock, so two holders cannot both win.
      const now = Date.now();
      const rows = await run(
        `MERGE (l:MemoryGroupLease {accountId: $accountId, groupId: $groupId})
         WITH l WHERE l.holder IS NULL OR l.expiresAt < $now OR l.holder = $holder
         SET l.holder = $holder, l.expiresAt = $expiresAt
         RETURN l.holder AS holder`,
        { accountId, groupId, holder, now, expiresAt: now + ttlMs },
      );
      return rows.length === 1;
    },

    async releaseGroup(accountId, groupId, holder) {
      await run(`MATCH (l:MemoryGroupLease {accountId: $accountId, groupId: $groupId, holder: $holder}) DELETE l`, {
        accountId,
        groupId,
        holder,
      });
    },

    deleteGroup(accountId, groupId) {
      return base.transaction(async (tx) => {
        const [counts] = await tx.run(
          `CALL { MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) RETURN count(e) AS episodes }
           CALL { MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) RETURN count(n) AS entities }
           CALL { MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.groupId = $groupId RETURN count(r) AS facts }
           RETURN episodes, entities, facts`,
          { accountId, groupId },
        );
        const result = {
          episodes: Number(counts?.episodes ?? 0),
          facts: Number(counts?.facts ?? 0),
          entities: Number(counts?.entities ?? 0),
        };
        if (!result.episodes && !result.facts && !result.entities) return null;
        // Facts are relationships between the group's entities: DETACH DELETE takes them too.
        await tx.run(`MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) DETACH DELETE n`, {
          accountId,
          groupId,
        });
        await tx.run(`MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) DETACH DELETE e`, {
          accountId,
          groupId,
        });
        return result;
      });
    },

    async clear(accountId) {
      // One statement, so atomic by itself. Facts are relationships between the account's entities: DETACH DELETE takes them too.
      await run(
        `MATCH (n) WHERE (n:MemoryEpisode OR n:MemoryEntity OR n:MemoryGroupLease) AND n.accountId = $accountId DETACH DELETE n`,
        { accountId },
      );
    },
  };
}
