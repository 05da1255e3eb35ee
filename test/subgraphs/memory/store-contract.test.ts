import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { openDatabase } from '../../../core/db/client.ts';
import { createLibsqlStore } from '../../../subgraphs/memory/store/libsql-store.ts';
import { createNeo4jStore } from '../../../subgraphs/memory/store/neo4j-store.ts';
import { tempDir } from '../../helpers/server.ts';
import { storeContract } from './store-contract.ts';

storeContract('embedded libSQL', async () => {
  const dir = tempDir('memory-store-');
  const db = await openDatabase({ url: `file:${path.join(dir, 'memory.db')}` });
  return {
    store: createLibsqlStore(db),
    async close() {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

const neo4jUri = process.env.NEO4J_URI;
if (neo4jUri) {
  storeContract('Neo4j', async () => {
    const store = createNeo4jStore({ uri: neo4jUri, user: process.env.NEO4J_USER ?? 'neo4j', password: process.env.NEO4J_PASSWORD ?? '' });
    return { store, close: () => store.close() };
  });
} else {
  describe('memory store contract: Neo4j', () => {
    it.skip('skipped: set NEO4J_URI (and NEO4J_USER, NEO4J_PASSWORD) to run the contract against a Neo4j server', () => {});
  });
}
