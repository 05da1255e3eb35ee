// A project's files, the ingestion of their pages and the usage it is billed for.
import { num } from './rows.ts';
import type { FileRecords } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

export function neo4jFiles(s: Neo4jContext): FileRecords {
  const { run, count } = s;
  return {
    async putFile(f) {
      await run(
        `MERGE (x:ProjectFile {projectId: $projectId, hash: $hash})
         ON CREATE SET x.size = $size, x.pageCount = $pageCount, x.storageKey = $storageKey, x.uploadedAt = $at`,
        { ...f, at: new Date().toISOString() },
      );
    },

    async getFile(projectId, hash) {
      const [r] = await run(`MATCH (f:ProjectFile {projectId: $projectId, hash: $hash}) RETURN f {.*} AS f`, {
        projectId,
        hash,
      });
      return r
        ? { projectId, hash, size: num(r.f.size), pageCount: num(r.f.pageCount), storageKey: String(r.f.storageKey) }
        : null;
    },

    async recordIngestion(row) {
      await run(
        `CREATE (:ProjectIngestion {jobId: $jobId, projectId: $projectId, fileHash: $fileHash, page: $page, status: $status, updatedAt: $at})`,
        { ...row, at: new Date().toISOString() },
      );
    },

    async updateIngestion(jobId, status, sheetId, error) {
      await run(
        `MATCH (i:ProjectIngestion {jobId: $jobId}) SET i.status = $status, i.sheetId = $sheetId, i.error = $error, i.updatedAt = $at`,
        { jobId, status, sheetId, error, at: new Date().toISOString() },
      );
    },

    async unfinishedIngestions(projectId) {
      return count(
        `MATCH (i:ProjectIngestion {projectId: $projectId}) WHERE i.status IN ['pending', 'in_progress'] RETURN count(i) AS n`,
        { projectId },
      );
    },

    async recordUsage(accountId, projectId, kind, units, at) {
      await run(
        `CREATE (:ProjectUsage {accountId: $accountId, projectId: $projectId, kind: $kind, units: $units, at: $at})`,
        { accountId, projectId, kind, units, at },
      );
    },
  };
}
