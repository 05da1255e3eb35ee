// The embedding-model migration on a PostgreSQL database that already holds vectors: the 256-wide
// typed columns become untyped, rows written before keep their vector and get the tag '' (which
// the re-embedding job then replaces), and the old HNSW indexes are gone (per-model ones replace them).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS_DIR } from '../../core/db/postgres/migrate.ts';
import { readMigrations } from '../../core/db/migrate.ts';
import { admin, databaseUrl, dropDatabase, TEST_DATABASE_PREFIX, TEST_POSTGRES_URL } from '../helpers/postgres.ts';

const MIGRATION = '20261129120000_embedding_model';

describe.runIf(TEST_POSTGRES_URL)(`migration ${MIGRATION} on PostgreSQL with data`, () => {
  const name = `${TEST_DATABASE_PREFIX}${randomUUID().replace(/-/g, '')}`;
  let client: pg.Client;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    client = new pg.Client({ connectionString: databaseUrl(name) });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await dropDatabase(name);
  });

  it("keeps every stored vector, tags it '' and leaves no index of one width", async () => {
    const migrations = readMigrations(POSTGRES_MIGRATIONS_DIR);
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    for (const m of migrations.slice(0, at)) await client.query(m.sql);
    const values = Array.from({ length: 256 }, (_, i) => (i % 7) / 8);
    const vector = `[${values.join(',')}]`;
    await client.query(
      `INSERT INTO "MemoryFact" ("uuid", "accountId", "groupId", "sourceUuid", "targetUuid", "name", "fact", "normFact", "createdAt", "embedding")
       VALUES ('f1', 'a', 'g', 's', 't', 'USES', 'Beam B7 uses a W16x26', 'beam b7 uses a w16x26', '2026-01-01', $1)`,
      [vector],
    );
    await client.query(migrations[at]!.sql);
    const { rows } = await client.query(
      `SELECT "embeddingModel" AS model, vector_dims("embedding") AS dims, "embedding"::text AS v FROM "MemoryFact"`,
    );
    expect(rows).toEqual([{ model: '', dims: 256, v: expect.any(String) }]);
    expect(JSON.parse(rows[0].v)).toEqual(values);
    // A vector of another width now fits the same column.
    await client.query(`UPDATE "MemoryFact" SET "embedding" = '[1,0,0]', "embeddingModel" = 'other-3'`);
    const idx = await client.query(
      `SELECT indexname::text FROM pg_indexes WHERE indexname IN ('MemoryFact_embedding_idx', 'CodePassage_embedding_idx')`,
    );
    expect(idx.rows).toEqual([]);
  });
});
