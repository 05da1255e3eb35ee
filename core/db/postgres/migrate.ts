// Applies prisma/postgresql/migrations at start, as core/db/migrate.ts does for
// the embedded database: Prisma's `_prisma_migrations` bookkeeping in
// PostgreSQL's column types (so `prisma migrate status` agrees), each file whole
// in one transaction. Several processes may start at once on one database
// (gateway replicas, workers): a transaction-scoped advisory lock lets one
// apply while the others wait, then find the migration done and skip it.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PrismaClient } from '@prisma/client';
import { readMigrations, splitStatements, type Migration } from '../migrate.ts';

export const POSTGRES_MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../prisma/postgresql/migrations',
);

/** Any constant shared by every process of the platform: the lock key of migrating. */
const MIGRATION_LOCK = 1_801_184_018;

/** A migration of several hundred statements (HNSW and GIN indexes) on a loaded machine. */
const TRANSACTION = { maxWait: 60_000, timeout: 300_000 };

export async function applyPostgresMigrations(
  db: PrismaClient,
  migrations: Migration[] = readMigrations(POSTGRES_MIGRATIONS_DIR),
): Promise<string[]> {
  const applied = async (tx: Pick<PrismaClient, '$queryRawUnsafe'>) =>
    new Set(
      (
        await tx.$queryRawUnsafe<{ migration_name: string }[]>(
          'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        )
      ).map((r) => r.migration_name),
    );
  await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
  }, TRANSACTION);
  // Checked without the lock first: a started platform usually has nothing to apply.
  const pending = (done: Set<string>) => migrations.filter((m) => !done.has(m.name));
  if (!pending(await applied(db)).length) return [];
  const done: string[] = [];
  for (const migration of migrations) {
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      if ((await applied(tx)).has(migration.name)) return;
      const statements = splitStatements(migration.sql);
      for (const statement of statements) await tx.$executeRawUnsafe(statement);
      await tx.$executeRawUnsafe(
        'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count, started_at) VALUES ($1, $2, now(), $3, $4, now())',
        randomUUID(),
        migration.checksum,
        migration.name,
        statements.length,
      );
      done.push(migration.name);
    }, TRANSACTION);
  }
  return done;
}
