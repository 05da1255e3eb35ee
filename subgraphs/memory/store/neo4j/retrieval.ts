// Retrieval on Neo4j: full-text indexes over facts and episode text, the
// relationship vector index over fact embeddings (Neo4j 5.18+), and the
// neighbourhood of entities.
import neo4j from 'neo4j-driver';
import type { Ranked } from '../../model.ts';
import type { RetrievalStore } from '../memory-store.ts';
import { FILTER, luceneQuery, params, SCOPE, type Neo4jBase } from './base.ts';

export function neo4jRetrieval(base: Neo4jBase): RetrievalStore {
  const { run } = base;
  return {
    async fullTextFacts(scope, text, filter, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      const rows = await run(
        `CALL db.index.fulltext.queryRelationships('memory_fact_text', $q) YIELD relationship AS r, score
         WHERE ${SCOPE} AND ${FILTER} RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { q, ...params(scope, filter), limit: neo4j.int(limit) },
      );
      return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async fullTextEpisodeFacts(scope, text, filter, limit) {
      const q = luceneQuery(text);
      if (!q) return [];
      // Best episodes first (a few more than facts wanted), then the facts each stated (e.facts). A turn that asks a
      // question states no fact and the next turn of the group answers it: a question's hit brings its reply's facts.
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('memory_episode_content', $q) YIELD node AS e, score
         WHERE e.accountId = $accountId AND ($groupIds IS NULL OR e.groupId IN $groupIds) AND e.status = 'done'
         WITH e, score ORDER BY score DESC LIMIT $episodes
         CALL {
           WITH e
           WITH e WHERE trim(e.content) ENDS WITH '?'
           MATCH (n:MemoryEpisode {accountId: e.accountId, groupId: e.groupId, status: 'done'}) WHERE n.seq > e.seq
           RETURN n ORDER BY n.seq LIMIT 1
           UNION
           WITH e
           RETURN e AS n
         }
         WITH n AS e, score
         UNWIND coalesce(e.facts, []) AS factUuid
         MATCH ()-[r:RELATES_TO {uuid: factUuid}]->() WHERE r.accountId = e.accountId AND ${FILTER}
         RETURN r.uuid AS uuid, max(score) AS score ORDER BY score DESC LIMIT $limit`,
        { q, ...params(scope, filter), episodes: neo4j.int(limit * 2), limit: neo4j.int(limit) },
      );
      return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async indexFactVectors(_batchRows, _space) {
      // Neo4j maintains its vector index as relationships are written.
      return 0;
    },

    async nearestFacts(scope, embedding, filter, limit) {
      // Only facts of the query's model (coalesce: facts written before models were tagged have none).
      const MODEL = `coalesce(r.embeddingModel, '') = $model`;
      const vector = Array.from(embedding.vector);
      const model = embedding.model;
      const rows = await run(
        `CALL db.index.vector.queryRelationships('memory_fact_embedding', $k, $vector) YIELD relationship AS r, score
         WHERE ${SCOPE} AND ${FILTER} AND ${MODEL} RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { vector, model, k: neo4j.int(limit * 8), ...params(scope, filter), limit: neo4j.int(limit) },
      ).catch(() => []);
      if (rows.length >= limit) return rows.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
      // A small scope among much data, or a model of another width than the index's: scan it exactly, as the embedded store does.
      const exact = await run(
        `MATCH ()-[r:RELATES_TO]->() WHERE ${SCOPE} AND ${FILTER} AND ${MODEL}
         WITH r, vector.similarity.cosine(r.embedding, $vector) AS score RETURN r.uuid AS uuid, score ORDER BY score DESC LIMIT $limit`,
        { vector, model, ...params(scope, filter), limit: neo4j.int(limit) },
      );
      return exact.map((r) => ({ uuid: String(r.uuid), score: Number(r.score) }));
    },

    async factsToReembed(model, limit) {
      const rows = await run(
        `MATCH ()-[r:RELATES_TO]->() WHERE coalesce(r.embeddingModel, '') <> $model RETURN r.accountId AS accountId, r.uuid AS uuid, r.fact AS fact LIMIT $limit`,
        { model, limit: neo4j.int(limit) },
      );
      return rows.map((r) => ({ accountId: String(r.accountId), uuid: String(r.uuid), fact: String(r.fact) }));
    },

    async countFactsToReembed(model) {
      const [row] = await run(
        `MATCH ()-[r:RELATES_TO]->() RETURN count(CASE WHEN coalesce(r.embeddingModel, '') <> $model THEN 1 END) AS stale, count(r) AS total`,
        { model },
      );
      return { stale: Number(row?.stale ?? 0), total: Number(row?.total ?? 0) };
    },

    async setFactVectors(model, rows) {
      await run(
        `UNWIND $rows AS row MATCH ()-[r:RELATES_TO {uuid: row.uuid}]->() WHERE r.accountId = row.accountId SET r.embedding = row.vector, r.embeddingModel = $model`,
        { model, rows: rows.map((r) => ({ accountId: r.accountId, uuid: r.uuid, vector: Array.from(r.vector) })) },
      );
    },

    async activateFactVectors() {
      // The relationship vector index has one width (neo4j/base.ts); facts of another width are read by the exact scan.
    },

    async factsAround(scope, entityUuids, depth, filter, limit) {
      const out = new Map<string, number>();
      let frontier = [...new Set(entityUuids)];
      const seen = new Set(frontier);
      for (let hop = 1; hop <= depth && frontier.length && out.size < limit; hop++) {
        const rows = await run(
          `CALL {
             MATCH (n:MemoryEntity)-[r:RELATES_TO]-() WHERE n.accountId = $accountId AND n.uuid IN $frontier RETURN r
             UNION
             MATCH (n:MemoryEntity)<-[:MENTIONS]-(e:MemoryEpisode) WHERE n.accountId = $accountId AND n.uuid IN $frontier
             UNWIND e.facts AS fu MATCH ()-[r:RELATES_TO {uuid: fu}]->() RETURN r
           }
           WITH DISTINCT r WHERE ${SCOPE} AND ${FILTER}
           RETURN r.uuid AS uuid, startNode(r).uuid AS s, endNode(r).uuid AS t ORDER BY r.validAt DESC LIMIT $limit`,
          { frontier, ...params(scope, filter), limit: neo4j.int(limit) },
        );
        const next: string[] = [];
        for (const r of rows) {
          if (!out.has(r.uuid)) out.set(r.uuid, 1 / hop);
          for (const e of [r.s, r.t]) {
            if (!seen.has(e)) {
              seen.add(e);
              next.push(e);
            }
          }
        }
        frontier = next.slice(0, 50);
      }
      return [...out].slice(0, limit).map(([uuid, score]): Ranked => ({ uuid, score }));
    },
  };
}
