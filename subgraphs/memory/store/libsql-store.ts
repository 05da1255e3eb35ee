// MemoryStore on the platform database, composed of one module per concern
// (libsql/: episodes, entities, facts, retrieval) over a shared base that owns
// the statements and the transactions, with the parts that read the same on
// PostgreSQL from sql/ (groups whole, and pieces of the others). FTS5 (BM25)
// over facts, episode text and entity names, libsql_vector_idx over fact
// embeddings. These modules are the only place that writes SQL for the memory
// tables (see the hand-written memory migration).
import type { Database } from '../../../core/db/client.ts';
import { libsqlBase, libsqlWithin, type LibsqlBase } from './libsql/base.ts';
import { libsqlEntities } from './libsql/entities.ts';
import { libsqlEpisodes } from './libsql/episodes.ts';
import { libsqlFacts } from './libsql/facts.ts';
import { libsqlRetrieval } from './libsql/retrieval.ts';
import type { MemoryStore } from './memory-store.ts';
import { sqlGroups } from './sql/groups.ts';

export function createLibsqlStore(db: Database): MemoryStore {
  return compose(libsqlBase(db));
}

function compose(base: LibsqlBase): MemoryStore {
  const store: MemoryStore = {
    kind: 'libsql',
    ...libsqlEpisodes(base),
    ...libsqlEntities(base),
    ...libsqlFacts(base),
    ...libsqlRetrieval(base),
    ...sqlGroups(base),
    inTransaction: (work) => base.transaction((sql) => work(compose(libsqlWithin(sql)))),
    async close() {
      // The platform owns the database connection.
    },
  };
  return store;
}
