// The memory graph's collaborators for one platform database and
// configuration: the store (Neo4j when NEO4J_URI is set, else the platform
// database), the extractor, the embedder and the cross_encoder's scorer.
import type { Config } from '../../core/config.ts';
import type { Database } from '../../core/db/client.ts';
import { embedderFor, type Embedder } from '../../core/embedding/embed.ts';
import { deterministicExtractor } from './extraction/deterministic.ts';
import type { Extractor } from './extraction/extractor.ts';
import { createLlmExtractor } from './extraction/llm.ts';
import { createRemoteReranker, type PairScorer } from './retrieval/cross-encoder.ts';
import { memoryStoreFor } from './store/store-for.ts';
import type { MemoryStore } from './store/memory-store.ts';
import { createNeo4jStore } from './store/neo4j-store.ts';

export interface MemoryServices {
  store: MemoryStore;
  extractor: Extractor;
  embedder: Embedder;
  pairScorer: PairScorer | null;
}

const cache = new WeakMap<Database, MemoryServices>();

export function memoryServices(db: Database, config: Config): MemoryServices {
  let services = cache.get(db);
  if (!services) {
    services = {
      store: config.neo4jUri
        ? createNeo4jStore({ uri: config.neo4jUri, user: config.neo4jUser, password: config.neo4jPassword })
        : memoryStoreFor(db),
      extractor: config.memoryLlmUrl
        ? createLlmExtractor({ url: config.memoryLlmUrl, model: config.memoryLlmModel, apiKey: config.memoryLlmApiKey ?? undefined })
        : deterministicExtractor,
      embedder: embedderFor(config),
      pairScorer: config.memoryRerankerUrl
        ? createRemoteReranker({ url: config.memoryRerankerUrl, model: config.memoryRerankerModel, apiKey: config.memoryRerankerApiKey ?? undefined })
        : null,
    };
    cache.set(db, services);
  }
  return services;
}

/** Closes the store's connection (Neo4j's driver) when the platform closes. */
export async function closeMemoryServices(db: Database): Promise<void> {
  const services = cache.get(db);
  cache.delete(db);
  await services?.store.close();
}
