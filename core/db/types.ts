// The database's types, apart from the code that opens it (client.ts), so each engine's opener
// and the read helpers can name them without importing the module that imports them.
import type { PrismaClient as PrismaClientType } from '@prisma/client';

export type DatabaseEngine = 'libsql' | 'postgresql';

/** Reads whose cost a caller's input decides, interruptible where the engine allows (interruptible-reads.ts). */
export interface InterruptibleReads {
  /** Runs one read-only statement; rejects with the signal's reason when it aborts (the statement is interrupted). */
  query<T>(sql: string, args: readonly unknown[], signal?: AbortSignal): Promise<T[]>;
  close(): void;
}

/**
 * The platform database: the Prisma client, carrying the engine it runs on (for the wiring that
 * picks a store's implementation, as `createSqlProjectStore` and the memory store take a dialect;
 * domain code never asks) and its interruptible reads. Set once by openDatabase (handle.ts).
 */
export type Database = PrismaClientType & { readonly engine: DatabaseEngine; readonly reads: InterruptibleReads };

export interface OpenDatabaseOptions {
  url: string;
  /** Called for every SQL statement; tests count queries with it. */
  onQuery?: (sql: string) => void;
}
