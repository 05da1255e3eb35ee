// libSQL's approximate vector index of one store, in a side table of one width
// ("<base>_<dimensions>": id, embedding F32_BLOB(n), a libsql_vector_idx, and a
// trigger that removes a row with its parent row). A libsql_vector_idx takes its
// width from the column's declared type and refuses other widths, so a model of
// another width gets a new side table; "VectorSpace" records which model's
// vectors the side table holds, so a store never indexes two models together.
// The parent table keeps every row's own vector and tag for exact scans.
import type { Database } from '../db/client.ts';
import { checkModelTag } from './model-vector.ts';

/** Statements on a connection or inside a transaction (the memory store's Sql has this shape). */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, ...args: unknown[]): Promise<T[]>;
  exec(sql: string, ...args: unknown[]): Promise<number>;
}

/** Runs work in one transaction. */
export type InTransaction = (work: (sql: SqlClient) => Promise<void>) => Promise<void>;

/** A Database's statements and transactions in those shapes. */
export function onDatabase(db: Database): { sql: SqlClient; transaction: InTransaction } {
  const on = (c: Pick<Database, '$queryRawUnsafe' | '$executeRawUnsafe'>): SqlClient => ({
    query: <T>(sql: string, ...args: unknown[]) => c.$queryRawUnsafe<T[]>(sql, ...args),
    exec: (sql: string, ...args: unknown[]) => c.$executeRawUnsafe(sql, ...args),
  });
  return {
    sql: on(db),
    transaction: (work) => db.$transaction((tx) => work(on(tx)), { maxWait: 30_000, timeout: 300_000 }),
  };
}

export interface SideTable {
  name: string;
  index: string;
  model: string;
  dimensions: number;
}

export interface SideTableSpec {
  /** e.g. "MemoryFactVector". */
  base: string;
  /** The table whose integer "id" the side table's rows share. */
  parent: string;
  /** libsql_vector_idx options, e.g. 'max_neighbors=16', 'insert_l=32'. */
  indexOptions: string;
}

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const ident = (name: string) => {
  if (!IDENT.test(name)) throw new Error(`not an identifier: ${name}`);
  return name;
};

export async function activeSideTable(db: SqlClient, base: string): Promise<SideTable | null> {
  const [row] = await db.query<{ name: string; model: string; dimensions: number | bigint }>(
    `SELECT "name", "model", "dimensions" FROM "VectorSpace" WHERE "base" = ? LIMIT 1`,
    base,
  );
  return row
    ? { name: row.name, index: `${row.name}_idx`, model: row.model, dimensions: Number(row.dimensions) }
    : null;
}

/**
 * Replaces the store's side table with an empty one for `model`'s vectors (the caller fills it from
 * the parent's rows of that model). One transaction: a reader sees the old table or the new one.
 */
export async function activateSideTable(
  transaction: InTransaction,
  spec: SideTableSpec,
  model: string,
  dimensions: number,
): Promise<SideTable> {
  checkModelTag(model);
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 65_536)
    throw new Error(`bad vector width ${dimensions}`);
  const name = ident(`${spec.base}_${dimensions}`);
  const parent = ident(spec.parent);
  await transaction(async (tx) => {
    const old = await tx.query<{ name: string }>(`SELECT "name" FROM "VectorSpace" WHERE "base" = ?`, spec.base);
    for (const { name: t } of [...old, { name }]) {
      await tx.exec(`DROP TRIGGER IF EXISTS "${ident(t)}_ad"`);
      await tx.exec(`DROP INDEX IF EXISTS "${ident(t)}_idx"`);
      await tx.exec(`DROP TABLE IF EXISTS "${ident(t)}"`);
    }
    await tx.exec(`DELETE FROM "VectorSpace" WHERE "base" = ?`, spec.base);
    await tx.exec(
      `CREATE TABLE "${name}" ("id" INTEGER NOT NULL PRIMARY KEY, "embedding" F32_BLOB(${dimensions}) NOT NULL)`,
    );
    await tx.exec(
      `CREATE INDEX "${name}_idx" ON "${name}"(libsql_vector_idx("embedding", 'compress_neighbors=float8', ${spec.indexOptions}))`,
    );
    await tx.exec(
      `CREATE TRIGGER "${name}_ad" AFTER DELETE ON "${parent}" BEGIN DELETE FROM "${name}" WHERE "id" = old."id"; END`,
    );
    await tx.exec(
      `INSERT INTO "VectorSpace" ("name", "base", "model", "dimensions") VALUES (?, ?, ?, ?)`,
      name,
      spec.base,
      model,
      dimensions,
    );
  });
  return { name, index: `${name}_idx`, model, dimensions };
}

/** Whether the parent holds a row of another model than `model` (a re-embedding is pending). */
export async function hasOtherModel(db: SqlClient, parent: string, model: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM "${ident(parent)}" WHERE "embeddingModel" <> ? LIMIT 1`, model);
  return rows.length > 0;
}
