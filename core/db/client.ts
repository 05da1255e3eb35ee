// The database seam. Domain code receives a `Database` and never learns which
// engine is behind it; SQLite specifics (pragmas, file URLs) stay in this folder.
// The URL picks the engine: postgres:// or postgresql:// opens PostgreSQL
// (postgres/open.ts), anything else the embedded libSQL database.
import prismaClientPackage from '@prisma/client';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from './migrate.ts';
import { isPostgresUrl, openPostgres } from './postgres/open.ts';
import { installBusyTimeout } from './sqlite-busy-timeout.ts';
import { databaseHandle } from './handle.ts';
import { createInterruptibleReads, prismaReads } from './interruptible-reads.ts';
import { reuseTransactionConnections } from './transaction-connections.ts';
import { yieldBetweenStatements } from './yield-between-statements.ts';
import type { Database, OpenDatabaseOptions } from './types.ts';

export type { Database, DatabaseEngine, OpenDatabaseOptions } from './types.ts';

const BUSY_TIMEOUT_MS = 5000;

const { PrismaClient } = prismaClientPackage;

function sqliteFilePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  const rest = url.slice('file:'.length);
  return rest.startsWith('//') ? fileURLToPath(url) : rest;
}

/**
 * The adapter whose statements give the event loop a turn now and then (yield-between-statements.ts)
 * and, on a file, whose transactions reuse their connections (transaction-connections.ts).
 */
class EmbeddedLibSQL extends PrismaLibSQL {
  readonly #file: string | null;
  constructor(config: ConstructorParameters<typeof PrismaLibSQL>[0], file: string | null) {
    super(config);
    this.#file = file;
  }
  override createClient(config: Parameters<PrismaLibSQL['createClient']>[0]) {
    const client = super.createClient(config);
    return yieldBetweenStatements(this.#file ? reuseTransactionConnections(client, this.#file) : client);
  }
}

/** Opens the database, applies pending migrations and configures the connection. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (isPostgresUrl(options.url)) {
    return openPostgres(options);
  }
  const file = sqliteFilePath(options.url);
  if (file) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  installBusyTimeout(BUSY_TIMEOUT_MS);
  const resolved = file && file !== ':memory:' ? path.resolve(file) : null;
  const adapter = new EmbeddedLibSQL({ url: options.url }, resolved);
  const client = new PrismaClient({
    adapter,
    log: options.onQuery ? [{ emit: 'event', level: 'query' }] : [],
  });
  const db = databaseHandle(
    client,
    'libsql',
    resolved ? createInterruptibleReads(resolved, options.onQuery) : prismaReads(client),
  );
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (db as unknown as { $on(event: 'query', cb: (e: { query: string }) => void): void }).$on('query', (e) =>
      onQuery(e.query),
    );
  }
  // WAL lets readers in other processes proceed while one writes (it is a
  // property of the file); the busy timeout, set on every connection, makes a
  // second process's writer wait instead of failing with SQLITE_BUSY. Within
  // one process every call is synchronous on the main thread, so domain code
  // keeps transactions to single statements (see migrate.ts for the exception at start).
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await applyMigrations(db);
  return db;
}
