// The database's types, apart from the code that opens it (client.ts), so each engine's opener
// and the read helpers can name them without importing the module that imports them.
import type { PrismaClient as PrismaClientType } from '@prisma/client';

export type Database = PrismaClientType;

export type DatabaseEngine = 'libsql' | 'postgresql';

export interface OpenDatabaseOptions {
  url: string;
  /** Called for every SQL statement; tests count queries with it. */
  onQuery?: (sql: string) => void;
}
