// Projects: created, read, listed, deleted with everything they own, and their figures.
import { int, num, toProject } from './rows.ts';
import type { ProjectRecords } from '../project-graph-store.ts';
import type { Neo4jContext } from './context.ts';

/** Labels of everything a project owns, deleted with it. */
const OWNED = [
  'ProjectEntity',
  'ProjectSheet',
  'ProjectLink',
  'ProjectFile',
  'ProjectIngestion',
  'ProjectCommunity',
  'ProjectUsage',
];

export function neo4jProjects(s: Neo4jContext): ProjectRecords {
  const { run, transaction } = s;
  return {
    async createProject(p) {
      await run(
        `CREATE (:Project {id: $id, accountId: $accountId, name: $name, description: $description, createdAt: $createdAt, updatedAt: $updatedAt})`,
        { ...p },
      );
      return p;
    },

    async getProject(accountId, id) {
      const [row] = await run(`MATCH (p:Project {id: $id}) WHERE p.accountId = $accountId RETURN p {.*} AS p`, {
        id,
        accountId,
      });
      return row ? toProject(row.p) : null;
    },

    async listProjects(accountId, offset, limit) {
      const rows = await run(
        `MATCH (p:Project) WHERE p.accountId = $accountId RETURN p {.*} AS p ORDER BY p.createdAt DESC, p.id DESC SKIP $offset LIMIT $limit`,
        {
          accountId,
          offset: int(offset),
          limit: int(limit),
        },
      );
      return rows.map((r) => toProject(r.p));
    },

    async deleteProject(accountId, id) {
      if (!(await this.getProject(accountId, id))) return null;
      const keys = (await run(`MATCH (f:ProjectFile {projectId: $id}) RETURN f.storageKey AS key`, { id })).map((r) =>
        String(r.key),
      );
      await transaction(async (tx) => {
        for (const label of OWNED) await tx.run(`MATCH (n:${label} {projectId: $id}) DETACH DELETE n`, { id });
        await tx.run(`MATCH (p:Project {id: $id}) DETACH DELETE p`, { id });
      });
      return keys;
    },

    async stats(project) {
      const id = project.id;
      const [c] = await run(
        `CALL { MATCH (s:ProjectSheet {projectId: $id}) RETURN count(s) AS sheets }
         CALL { MATCH (e:ProjectEntity {projectId: $id}) RETURN count(e) AS entities }
         CALL { MATCH (:ProjectEntity {projectId: $id})-[r]->() WHERE r.projectId = $id RETURN count(r) AS rels }
         CALL { MATCH (k:ProjectCommunity {projectId: $id}) RETURN count(k) AS communities }
         CALL { MATCH (l:ProjectLink {projectId: $id}) RETURN sum(CASE WHEN l.status = 'resolved' THEN 1 ELSE 0 END) AS resolved, sum(CASE WHEN l.status = 'dangling' THEN 1 ELSE 0 END) AS dangling }
         CALL { MATCH (f:ProjectFile {projectId: $id}) RETURN sum(f.pageCount) AS pages }
         RETURN sheets, entities, rels, communities, resolved, dangling, pages`,
        { id },
      );
      const ingestions: Record<string, number> = { pending: 0, in_progress: 0, completed: 0, failed: 0 };
      for (const r of await run(
        `MATCH (i:ProjectIngestion {projectId: $id}) RETURN i.status AS status, count(i) AS n`,
        { id },
      ))
        ingestions[String(r.status)] = num(r.n);
      const usage = { pagesIngested: 0, searches: 0 };
      for (const r of await run(`MATCH (u:ProjectUsage {projectId: $id}) RETURN u.kind AS kind, sum(u.units) AS n`, {
        id,
      })) {
        if (r.kind === 'page_ingested') usage.pagesIngested = num(r.n);
        if (r.kind === 'search') usage.searches = num(r.n);
      }
      return {
        sheetCount: num(c?.sheets),
        entityCount: num(c?.entities),
        relCount: num(c?.rels),
        communityCount: num(c?.communities),
        pageCount: num(c?.pages),
        ingestions,
        links: { resolved: num(c?.resolved), dangling: num(c?.dangling) },
        usage,
      };
    },
  };
}
