// Projects: created, read, listed, deleted with everything they hold, and their figures.
import type { ProjectStats } from '../../model.ts';
import { num, toProject } from './rows.ts';
import type { ProjectRecords } from '../project-graph-store.ts';
import type { SqlContext } from './context.ts';

export function sqlProjects(s: SqlContext): ProjectRecords {
  const { db, query, exec, count } = s;
  return {
    async createProject(p) {
      await exec(
        `INSERT INTO "Project" ("id", "accountId", "name", "description", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)`,
        p.id,
        p.accountId,
        p.name,
        p.description,
        p.createdAt,
        p.updatedAt,
      );
      return p;
    },

    async getProject(accountId, id) {
      const rows = await query(`SELECT * FROM "Project" WHERE "id" = ? AND "accountId" = ?`, id, accountId);
      return rows[0] ? toProject(rows[0]) : null;
    },

    async listProjects(accountId, offset, limit) {
      return (
        await query(
          `SELECT * FROM "Project" WHERE "accountId" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT ? OFFSET ?`,
          accountId,
          limit,
          offset,
        )
      ).map(toProject);
    },

    async deleteProject(accountId, id) {
      if (!(await this.getProject(accountId, id))) return null;
      const keys = (
        await query<{ storageKey: string }>(`SELECT "storageKey" FROM "ProjectFile" WHERE "projectId" = ?`, id)
      ).map((r) => String(r.storageKey));
      await db.$transaction([
        ...[
          'ProjectRelationship',
          'ProjectLink',
          'ProjectEntity',
          'ProjectSheet',
          'ProjectCommunity',
          'ProjectIngestion',
          'ProjectFile',
        ].map((t) => exec(`DELETE FROM "${t}" WHERE "projectId" = ?`, id)),
        exec(`DELETE FROM "Project" WHERE "id" = ?`, id),
      ]);
      return keys;
    },

    async stats(project) {
      const id = project.id;
      // The graph's counts are stored with the project when a sheet or the communities change
      // (refreshCounts); counting a large project on every read would not stay under 50 ms.
      const [row] = await query<{ counts: string | null }>(`SELECT "counts" FROM "Project" WHERE "id" = ?`, id);
      const c = {
        sheetCount: 0,
        entityCount: 0,
        relCount: 0,
        communityCount: 0,
        resolved: 0,
        dangling: 0,
        ...(row?.counts ? JSON.parse(row.counts) : {}),
      } as Record<string, number>;
      const pages = await count(
        `SELECT COALESCE(SUM("pageCount"), 0) AS n FROM "ProjectFile" WHERE "projectId" = ?`,
        id,
      );
      const ingestions: Record<string, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0 };
      for (const r of await query<{ status: string; n: unknown }>(
        `SELECT "status", COUNT(*) AS n FROM "ProjectIngestion" WHERE "projectId" = ? GROUP BY "status"`,
        id,
      ))
        ingestions[String(r.status)] = num(r.n);
      const usage = { pagesIngested: 0, searches: 0 };
      for (const r of await query<{ kind: string; n: unknown }>(
        `SELECT "kind", SUM("units") AS n FROM "ProjectUsage" WHERE "projectId" = ? GROUP BY "kind"`,
        id,
      )) {
        if (r.kind === 'page_ingested') usage.pagesIngested = num(r.n);
        if (r.kind === 'search') usage.searches = num(r.n);
      }
      const ps: ProjectStats = {
        sheetCount: c.sheetCount!,
        entityCount: c.entityCount!,
        relCount: c.relCount!,
        communityCount: c.communityCount!,
        pageCount: pages,
        ingestions,
        links: { resolved: c.resolved!, dangling: c.dangling! },
        usage,
      };
      return ps;
    },
  };
}
