// ProjectGraphStore on the embedded database (libSQL): the shared SQL store (sql-store.ts) with
// SQLite's dialect: FTS5 (BM25, Porter stemming) over entity label and text, embeddings in an
// F32_BLOB column scanned exactly within the project (migration 20261124020000_projects).
import type { Database } from '../../../../core/db/client.ts';
import type { ProjectGraphStore } from './project-graph-store.ts';
import { createSqlProjectStore, type Row, type SqlDialect } from './sql-store.ts';

/** vector32 takes the little-endian float32 blob. */
const blob = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

export function libsqlDialect(db: Database): SqlDialect {
  const query = <T = Row>(sql: string, ...args: unknown[]) => db.$queryRawUnsafe<T[]>(sql, ...args);
  return {
    query,
    exec: (sql, ...args) => db.$executeRawUnsafe(sql, ...args),
    jsonObject: (pairs) => `json_object(${pairs})`,
    newId: 'lower(hex(randomblob(16)))',
    vector: { sql: 'vector32(?)', arg: blob },
    noIndex: (column) => `+${column}`,
    byteOrder: (column) => column,
    relationshipOrder: 'rowid',
    textFilter: (match) => ({
      from: `"ProjectEntityFts" JOIN "ProjectEntity" e ON e."seq" = "ProjectEntityFts".rowid`,
      where: `"ProjectEntityFts" MATCH ?`,
      order: `ORDER BY bm25("ProjectEntityFts"), e."seq"`,
      args: [match],
    }),
    async searchText(projectId, match, limit) {
      const rows = await query<{ id: string; score: number }>(
        `SELECT e."id", -bm25("ProjectEntityFts", 2.0, 1.0) AS score FROM "ProjectEntityFts" JOIN "ProjectEntity" e ON e."seq" = "ProjectEntityFts".rowid
          WHERE "ProjectEntityFts" MATCH ? AND +e."projectId" = ? ORDER BY score DESC LIMIT ?`,
        match,
        projectId,
        limit,
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },
    async searchVector(projectId, embedding, limit) {
      const rows = await query<{ id: string; score: number }>(
        `SELECT e."id", 1 - vector_distance_cos(e."embedding", vector32(?)) AS score FROM "ProjectEntity" e
          WHERE e."projectId" = ? AND e."embedding" IS NOT NULL AND e."embeddingModel" = ? ORDER BY score DESC LIMIT ?`,
        blob(embedding.vector),
        projectId,
        embedding.model,
        limit,
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },
  };
}

export const createLibsqlProjectStore = (db: Database): ProjectGraphStore =>
  createSqlProjectStore(db, libsqlDialect(db));
