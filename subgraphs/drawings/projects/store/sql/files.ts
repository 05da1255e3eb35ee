// A project's files, the ingestion of their pages and the usage it is billed for.
import { num } from './rows.ts';
import type { FileRecords } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';

export function sqlFiles(s: SqlContext): FileRecords {
  const { query, exec, count } = s;
  return {
    async putFile(f) {
      await exec(
        `INSERT INTO "ProjectFile" ("projectId", "hash", "size", "pageCount", "storageKey", "uploadedAt") VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        f.projectId,
        f.hash,
        f.size,
        f.pageCount,
        f.storageKey,
        new Date().toISOString(),
      );
    },

    async getFile(projectId, hash) {
      const r = (await query(`SELECT * FROM "ProjectFile" WHERE "projectId" = ? AND "hash" = ?`, projectId, hash))[0];
      return r
        ? { projectId, hash, size: num(r.size), pageCount: num(r.pageCount), storageKey: String(r.storageKey) }
        : null;
    },

    async recordIngestion(row) {
      await exec(
        `INSERT INTO "ProjectIngestion" ("jobId", "projectId", "fileHash", "page", "status", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)`,
        row.jobId,
        row.projectId,
        row.fileHash,
        row.page,
        row.status,
        new Date().toISOString(),
      );
    },

    async updateIngestion(jobId, status, sheetId, error) {
      await exec(
        `UPDATE "ProjectIngestion" SET "status" = ?, "sheetId" = ?, "error" = ?, "updatedAt" = ? WHERE "jobId" = ?`,
        status,
        sheetId,
        error,
        new Date().toISOString(),
        jobId,
      );
    },

    async unfinishedIngestions(projectId) {
      return count(
        `SELECT COUNT(*) AS n FROM "ProjectIngestion" WHERE "projectId" = ? AND "status" IN ('pending', 'in_progress')`,
        projectId,
      );
    },

    async recordUsage(accountId, projectId, kind, units, at) {
      await exec(
        `INSERT INTO "ProjectUsage" ("accountId", "projectId", "kind", "units", "at") VALUES (?, ?, ?, ?, ?)`,
        accountId,
        projectId,
        kind,
        units,
        at,
      );
    },
  };
}
