// MemoryStore on the platform database's tables, whichever engine holds them: episodes,
// entities, facts, retrieval and groups are written once (sql/, `?` placeholders); what differs
// between libSQL and PostgreSQL (full text, vectors, planner hints, locks, insert-or-ignore) is
// the engine's MemoryDialect (sql/dialect.ts), given by libsql-store.ts and postgres-store.ts.
// These modules are the only place that writes SQL for the memory tables (see the memory
// migrations). The same contract runs on both (test/subgraphs/memory/store-contract.ts).
import type { MemoryStore } from './memory-store.ts';
import type { MemoryDialect } from './sql/dialect.ts';
import { sqlEntities } from './sql/entities.ts';
import { sqlEpisodes } from './sql/episodes.ts';
import { sqlFacts } from './sql/facts.ts';
import { sqlGroups } from './sql/groups.ts';
import { sqlRetrieval } from './sql/retrieval.ts';

export function createSqlMemoryStore(dialect: MemoryDialect): MemoryStore {
  return {
    kind: dialect.engine,
    ...sqlEpisodes(dialect),
    ...sqlEntities(dialect),
    ...sqlFacts(dialect),
    ...sqlRetrieval(dialect),
    ...sqlGroups(dialect),
    inTransaction: (work) => dialect.transaction((sql) => work(createSqlMemoryStore(dialect.within(sql)))),
    async close() {
      // The platform owns the database connection.
    },
  };
}
