// Communities: the whole graph read for clustering, its communities replaced as one, and listed.
import { CHUNK, ph, toCommunity } from './rows.ts';
import type { GraphSnapshot, CommunityRecords } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';

export function sqlCommunities(s: SqlContext): CommunityRecords {
  const { db, dialect, exec, query, count, inserts, refreshCounts } = s;
  return {
    async graph(projectId): Promise<GraphSnapshot> {
      const nodes = (
        await query(
          `SELECT "id", "type", "label", "sheetId" FROM "ProjectEntity" WHERE "projectId" = ? ORDER BY "seq"`,
          projectId,
        )
      ).map((r) => ({
        id: String(r.id),
        type: String(r.type),
        label: String(r.label),
        sheetId: String(r.sheetId),
      }));
      const edges = (
        await query(
          `SELECT "sourceId", "targetId", "type" FROM "ProjectRelationship" WHERE "projectId" = ? ORDER BY ${dialect.relationshipOrder}`,
          projectId,
        )
      ).map((r) => ({
        source: String(r.sourceId),
        target: String(r.targetId),
        type: String(r.type),
      }));
      return { nodes, edges };
    },

    async replaceCommunities(projectId, communities, membership) {
      const byCommunity = new Map<string, string[]>();
      for (const [entity, c] of membership) byCommunity.set(c, [...(byCommunity.get(c) ?? []), entity]);
      const statements = [
        exec(`DELETE FROM "ProjectCommunity" WHERE "projectId" = ?`, projectId),
        exec(`UPDATE "ProjectEntity" SET "communityId" = NULL WHERE "projectId" = ?`, projectId),
        ...inserts(
          'ProjectCommunity',
          ['id', 'projectId', 'idx', 'title', 'summary', 'size', 'rank', 'details'],
          communities.map((c) => [
            c.id,
            projectId,
            c.index,
            c.title,
            c.summary,
            c.size,
            c.rank,
            JSON.stringify({
              sheets: c.sheets,
              disciplines: c.disciplines,
              topMembers: c.topMembers,
              topGrids: c.topGrids,
              llmSummary: c.llmSummary,
            }),
          ]),
        ),
      ];
      for (const [c, ids] of byCommunity) {
        for (let i = 0; i < ids.length; i += CHUNK) {
          const chunk = ids.slice(i, i + CHUNK);
          statements.push(
            exec(
              `UPDATE "ProjectEntity" SET "communityId" = ? WHERE "projectId" = ? AND "id" IN (${ph(chunk.length)})`,
              c,
              projectId,
              ...chunk,
            ),
          );
        }
      }
      statements.push(refreshCounts(projectId));
      await db.$transaction(statements);
    },

    async listCommunities(projectId, offset, limit) {
      const rows = await query(
        `SELECT * FROM "ProjectCommunity" WHERE "projectId" = ? ORDER BY "idx" LIMIT ? OFFSET ?`,
        projectId,
        limit,
        offset,
      );
      return {
        items: rows.map(toCommunity),
        total: await count(`SELECT COUNT(*) AS n FROM "ProjectCommunity" WHERE "projectId" = ?`, projectId),
      };
    },
  };
}
