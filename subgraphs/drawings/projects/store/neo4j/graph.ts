// The project graph read: entities (by filter, text, vector, id), relationships and links.
import { int, REL_RETURN, toEntity, toLink, toRel } from './rows.ts';
import type { GraphReads } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

export function neo4jGraph(s: Neo4jContext): GraphReads {
  const { run, count } = s;
  return {
    async listEntities(projectId, filter, offset, limit) {
      const where = `e.projectId = $projectId AND ($type IS NULL OR e.type = $type) AND ($sheetId IS NULL OR e.sheetId = $sheetId)`;
      const args = { projectId, type: filter.type ?? null, sheetId: filter.sheetId ?? null, q: filter.match ?? null };
      const source = filter.match
        ? `CALL db.index.fulltext.queryNodes('project_entity_text', $q) YIELD node AS e, score`
        : `MATCH (e:ProjectEntity {projectId: $projectId}) WITH e, 0 AS score`;
      const order = filter.match ? 'ORDER BY score DESC, e.seq' : 'ORDER BY e.seq';
      const rows = await run(
        `${source} WHERE ${where} RETURN e {.*, embedding: null} AS e ${order} SKIP $offset LIMIT $limit`,
        { ...args, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toEntity(r.e)),
        total: await count(`${source} WHERE ${where} RETURN count(e) AS n`, args),
      };
    },

    async entitiesByIds(projectId, ids) {
      if (!ids.length) return [];
      return (
        await run(
          `MATCH (e:ProjectEntity) WHERE e.id IN $ids AND e.projectId = $projectId RETURN e {.*, embedding: null} AS e`,
          { projectId, ids: [...ids] },
        )
      ).map((r) => toEntity(r.e));
    },

    async relationshipsOf(projectId, ids, types) {
      if (!ids.length) return [];
      const rows = await run(
        `UNWIND $ids AS id MATCH (:ProjectEntity {id: id})-[r]-() WHERE r.projectId = $projectId AND ($types IS NULL OR type(r) IN $types) WITH DISTINCT r RETURN ${REL_RETURN}`,
        { projectId, ids: [...ids], types: types ? [...types] : null },
      );
      return rows.map(toRel);
    },

    async listRelationships(projectId, type, offset, limit) {
      const match = `MATCH (:ProjectEntity {projectId: $projectId})-[r]->() WHERE r.projectId = $projectId AND ($type IS NULL OR type(r) = $type)`;
      const rows = await run(`${match} RETURN ${REL_RETURN} ORDER BY r.seq, r.id SKIP $offset LIMIT $limit`, {
        projectId,
        type,
        offset: int(offset),
        limit: int(limit),
      });
      return { items: rows.map(toRel), total: await count(`${match} RETURN count(r) AS n`, { projectId, type }) };
    },

    async linksOf(projectId, calloutIds) {
      if (!calloutIds.length) return [];
      return (
        await run(`MATCH (l:ProjectLink) WHERE l.calloutId IN $ids AND l.projectId = $projectId RETURN l {.*} AS l`, {
          projectId,
          ids: [...calloutIds],
        })
      ).map((r) => toLink(r.l));
    },

    async listLinks(projectId) {
      return (await run(`MATCH (l:ProjectLink {projectId: $projectId}) RETURN l {.*} AS l`, { projectId })).map((r) =>
        toLink(r.l),
      );
    },

    async searchText(projectId, match, limit) {
      const rows = await run(
        `CALL db.index.fulltext.queryNodes('project_entity_text', $q) YIELD node AS e, score WHERE e.projectId = $projectId
         RETURN e.id AS id, score ORDER BY score DESC LIMIT $limit`,
        { q: match, projectId, limit: int(limit) },
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },

    async searchVector(projectId, embedding, limit) {
      // vector.similarity.cosine answers (1 + cos) / 2; the embedded store answers cos.
      const rows = await run(
        `MATCH (e:ProjectEntity {projectId: $projectId}) WHERE e.embedding IS NOT NULL AND coalesce(e.embeddingModel, '') = $model
         WITH e, vector.similarity.cosine(e.embedding, $v) AS s RETURN e.id AS id, 2 * s - 1 AS score ORDER BY score DESC LIMIT $limit`,
        { projectId, model: embedding.model, v: Array.from(embedding.vector), limit: int(limit) },
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },
  };
}
