// The memory store on the platform database's own engine: libSQL for the
// embedded database, PostgreSQL for a postgres:// one. (NEO4J_URI picks Neo4j
// instead; see ../service.ts.)
import type { Database } from '../../../core/db/client.ts';
import { createLibsqlStore } from './libsql-store.ts';
import type { MemoryStore } from './memory-store.ts';
import { createPostgresStore } from './postgres-store.ts';

export function memoryStoreFor(db: Database): MemoryStore {
  return db.engine === 'postgresql' ? createPostgresStore(db) : createLibsqlStore(db);
}
