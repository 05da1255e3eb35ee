// MemoryStore on Neo4j, for deployments that outgrow one machine (selected by
// NEO4J_URI), composed of one module per concern (neo4j/: episodes, entities,
// facts, retrieval, groups) over a shared base that owns the driver, the schema
// and the transactions. Graphiti's shape: (:MemoryEpisode)-[:MENTIONS]->(:MemoryEntity),
// facts are [:RELATES_TO] relationships between entities carrying their
// provenance (episodes, sources) as lists, with a full-text index over fact
// and name and a vector index over the embedding (Neo4j 5.18+ indexes
// relationship vectors). Every query filters by accountId.
import type { Driver } from 'neo4j-driver';
import type { MemoryStore } from './memory-store.ts';
import { neo4jBase, type Neo4jOptions } from './neo4j/base.ts';
import { neo4jEntities } from './neo4j/entities.ts';
import { neo4jEpisodes } from './neo4j/episodes.ts';
import { neo4jFacts } from './neo4j/facts.ts';
import { neo4jGroups } from './neo4j/groups.ts';
import { neo4jRetrieval } from './neo4j/retrieval.ts';

/** `driver` is for tests that wrap the driver (to inject failures); by default one is opened from `options`. */
export function createNeo4jStore(options: Neo4jOptions, driver?: Driver): MemoryStore {
  const base = neo4jBase(options, driver);
  const store: MemoryStore = {
    kind: 'neo4j',
    ...neo4jEpisodes(base),
    ...neo4jEntities(base),
    ...neo4jFacts(base),
    ...neo4jRetrieval(base),
    ...neo4jGroups(base),
    // Each method is atomic on its own (session.executeWrite); a run of them is not batched here.
    inTransaction: (work) => work(store),
    close: () => base.close(),
  };
  return store;
}
