// ProjectGraphStore on PostgreSQL (DATABASE_URL=postgres://…): the shared SQL store
// (sql-store.ts) with PostgreSQL's dialect: a stored tsvector with a GIN index (ranked with
// ts_rank_cd) where libSQL has FTS5, embeddings in a pgvector column scanned exactly within the
// project (prisma/postgresql/migrations/20261124200100_search_memory_projects).
import type { Database } from '../../../../core/db/client.ts';
import { pgSqlOn, tsQueryFromFts5, vectorText } from '../../../../core/db/postgres/sql.ts';
import type { ProjectGraphStore } from './project-graph-store.ts';
import { createSqlProjectStore, type SqlDialect } from './sql-store.ts';

/** ts_rank_cd's weights {D, C, B, A}: text (B) 1, label (A) 2, as libSQL's bm25(2, 1). */
const WEIGHTS = `'{0, 0, 0.5, 1}'`;

export function postgresDialect(db: Database): SqlDialect {
  const { query, exec } = pgSqlOn(db);
  return {
    query,
    exec,
    jsonObject: (pairs) => `json_build_object(${pairs})::text`,
    newId: `replace(gen_random_uuid()::text, '-', '')`,
    vector: { sql: '?::vector', arg: vectorText },
    noIndex: (column) => column,
    byteOrder: (column) => `${column} COLLATE "C"`,
    relationshipOrder: '"seq"',
    textFilter(fts5Match) {
      const match = tsQueryFromFts5(fts5Match);
      return match
        ? {
            from: `"ProjectEntity" e, to_tsquery('platform_english', ?) q`,
            where: `e."tsv" @@ q`,
            order: `ORDER BY ts_rank_cd(e."tsv", q) DESC, e."seq"`,
            args: [match],
          }
        : null;
    },
    async searchText(projectId, fts5Match, limit) {
      const match = tsQueryFromFts5(fts5Match);
      if (!match) return [];
      const rows = await query<{ id: string; score: number }>(
        `SELECT e."id", ts_rank_cd(${WEIGHTS}, e."tsv", q) AS score FROM "ProjectEntity" e, to_tsquery('platform_english', ?) q
          WHERE e."tsv" @@ q AND e."projectId" = ? ORDER BY score DESC, e."seq" LIMIT ?`,
        match,
        projectId,
        limit,
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },
    async searchVector(projectId, embedding, limit) {
      const rows = await query<{ id: string; score: number }>(
        `SELECT e."id", 1 - (e."embedding"::vector(${embedding.vector.length}) <=> ?::vector(${embedding.vector.length})) AS score FROM "ProjectEntity" e
          WHERE e."projectId" = ? AND e."embedding" IS NOT NULL AND e."embeddingModel" = ? ORDER BY score DESC, e."seq" LIMIT ?`,
        vectorText(embedding.vector),
        projectId,
        embedding.model,
        limit,
      );
      return rows.map((r) => ({ id: String(r.id), score: Number(r.score) }));
    },
  };
}

export const createPostgresProjectStore = (db: Database): ProjectGraphStore =>
  createSqlProjectStore(db, postgresDialect(db));
