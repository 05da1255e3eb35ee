// Transactions reuse their SQLite connections (core/db/transaction-connections.ts):
// @libsql/client opened a new connection for every transaction and the driver
// kept each one's files and native memory until V8 collected it (0.29 MB and
// two file descriptors per transaction, so the fuzz server passed 3 GB).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { tempDir } from '../../helpers/server.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: `file:${path.join(tempDir(), 't.db')}` });
  await db.$executeRawUnsafe('CREATE TABLE t (x INTEGER)');
});
afterAll(() => db.$disconnect());

const openFiles = () => fs.readdirSync('/proc/self/fd').length;

it('commits and rolls back as before', async () => {
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('INSERT INTO t VALUES (1)');
  });
  await expect(
    db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('INSERT INTO t VALUES (2)');
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  await db.$transaction([
    db.$executeRawUnsafe('INSERT INTO t VALUES (3)'),
    db.$executeRawUnsafe('INSERT INTO t VALUES (4)'),
  ]);
  const rows = await db.$queryRawUnsafe<{ x: bigint }[]>('SELECT x FROM t ORDER BY x');
  expect(rows.map((r) => Number(r.x))).toEqual([1, 3, 4]);
});

it.skipIf(!fs.existsSync('/proc/self/fd'))(
  'a thousand transactions open no lasting connections',
  async () => {
    await db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'));
    const before = openFiles();
    for (let i = 0; i < 1_000; i++) {
      await db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe('INSERT INTO t VALUES (?)', i);
      });
    }
    // Before the fix: two more descriptors (the file and its WAL) for every transaction.
    expect(openFiles() - before).toBeLessThan(10);
    const [count] = await db.$queryRawUnsafe<{ n: bigint }[]>('SELECT count(*) AS n FROM t WHERE x >= 0 AND rowid > 3');
    expect(Number(count!.n)).toBe(1_000);
  },
  60_000,
);
