import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { applyMigrations, readMigrations, splitStatements } from '../../../core/db/migrate.ts';
import { tempDir } from '../../helpers/server.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: `file:${path.join(tempDir(), 'm.db')}` });
});
afterAll(() => db.$disconnect());

describe('migrations', () => {
  it("are applied once and recorded in Prisma's table", async () => {
    const names = readMigrations().map((m) => m.name);
    const recorded = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(names);
    expect(await applyMigrations(db)).toEqual([]);
  });

  it('split statements without breaking trigger bodies', () => {
    const sql = `-- c\nCREATE TABLE a (x);\nCREATE TRIGGER t AFTER INSERT ON a BEGIN INSERT INTO b VALUES (1); INSERT INTO b VALUES (2); END;\nCREATE INDEX i ON a(x);`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toMatch(/^CREATE TRIGGER[\s\S]*END;$/);
  });

  it('run in WAL mode with a busy timeout and synchronous=NORMAL', async () => {
    const [mode] = await db.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
    expect(mode!.journal_mode).toBe('wal');
    const [busy] = await db.$queryRawUnsafe<{ timeout: number }[]>('PRAGMA busy_timeout');
    expect(Number(busy!.timeout)).toBe(5000);
    const [sync] = await db.$queryRawUnsafe<{ synchronous: number }[]>('PRAGMA synchronous');
    expect(Number(sync!.synchronous)).toBe(1); // NORMAL
  });
});

describe('libSQL capabilities the search and memory issues rely on', () => {
  it('has FTS5 full-text search', async () => {
    await db.$executeRawUnsafe('CREATE VIRTUAL TABLE passages USING fts5(body)');
    await db.$executeRawUnsafe(
      `INSERT INTO passages(body) VALUES ('shear strength of concrete'), ('wind load on roofs')`,
    );
    const rows = await db.$queryRawUnsafe<{ body: string }[]>(
      `SELECT body FROM passages WHERE passages MATCH 'shear' ORDER BY bm25(passages)`,
    );
    expect(rows.map((r) => r.body)).toEqual(['shear strength of concrete']);
  });

  it('has vector functions and vector indexes (vector32, vector_top_k)', async () => {
    await db.$executeRawUnsafe('CREATE TABLE emb (id INTEGER PRIMARY KEY, v F32_BLOB(3))');
    await db.$executeRawUnsafe('CREATE INDEX emb_idx ON emb (libsql_vector_idx(v))');
    await db.$executeRawUnsafe(
      `INSERT INTO emb (id, v) VALUES (1, vector32('[1,0,0]')), (2, vector32('[0,1,0]')), (3, vector32('[0.9,0.1,0]'))`,
    );
    const top = await db.$queryRawUnsafe<{ id: number }[]>(
      `SELECT id FROM vector_top_k('emb_idx', vector32('[1,0,0]'), 2)`,
    );
    expect(top.map((r) => Number(r.id)).sort()).toEqual([1, 3]);
    const [d] = await db.$queryRawUnsafe<{ d: number }[]>(
      `SELECT vector_distance_cos(vector32('[1,0,0]'), vector32('[0,1,0]')) AS d`,
    );
    expect(d!.d).toBeCloseTo(1, 5);
  });
});
