// The PostgreSQL engine behind the `Database` seam: chosen by a postgres:// or
// postgresql:// DATABASE_URL, nothing else. Its Prisma client is generated from
// prisma/postgresql/schema.prisma (derived from the one data model), so the
// models' API is the embedded client's; the hand-written tables are reached
// only through the postgres stores. Migrations are applied at start.
import { PrismaPg } from '@prisma/adapter-pg';
import postgresClientPackage from '../../../node_modules/.prisma/client-postgresql/index.js';
import type { PrismaClient as PrismaClientType } from '@prisma/client';
import type { Database, OpenDatabaseOptions } from '../types.ts';
import { databaseHandle } from '../handle.ts';
import { createPostgresReads } from './interruptible-reads.ts';
import { applyPostgresMigrations } from './migrate.ts';

const { PrismaClient } = postgresClientPackage;

/**
 * pgvector settings of every connection. An HNSW scan returns at most ef_search rows, and the
 * searches ask for up to 8 × their limit (the libSQL stores' candidate lists); strict_order
 * iterative scans keep scanning when a filter (file, account, group) drops candidates, in exact
 * distance order, instead of answering short.
 */
const PGVECTOR_OPTIONS = '-c hnsw.ef_search=200 -c hnsw.iterative_scan=strict_order';

/** Connections per process: a gateway replica's requests and its job runner share them. */
const POOL_SIZE = 10;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export async function openPostgres(options: OpenDatabaseOptions): Promise<Database> {
  const adapter = new PrismaPg({ connectionString: options.url, options: PGVECTOR_OPTIONS, max: POOL_SIZE });
  const client = new PrismaClient({
    adapter,
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
  }) as unknown as PrismaClientType;
  const db = databaseHandle(client, 'postgresql', createPostgresReads(options.url, PGVECTOR_OPTIONS, options.onQuery));
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (db as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) =>
      onQuery(e.query),
    );
  }
  await applyPostgresMigrations(db);
  return db;
}
