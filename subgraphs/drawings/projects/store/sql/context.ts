// The database and its dialect, with the statements every part of the SQL store builds on:
// multi-row inserts, id lists in chunks, and the project's stored counts.
import type { Database } from '../../../../../core/db/client.ts';
import type { SqlDialect } from './dialect.ts';
import { BATCH, CHUNK, num, ph } from './rows.ts';

export interface SqlContext {
  db: Database;
  dialect: SqlDialect;
  query: SqlDialect['query'];
  exec: SqlDialect['exec'];
  noIndex: SqlDialect['noIndex'];
  count(sql: string, ...args: unknown[]): Promise<number>;
  /** Multi-row INSERT statements for `rows`, `columns.length` values each; `values` is the SQL of one row's values when a column needs an expression. */
  inserts(table: string, columns: string[], rows: unknown[][], values?: string): ReturnType<SqlDialect['exec']>[];
  inChunks<T>(ids: readonly string[], run: (chunk: string[]) => Promise<T[]>): Promise<T[]>;
  /**
   * The statement that recounts a project's graph into Project.counts (read by stats) and marks
   * it updated; run last in the transaction that changed the graph, so the counts never lag it.
   * Each count is one index range of the project.
   */
  refreshCounts(projectId: string): ReturnType<SqlDialect['exec']>;
}

export function sqlContext(db: Database, dialect: SqlDialect): SqlContext {
  const { query, exec, noIndex } = dialect;
  return {
    db,
    dialect,
    query,
    exec,
    noIndex,
    count: async (sql, ...args) => num((await query<{ n: unknown }>(sql, ...args))[0]?.n),
    inserts(table, columns, rows, values = `(${ph(columns.length)})`) {
      const out = [];
      const cols = columns.map((c) => `"${c}"`).join(', ');
      for (let i = 0; i < rows.length; i += BATCH) {
        const chunk = rows.slice(i, i + BATCH);
        out.push(
          exec(`INSERT INTO "${table}" (${cols}) VALUES ${chunk.map(() => values).join(', ')}`, ...chunk.flat()),
        );
      }
      return out;
    },
    async inChunks(ids, run) {
      const out = [];
      for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await run(ids.slice(i, i + CHUNK))));
      return out;
    },
    refreshCounts(projectId) {
      return exec(
        `UPDATE "Project" SET "updatedAt" = ?2, "counts" = ${dialect.jsonObject(`
         'sheetCount', (SELECT COUNT(*) FROM "ProjectSheet" WHERE "projectId" = ?1),
         'entityCount', (SELECT COUNT(*) FROM "ProjectEntity" WHERE "projectId" = ?1),
         'relCount', (SELECT COUNT(*) FROM "ProjectRelationship" WHERE "projectId" = ?1),
         'communityCount', (SELECT COUNT(*) FROM "ProjectCommunity" WHERE "projectId" = ?1),
         'resolved', (SELECT COUNT(*) FROM "ProjectLink" WHERE "projectId" = ?1 AND "status" = 'resolved'),
         'dangling', (SELECT COUNT(*) FROM "ProjectLink" WHERE "projectId" = ?1 AND "status" = 'dangling')`)}
       WHERE "id" = ?1`,
        projectId,
        new Date().toISOString(),
      );
    },
  };
}
