// The database a unit test opens itself, on the run's engine (kept apart from postgres.ts, which
// Vitest's global setup loads where the libSQL driver cannot).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../core/db/client.ts';
import { freshDatabase, TEST_POSTGRES_URL } from './postgres.ts';

/**
 * The database a unit test works on: a fresh PostgreSQL database when TEST_POSTGRES_URL is set
 * (the suite's second run), else a new embedded file. `close` disconnects and removes it.
 */
export async function openTestDatabase(): Promise<{ db: Database; close(): Promise<void> }> {
  if (TEST_POSTGRES_URL) {
    const database = await freshDatabase();
    const db = await openDatabase({ url: database.url });
    return { db, close: async () => (await db.$disconnect(), await database.drop()) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-db-'));
  const db = await openDatabase({ url: `file:${path.join(dir, 'test.db')}` });
  return { db, close: async () => (await db.$disconnect(), fs.rmSync(dir, { recursive: true, force: true })) };
}
