// Episodes on Neo4j: (:MemoryEpisode) nodes, queue position `seq` from a
// counter node, the facts each stated in `facts`; and the deletion cascade.
import neo4j from 'neo4j-driver';
import type { DeletionCounts } from '../../model.ts';
import type { EpisodeStore } from '../memory-store.ts';
import type { Cypher, Neo4jBase } from './base.ts';
import { toEpisode } from './rows.ts';

export function neo4jEpisodes(base: Neo4jBase): EpisodeStore {
  const { run } = base;
  return {
    addEpisodes(accountId, groupId, episodes) {
      if (!episodes.length) return Promise.resolve({ added: 0, conflicts: [] });
      // One transaction: the check, the queue positions and the nodes, all or nothing.
      return base.transaction(async (tx) => {
        // Only the account's own episodes count: another account's use of a uuid is neither visible nor in the way.
        const existing = await tx.run(
          `MATCH (e:MemoryEpisode) WHERE e.accountId = $accountId AND e.uuid IN $uuids RETURN e.uuid AS uuid, e.groupId AS groupId`,
          {
            accountId,
            uuids: episodes.map((e) => e.uuid),
          },
        );
        const conflicts = existing.filter((r) => r.groupId !== groupId).map((r) => String(r.uuid));
        if (conflicts.length) return { added: 0, conflicts };
        const seen = new Set(existing.map((r) => String(r.uuid)));
        const fresh = episodes.filter((e) => !seen.has(e.uuid) && !!seen.add(e.uuid));
        if (!fresh.length) return { added: 0, conflicts: [] };
        // A counter node hands out queue positions atomically.
        const [{ last }] = (await tx.run(
          `MERGE (c:MemoryCounter {name: 'episode'}) SET c.value = coalesce(c.value, 0) + $n RETURN c.value AS last`,
          { n: fresh.length },
        )) as [{ last: number }];
        const now = new Date().toISOString();
        await tx.run(`UNWIND $rows AS row CREATE (e:MemoryEpisode) SET e = row`, {
          rows: fresh.map((e, i) => ({
            ...e,
            accountId,
            groupId,
            createdAt: now,
            status: 'pending',
            seq: last - fresh.length + 1 + i,
            facts: [],
          })),
        });
        return { added: fresh.length, conflicts: [] };
      });
    },

    async nextPending(accountId, groupId, limit) {
      const rows = await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId, status: 'pending'}) RETURN e {.*} AS e ORDER BY e.seq LIMIT $limit`,
        { accountId, groupId, limit: neo4j.int(limit) },
      );
      return rows.map((r) => toEpisode(r.e));
    },

    async pendingGroups() {
      const rows = await run(
        `MATCH (e:MemoryEpisode {status: 'pending'}) RETURN DISTINCT e.accountId AS accountId, e.groupId AS groupId`,
      );
      return rows.map((r) => ({ accountId: String(r.accountId), groupId: String(r.groupId) }));
    },

    async finishEpisode(accountId, uuid, error) {
      await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $uuid}) SET e.status = $status, e.error = $error`,
        { accountId, uuid, status: error ? 'failed' : 'done', error },
      );
    },

    async lastEpisodes(accountId, groupId, lastN) {
      const rows = await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId}) WHERE e.status <> 'pending'
         WITH e ORDER BY e.timestamp DESC, e.seq DESC LIMIT $lastN RETURN e {.*} AS e ORDER BY e.timestamp, e.seq`,
        { accountId, groupId, lastN: neo4j.int(lastN) },
      );
      return rows.map((r) => toEpisode(r.e));
    },

    deleteEpisodes(accountId, match) {
      return base.transaction(async (tx) => {
        const rows =
          'uuid' in match
            ? await tx.run(`MATCH (e:MemoryEpisode {uuid: $uuid, accountId: $accountId}) RETURN e.uuid AS uuid`, {
                uuid: match.uuid,
                accountId,
              })
            : await tx.run(
                `MATCH (e:MemoryEpisode {accountId: $accountId, groupId: $groupId, sourceDescription: $source}) RETURN e.uuid AS uuid`,
                {
                  accountId,
                  groupId: match.groupId,
                  source: match.source,
                },
              );
        if (!rows.length) return null;
        return cascade(
          tx,
          accountId,
          rows.map((r) => String(r.uuid)),
        );
      });
    },
  };
}

/** Removes the episodes and what only they held; runs inside the caller's transaction. */
async function cascade(tx: Cypher, accountId: string, episodeUuids: string[]): Promise<DeletionCounts> {
  // Provenance loses the episodes; facts left without any go (restoring what they invalidated).
  const touched = await tx.run(
    `MATCH (s:MemoryEntity)-[r:RELATES_TO]->(t:MemoryEntity) WHERE r.accountId = $accountId AND any(e IN r.episodes WHERE e IN $episodes)
     WITH r, [i IN range(0, size(r.episodes) - 1) WHERE NOT r.episodes[i] IN $episodes] AS keep
     SET r.sources = [i IN keep | r.sources[i]], r.episodes = [i IN keep | r.episodes[i]]
     RETURN r.uuid AS uuid, size(r.episodes) AS left`,
    { accountId, episodes: episodeUuids },
  );
  const orphans = touched.filter((r) => r.left === 0).map((r) => String(r.uuid));
  await tx.run(
    `MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.invalidatedBy IN $orphans SET r.invalidAt = null, r.expiredAt = null, r.invalidatedBy = null`,
    { accountId, orphans },
  );
  await tx.run(`MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.uuid IN $orphans DELETE r`, {
    accountId,
    orphans,
  });
  const mentioned = await tx.run(
    `MATCH (e:MemoryEpisode)-[:MENTIONS]->(n:MemoryEntity) WHERE e.accountId = $accountId AND e.uuid IN $episodes RETURN DISTINCT n.uuid AS uuid`,
    { accountId, episodes: episodeUuids },
  );
  await tx.run(`MATCH (e:MemoryEpisode) WHERE e.accountId = $accountId AND e.uuid IN $episodes DETACH DELETE e`, {
    accountId,
    episodes: episodeUuids,
  });
  const removed = await tx.run(
    `MATCH (n:MemoryEntity) WHERE n.accountId = $accountId AND n.uuid IN $uuids AND NOT (n)<-[:MENTIONS]-() AND NOT (n)-[:RELATES_TO]-()
     DELETE n RETURN count(*) AS n`,
    { accountId, uuids: mentioned.map((m) => m.uuid) },
  );
  return { episodes: episodeUuids.length, facts: orphans.length, entities: Number(removed[0]?.n ?? 0) };
}
