// The fact embeddings on PostgreSQL: pgvector values, and nearest neighbours through one HNSW
// index per model (kept on write, so nothing waits to be indexed). A vector read compares only
// facts of the query's model ("embeddingModel").
import {
  dropOtherPgVectorIndexes,
  ensurePgVectorIndex,
  pgVectorSql,
  type PgVectorIndexSpec,
} from '../../../../core/embedding/postgres-vector-index.ts';
import { vectorText } from '../../../../core/db/postgres/sql.ts';
import { scopeSql, type MemoryDialect, type VectorIndex } from '../sql/dialect.ts';
import { filterSql } from '../sql/fragments.ts';
import { toRanked } from '../sql/ranking.ts';

/** The HNSW options of the fact index (as before models were tagged). */
const FACT_INDEX: PgVectorIndexSpec = { table: 'MemoryFact', options: 'm = 16, ef_construction = 64' };

export function postgresVectorIndex(base: MemoryDialect): VectorIndex {
  const indexed = new Set<string>();
  return {
    async nearestFacts(scope, embedding, filter, limit) {
      // One statement whatever the scope's size: the planner scans a small scope through its
      // index exactly, or walks the model's HNSW index with iterative scans until `limit` facts of the
      // scope are found (core/db/postgres/open.ts). No batching: the index is kept on write.
      const s = scopeSql(base, scope, 'f');
      const fl = filterSql(filter, 'f');
      const v = vectorText(embedding.vector);
      const m = pgVectorSql('f', embedding.model, embedding.vector.length);
      // Equal distances are put in storing order outside the index query: a second ORDER BY key
      // there would make the planner sort every fact of the scope instead of walking the index.
      const rows = await base.query<{ uuid: string; score: number }>(
        `SELECT "uuid", "score" FROM (
           SELECT f."uuid", f."id", 1 - (${m.expr} <=> ?${m.cast}) AS "score" FROM "MemoryFact" f
            WHERE ${s.sql} AND ${m.predicate}${fl.sql} ORDER BY ${m.expr} <=> ?${m.cast} LIMIT ?) nearest
          ORDER BY "score" DESC, "id"`,
        v,
        ...s.args,
        ...fl.args,
        v,
        limit,
      );
      return toRanked(rows);
    },

    async indexFactVectors(_batchRows, space) {
      // PostgreSQL keeps the HNSW index on write; the model's own index is made once.
      const key = `${space.model}/${space.dimensions}`;
      if (!indexed.has(key)) {
        await ensurePgVectorIndex(base, FACT_INDEX, space.model, space.dimensions);
        indexed.add(key);
      }
      return 0;
    },

    async activateFactVectors(space) {
      await ensurePgVectorIndex(base, FACT_INDEX, space.model, space.dimensions);
      await dropOtherPgVectorIndexes(base, FACT_INDEX.table, space.model, space.dimensions);
    },
  };
}
