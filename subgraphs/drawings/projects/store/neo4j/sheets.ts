// Sheets read by page, number and id; a sheet's graph written (sheet-write.ts).
import { int, toSheet } from './rows.ts';
import { writeSheet } from './sheet-write.ts';
import type { SheetRecords } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

export function neo4jSheets(s: Neo4jContext): SheetRecords {
  const { run, count } = s;
  return {
    async sheetAt(projectId, fileHash, page) {
      const [r] = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId, fileHash: $fileHash, page: $page}) RETURN s {.*} AS s`,
        { projectId, fileHash, page },
      );
      return r ? toSheet(r.s) : null;
    },

    writeSheet: (w) => writeSheet(s, w),

    async listSheets(projectId, offset, limit) {
      const rows = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId}) RETURN s {.*} AS s ORDER BY s.normNumber IS NULL, s.normNumber, s.fileHash, s.page SKIP $offset LIMIT $limit`,
        { projectId, offset: int(offset), limit: int(limit) },
      );
      return {
        items: rows.map((r) => toSheet(r.s)),
        total: await count(`MATCH (s:ProjectSheet {projectId: $projectId}) RETURN count(s) AS n`, { projectId }),
      };
    },

    async sheetsByIds(ids) {
      if (!ids.length) return [];
      return (await run(`MATCH (s:ProjectSheet) WHERE s.id IN $ids RETURN s {.*} AS s`, { ids: [...ids] })).map((r) =>
        toSheet(r.s),
      );
    },

    async sheetByNumber(projectId, normNumber) {
      const [r] = await run(
        `MATCH (s:ProjectSheet {projectId: $projectId, normNumber: $normNumber}) RETURN s {.*} AS s LIMIT 1`,
        { projectId, normNumber },
      );
      return r ? toSheet(r.s) : null;
    },
  };
}
