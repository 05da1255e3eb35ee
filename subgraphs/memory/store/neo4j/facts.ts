// Facts on Neo4j: [:RELATES_TO] relationships between entities carrying their
// provenance (episodes, sources) as lists; each episode lists the facts it
// stated (`facts`).
import type { Fact, StoredFact } from '../../model.ts';
import type { FactStore } from '../memory-store.ts';
import type { Neo4jBase, Props } from './base.ts';
import { FACT_RETURN, toFact } from './rows.ts';

export function neo4jFacts(base: Neo4jBase): FactStore {
  const { run } = base;

  async function factsWhere(match: string, parameters: Props): Promise<Fact[]> {
    const rows = await run(`${match} RETURN ${FACT_RETURN}`, parameters);
    return rows.map((row) => toFact(row.r, row.s, row.t));
  }

  return {
    factsBetween(accountId, groupId, pairs, normFacts) {
      return factsWhere(
        `UNWIND $pairs AS pair
         MATCH (s:MemoryEntity)-[r:RELATES_TO]->(t:MemoryEntity)
         WHERE r.accountId = $accountId AND r.groupId = $groupId AND ((s.uuid = pair[0] AND t.uuid = pair[1]) OR (s.uuid = pair[1] AND t.uuid = pair[0]))
           AND ($norms IS NULL OR r.normFact IN $norms)
         WITH DISTINCT r, s, t`,
        { accountId, groupId, pairs: pairs.map(([a, b]) => [a, b]), norms: normFacts ? [...new Set(normFacts)] : null },
      );
    },

    currentFactsTouching(accountId, groupId, entityUuid) {
      return factsWhere(
        `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid})-[r:RELATES_TO]-() WITH DISTINCT r
         WHERE r.groupId = $groupId AND r.invalidAt IS NULL AND r.expiredAt IS NULL
         WITH r, startNode(r) AS s, endNode(r) AS t`,
        { uuid: entityUuid, accountId, groupId },
      );
    },

    async insertFacts(facts) {
      if (!facts.length) return;
      // One statement: every fact, and each in its episode's `facts`.
      await run(
        `UNWIND $rows AS row
         MATCH (s:MemoryEntity {accountId: row.props.accountId, uuid: row.sourceUuid}) MATCH (t:MemoryEntity {accountId: row.props.accountId, uuid: row.targetUuid})
         CREATE (s)-[r:RELATES_TO]->(t) SET r = row.props
         WITH r, row MATCH (e:MemoryEpisode {accountId: row.props.accountId, uuid: row.episode}) SET e.facts = coalesce(e.facts, []) + r.uuid`,
        {
          rows: facts.map(({ embedding, episode, sourceUuid, targetUuid, ...props }) => ({
            sourceUuid,
            targetUuid,
            episode: episode.uuid,
            props: {
              ...props,
              embedding: Array.from(embedding),
              episodes: [episode.uuid],
              sources: [episode.sourceDescription],
            },
          })),
        },
      );
    },

    async addFactEpisode(accountId, factUuid, episode) {
      await run(
        `MATCH ()-[r:RELATES_TO {uuid: $fact}]->() WHERE r.accountId = $accountId AND NOT $episode IN r.episodes
         SET r.episodes = r.episodes + $episode, r.sources = r.sources + $source
         WITH r MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $episode}) SET e.facts = coalesce(e.facts, []) + r.uuid`,
        { accountId, fact: factUuid, episode: episode.uuid, source: episode.sourceDescription },
      );
    },

    async invalidateFact(accountId, uuid, invalidAt, expiredAt, by) {
      await run(
        `MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId SET r.invalidAt = $invalidAt, r.expiredAt = coalesce(r.expiredAt, $expiredAt), r.invalidatedBy = $by`,
        {
          accountId,
          uuid,
          invalidAt,
          expiredAt,
          by,
        },
      );
    },

    async edgesOfNode(accountId, nodeUuid) {
      const [node] = await run(`MATCH (n:MemoryEntity {uuid: $uuid, accountId: $accountId}) RETURN n.uuid AS uuid`, {
        uuid: nodeUuid,
        accountId,
      });
      if (!node) return null;
      return factsWhere(
        `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid})-[r:RELATES_TO]-() WITH DISTINCT r
         WITH r, startNode(r) AS s, endNode(r) AS t ORDER BY r.createdAt`,
        { uuid: nodeUuid, accountId },
      );
    },

    async getFacts(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await run(
        `MATCH (s)-[r:RELATES_TO]->(t) WHERE r.uuid IN $uuids AND r.accountId = $accountId RETURN r {.*} AS r, s.uuid AS s, t.uuid AS t`,
        { uuids: [...uuids], accountId },
      );
      return rows.map((row): StoredFact => ({
        ...toFact(row.r, row.s, row.t),
        sources: [...(row.r.sources ?? [])],
        embedding: Float32Array.from(row.r.embedding ?? []),
      }));
    },

    deleteFact(accountId, uuid) {
      return base.transaction(async (tx) => {
        const rows = await tx.run(
          `MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId RETURN r.uuid AS uuid`,
          { uuid, accountId },
        );
        if (!rows.length) return false;
        await tx.run(
          `MATCH ()-[r:RELATES_TO]->() WHERE r.accountId = $accountId AND r.invalidatedBy = $uuid SET r.invalidAt = null, r.expiredAt = null, r.invalidatedBy = null`,
          {
            uuid,
            accountId,
          },
        );
        await tx.run(`MATCH ()-[r:RELATES_TO {uuid: $uuid}]->() WHERE r.accountId = $accountId DELETE r`, {
          uuid,
          accountId,
        });
        return true;
      });
    },
  };
}
