// Communities: the whole graph read for clustering, its communities replaced as one, and listed.
import { int, toCommunity } from './rows.ts';
import type { CommunityRecords, GraphSnapshot } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

export function neo4jCommunities(s: Neo4jContext): CommunityRecords {
  const { run, transaction, count } = s;
  return {
    async graph(projectId): Promise<GraphSnapshot> {
      const nodes = (
        await run(
          `MATCH (e:ProjectEntity {projectId: $projectId}) RETURN e.id AS id, e.type AS type, e.label AS label, e.sheetId AS sheetId ORDER BY e.seq`,
          { projectId },
        )
      ).map((r) => ({ id: String(r.id), type: String(r.type), label: String(r.label), sheetId: String(r.sheetId) }));
      const edges = (
        await run(
          `MATCH (a:ProjectEntity {projectId: $projectId})-[r]->(b) WHERE r.projectId = $projectId RETURN a.id AS source, b.id AS target, type(r) AS type ORDER BY r.seq, r.id`,
          { projectId },
        )
      ).map((r) => ({ source: String(r.source), target: String(r.target), type: String(r.type) }));
      return { nodes, edges };
    },

    async replaceCommunities(projectId, communities, membership) {
      await transaction(async (tx) => {
        await tx.run(`MATCH (c:ProjectCommunity {projectId: $projectId}) DELETE c`, { projectId });
        await tx.run(
          `MATCH (e:ProjectEntity {projectId: $projectId}) WHERE e.communityId IS NOT NULL SET e.communityId = null`,
          { projectId },
        );
        await tx.run(`UNWIND $rows AS row CREATE (c:ProjectCommunity) SET c = row`, {
          rows: communities.map((c) => ({
            id: c.id,
            projectId,
            idx: c.index,
            title: c.title,
            summary: c.summary,
            llmSummary: c.llmSummary,
            size: c.size,
            rank: c.rank,
            details: JSON.stringify({
              sheets: c.sheets,
              disciplines: c.disciplines,
              topMembers: c.topMembers,
              topGrids: c.topGrids,
            }),
          })),
        });
        await tx.run(
          `UNWIND $rows AS row MATCH (e:ProjectEntity {id: row.entity}) WHERE e.projectId = $projectId SET e.communityId = row.community`,
          {
            projectId,
            rows: [...membership].map(([entity, community]) => ({ entity, community })),
          },
        );
      });
    },

    async listCommunities(projectId, offset, limit) {
      const rows = await run(
        `MATCH (c:ProjectCommunity {projectId: $projectId}) RETURN c {.*} AS c ORDER BY c.idx SKIP $offset LIMIT $limit`,
        { projectId, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toCommunity(r.c)),
        total: await count(`MATCH (c:ProjectCommunity {projectId: $projectId}) RETURN count(c) AS n`, { projectId }),
      };
    },
  };
}
