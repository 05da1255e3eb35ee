// Sheets read by page, number and id; a sheet's graph written (sheet-write.ts).
import { ph, toSheet } from './rows.ts';
import { writeSheet } from './sheet-write.ts';
import type { SheetRecords } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';

export function sqlSheets(s: SqlContext): SheetRecords {
  const { dialect, query, count, inChunks } = s;
  return {
    async sheetAt(projectId, fileHash, page) {
      const r = (
        await query(
          `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? AND "fileHash" = ? AND "page" = ?`,
          projectId,
          fileHash,
          page,
        )
      )[0];
      return r ? toSheet(r) : null;
    },

    writeSheet: (w) => writeSheet(s, w),
    async listSheets(projectId, offset, limit) {
      const rows = await query(
        `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? ORDER BY "normNumber" IS NULL, ${dialect.byteOrder('"normNumber"')}, "fileHash", "page" LIMIT ? OFFSET ?`,
        projectId,
        limit,
        offset,
      );
      return {
        items: rows.map(toSheet),
        total: await count(`SELECT COUNT(*) AS n FROM "ProjectSheet" WHERE "projectId" = ?`, projectId),
      };
    },

    async sheetsByIds(ids) {
      return inChunks(ids, async (c) =>
        (await query(`SELECT * FROM "ProjectSheet" WHERE "id" IN (${ph(c.length)})`, ...c)).map(toSheet),
      );
    },

    async sheetByNumber(projectId, normNumber) {
      const r = (
        await query(
          `SELECT * FROM "ProjectSheet" WHERE "projectId" = ? AND "normNumber" = ? LIMIT 1`,
          projectId,
          normNumber,
        )
      )[0];
      return r ? toSheet(r) : null;
    },
  };
}
