// MemoryStore on PostgreSQL (DATABASE_URL=postgres://…), composed like the
// libSQL store of one module per concern (postgres/: episodes, entities, facts,
// retrieval; sql/: what reads the same on both engines, groups whole) over a
// shared base that owns the statements and the transactions: tsvector + GIN (ts_rank_cd) where libSQL has FTS5, pgvector
// HNSW where it has libsql_vector_idx. The same contract suite runs on both
// (test/subgraphs/memory/store-contract.ts).
import type { Database } from '../../../core/db/client.ts';
import type { MemoryStore } from './memory-store.ts';
import { sqlGroups } from './sql/groups.ts';
import { postgresBase, postgresWithin, type PostgresBase } from './postgres/base.ts';
import { postgresEntities } from './postgres/entities.ts';
import { postgresEpisodes } from './postgres/episodes.ts';
import { postgresFacts } from './postgres/facts.ts';
import { postgresRetrieval } from './postgres/retrieval.ts';

export function createPostgresStore(db: Database): MemoryStore {
  return compose(postgresBase(db));
}

function compose(base: PostgresBase): MemoryStore {
  return {
    kind: 'postgresql',
    ...postgresEpisodes(base),
    ...postgresEntities(base),
    ...postgresFacts(base),
    ...postgresRetrieval(base),
    ...sqlGroups(base),
    inTransaction: (work) => base.transaction((sql) => work(compose(postgresWithin(sql)))),
    async close() {
      // The platform owns the database connection.
    },
  };
}
