// The Prisma client made the platform's Database: the engine it runs on and its interruptible
// reads ride on the client itself (read-only, not enumerable), so whatever holds the database,
// or a wrapper of it, holds them too: no side table keyed by the client.
import type { PrismaClient } from '@prisma/client';
import type { Database, DatabaseEngine, InterruptibleReads } from './types.ts';

export function databaseHandle(client: PrismaClient, engine: DatabaseEngine, reads: InterruptibleReads): Database {
  return Object.defineProperties(client, { engine: { value: engine }, reads: { value: reads } }) as Database;
}
