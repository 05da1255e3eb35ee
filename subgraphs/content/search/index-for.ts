// The passage index of the database's engine: libSQL (FTS5, libsql_vector_idx)
// for the embedded database, PostgreSQL (tsvector, pgvector) for a postgres:// one.
import type { Database } from '../../../core/db/client.ts';
import { createLibsqlIndex } from './libsql-index.ts';
import type { PassageIndex } from './passage-index.ts';
import { createPostgresIndex } from './postgres-index.ts';

export function passageIndexFor(db: Database, options: { signal?: AbortSignal } = {}): PassageIndex {
  return db.engine === 'postgresql' ? createPostgresIndex(db, options) : createLibsqlIndex(db, options);
}
