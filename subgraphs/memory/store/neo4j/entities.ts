// Entities on Neo4j: (:MemoryEntity) nodes (full-text index over names) and
// the (:MemoryEpisode)-[:MENTIONS]->(:MemoryEntity) links.
import neo4j from 'neo4j-driver';
import type { Entity } from '../../model.ts';
import type { EntityStore } from '../memory-store.ts';
import { luceneQuery, type Cypher, type Neo4jBase } from './base.ts';
import { toEntity } from './rows.ts';

const insertEntities = async (cypher: Cypher, entities: readonly Entity[]) => {
  if (entities.length)
    await cypher.run(`UNWIND $rows AS row CREATE (n:MemoryEntity) SET n = row`, {
      rows: entities.map((e) => ({ ...e })),
    });
};

export function neo4jEntities(base: Neo4jBase): EntityStore {
  const { run } = base;
  return {
    async entitiesByNormName(accountId, groupId, normNames) {
      const rows = await run(
        `MATCH (n:MemoryEntity {accountId: $accountId, groupId: $groupId}) WHERE n.normName IN $norms RETURN n {.*} AS n ORDER BY n.createdAt`,
        {
          accountId,
          groupId,
          norms: [...normNames],
        },
      );
      return rows.map((r) => toEntity(r.n));
    },

    async entitiesMatching(scope, text, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('memory_entity_name', $q) YIELD node AS n, score
         WHERE n.accountId = $accountId AND ($groupIds IS NULL OR n.groupId IN $groupIds)
         RETURN n {.*} AS n ORDER BY score DESC LIMIT $limit`,
        {
          q,
          accountId: scope.accountId,
          groupIds: scope.groupIds ? [...scope.groupIds] : null,
          limit: neo4j.int(limit),
        },
      );
      return rows.map((r) => toEntity(r.n));
    },

    insertEntities: (entities) => insertEntities(base, entities),

    async getEntity(accountId, uuid) {
      const rows = await run(`MATCH (n:MemoryEntity {uuid: $uuid, accountId: $accountId}) RETURN n {.*} AS n`, {
        uuid,
        accountId,
      });
      return rows[0] ? toEntity(rows[0].n) : null;
    },

    async getEntities(accountId, uuids) {
      if (!uuids.length) return [];
      const rows = await run(
        `MATCH (n:MemoryEntity) WHERE n.uuid IN $uuids AND n.accountId = $accountId RETURN n {.*} AS n`,
        { uuids: [...uuids], accountId },
      );
      return rows.map((r) => toEntity(r.n));
    },

    saveEntityNode(entity) {
      // The look-up and the write in one transaction.
      return base.transaction(async (tx) => {
        const rows = await tx.run(
          `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid}) RETURN n.groupId AS groupId`,
          { accountId: entity.accountId, uuid: entity.uuid },
        );
        if (rows[0] && rows[0].groupId !== entity.groupId) return 'conflict';
        if (rows[0]) {
          await tx.run(
            `MATCH (n:MemoryEntity {accountId: $accountId, uuid: $uuid}) SET n.name = $name, n.normName = $normName, n.summary = $summary`,
            { ...entity },
          );
          return 'updated';
        }
        await insertEntities(tx, [entity]);
        return 'created';
      });
    },

    async addMentions(accountId, episodeUuid, entityUuids) {
      if (!entityUuids.length) return;
      await run(
        `MATCH (e:MemoryEpisode {accountId: $accountId, uuid: $episode}) MATCH (n:MemoryEntity) WHERE n.accountId = $accountId AND n.uuid IN $entities MERGE (e)-[:MENTIONS]->(n)`,
        {
          accountId,
          episode: episodeUuid,
          entities: [...entityUuids],
        },
      );
    },
  };
}
