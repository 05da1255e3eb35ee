import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { openDatabase } from '../../../../core/db/client.ts';
import { createLibsqlProjectStore } from '../../../../subgraphs/drawings/projects/store/libsql-store.ts';
import { createNeo4jProjectStore } from '../../../../subgraphs/drawings/projects/store/neo4j-store.ts';
import { createPostgresProjectStore } from '../../../../subgraphs/drawings/projects/store/postgres-store.ts';
import { freshDatabase, TEST_POSTGRES_URL } from '../../../helpers/postgres.ts';
import { tempDir } from '../../../helpers/server.ts';
import { projectStoreContract } from './store-contract.ts';

projectStoreContract('embedded libSQL', async () => {
  const dir = tempDir('project-store-');
  const db = await openDatabase({ url: `file:${path.join(dir, 'projects.db')}` });
  return {
    store: createLibsqlProjectStore(db),
    async close() {
      await db.$disconnect();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

const neo4jUri = process.env.NEO4J_URI;
if (neo4jUri) {
  projectStoreContract('Neo4j', async () => {
    const store = createNeo4jProjectStore({
      uri: neo4jUri,
      user: process.env.NEO4J_USER ?? 'neo4j',
      password: process.env.NEO4J_PASSWORD ?? '',
    });
    // Every test makes its own account and project ids, so a shared server needs no cleaning between them.
    return { store, close: () => store.close() };
  });
} else {
  describe('project graph store contract: Neo4j', () => {
    it.skip('skipped: set NEO4J_URI (and NEO4J_USER, NEO4J_PASSWORD) to run the contract against a Neo4j server', () => {});
  });
}

// PostgreSQL (TEST_POSTGRES_URL, as .ci/run sets it): the same contract on a fresh database.
if (TEST_POSTGRES_URL) {
  projectStoreContract('PostgreSQL', async () => {
    const database = await freshDatabase();
    const db = await openDatabase({ url: database.url });
    return {
      store: createPostgresProjectStore(db),
      async close() {
        await db.$disconnect();
        await database.drop();
      },
    };
  });
} else {
  describe('project graph store contract: PostgreSQL', () => {
    it.skip('skipped: set TEST_POSTGRES_URL (a role that may create databases) to run the contract on PostgreSQL', () => {});
  });
}
