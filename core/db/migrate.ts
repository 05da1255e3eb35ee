// Applies the checked-in Prisma migrations at start. It keeps Prisma's own
// `_prisma_migrations` bookkeeping so `prisma migrate status` agrees with it,
// and runs each file whole (the JS schema engine's `migrate dev` replays only
// the first statement of a file).
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '@prisma/client';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../prisma/migrations');

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Splits a migration file into statements; triggers keep their BEGIN…END bodies whole. */
export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const statements: string[] = [];
  let current = '';
  let depth = 0;
  for (const token of withoutComments.split(/(;|\bBEGIN\b|\bEND\b)/i)) {
    current += token;
    if (/^BEGIN$/i.test(token)) depth++;
    else if (/^END$/i.test(token)) depth = Math.max(0, depth - 1);
    else if (token === ';' && depth === 0) {
      if (current.trim() !== ';') statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export async function applyMigrations(db: PrismaClient, migrations = readMigrations()): Promise<string[]> {
  await db.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL,
    "checksum" TEXT NOT NULL,
    "finished_at" DATETIME,
    "migration_name" TEXT NOT NULL,
    "logs" TEXT,
    "rolled_back_at" DATETIME,
    "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
  )`);
  const applied = new Set(
    (
      await db.$queryRawUnsafe<{ migration_name: string }[]>(
        'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
    ).map((r) => r.migration_name),
  );
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const statements = splitStatements(migration.sql);
    await db.$transaction(async (tx) => {
      for (const statement of statements) await tx.$executeRawUnsafe(statement);
      await tx.$executeRawUnsafe(
        'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at) VALUES (?, ?, ?, ?, ?, ?)',
        randomUUID(),
        migration.checksum,
        new Date().toISOString(),
        migration.name,
        statements.length,
        new Date().toISOString(),
      );
    });
    done.push(migration.name);
  }
  return done;
}
