// pgvector's HNSW index of one store, per model. The "embedding" columns are
// untyped `vector` (any width), each row tagged with its model; an HNSW index
// needs one width, so each model gets a partial expression index
// ((embedding::vector(n)) WHERE "embeddingModel" = '<model>'), the form
// pgvector documents for vectors of several widths in one column. A query
// names the same expression and predicate, so the planner walks the model's
// own index and never meets another model's rows. An index is made while the
// re-embedding fills it (CREATE INDEX CONCURRENTLY: writes go on), and the old
// model's is dropped when the re-embedding ends.
import crypto from 'node:crypto';
import { checkModelTag } from './model-vector.ts';

export interface PgClient {
  query<T = Record<string, unknown>>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): PromiseLike<number>;
}

export interface PgVectorIndexSpec {
  table: string;
  /** HNSW build options, e.g. 'm = 16, ef_construction = 64'. */
  options: string;
}

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The index's name: the table, and a digest of the model and width (identifiers stop at 63 bytes). */
export function pgVectorIndexName(table: string, model: string, dimensions: number): string {
  if (!IDENT.test(table)) throw new Error(`not an identifier: ${table}`);
  const digest = crypto.createHash('sha256').update(`${model}\u0000${dimensions}`).digest('hex').slice(0, 12);
  return `${table}_vec_${digest}`;
}

/** The SQL pieces a nearest-neighbour read uses: `${expr} <=> ?::vector(n)` ordered, `${predicate}` in its WHERE. */
export function pgVectorSql(
  alias: string,
  model: string,
  dimensions: number,
): { expr: string; cast: string; predicate: string } {
  checkModelTag(model);
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000)
    throw new Error(`bad vector width ${dimensions}`);
  return {
    expr: `(${alias}."embedding"::vector(${dimensions}))`,
    cast: `::vector(${dimensions})`,
    predicate: `${alias}."embeddingModel" = '${model}'`,
  };
}

/** Creates the model's index if it is missing (concurrently: the table stays writable). */
export async function ensurePgVectorIndex(
  sql: PgClient,
  spec: PgVectorIndexSpec,
  model: string,
  dimensions: number,
): Promise<void> {
  const name = pgVectorIndexName(spec.table, model, dimensions);
  checkModelTag(model);
  // A concurrent build that was interrupted leaves an invalid index behind, which IF NOT EXISTS would keep.
  const [found] = await sql.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.relname = ?::text`,
    name,
  );
  if (found?.valid) return;
  if (found) await sql.exec(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
  await sql.exec(
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${name}" ON "${spec.table}" USING hnsw ((("embedding")::vector(${dimensions})) vector_cosine_ops) WITH (${spec.options}) WHERE "embeddingModel" = '${model}'`,
  );
}

/** Drops the table's vector indexes of every other model. */
export async function dropOtherPgVectorIndexes(
  sql: PgClient,
  table: string,
  model: string,
  dimensions: number,
): Promise<void> {
  const keep = pgVectorIndexName(table, model, dimensions);
  // ::text: pg_indexes' columns are of type name, which the driver adapter cannot read. starts_with: LIKE would read _ as a wildcard.
  const rows = await sql.query<{ indexname: string }>(
    `SELECT indexname::text AS indexname FROM pg_indexes WHERE tablename = ?::text AND starts_with(indexname::text, ?::text)`,
    table,
    `${table}_vec_`,
  );
  for (const r of rows) if (r.indexname !== keep) await sql.exec(`DROP INDEX CONCURRENTLY IF EXISTS "${r.indexname}"`);
}
