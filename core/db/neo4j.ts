// A Neo4j connection as the graph stores use it (memory's and projects'): one driver, the
// store's schema statements run once before its first statement, auto-committed statements,
// and one write-transaction helper. Each store keeps its own schema and Cypher.
import neo4j, { type Driver } from 'neo4j-driver';

export interface Neo4jOptions {
  uri: string;
  user: string;
  password: string;
  database?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Neo4j properties hold any Cypher value
export type Props = Record<string, any>;

/** Statements, auto-committed or inside one transaction. */
export interface Cypher {
  run(cypher: string, parameters?: Props): Promise<Props[]>;
}

export interface Neo4jConnection extends Cypher {
  /**
   * Runs `work`'s statements in one write transaction (`session.executeWrite`): all of them take
   * effect or none does. The driver retries `work` on transient errors (deadlocks, leader
   * changes), so it must do nothing but run statements.
   */
  transaction<T>(work: (tx: Cypher) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens a connection whose `schema` (constraints and indexes, each `IF NOT EXISTS`) is created
 * once, before the first statement. `driver` is for tests that wrap the driver (to inject
 * failures, say); by default one is opened from `options`.
 */
export function openNeo4j(options: Neo4jOptions, schema: readonly string[], driver?: Driver): Neo4jConnection {
  const db: Driver =
    driver ??
    neo4j.driver(options.uri, neo4j.auth.basic(options.user, options.password), { disableLosslessIntegers: true });
  const database = options.database;
  let ready: Promise<void> | null = null;
  const ensureSchema = () =>
    (ready ??= (async () => {
      for (const statement of schema) await db.executeQuery(statement, {}, { database });
    })());

  return {
    async run(cypher, parameters = {}) {
      await ensureSchema();
      const { records } = await db.executeQuery(cypher, parameters, { database });
      return records.map((r) => r.toObject() as Props);
    },

    async transaction(work) {
      await ensureSchema();
      const session = db.session({ database, defaultAccessMode: neo4j.session.WRITE });
      try {
        return await session.executeWrite((tx) =>
          work({
            run: async (cypher, parameters = {}) =>
              (await tx.run(cypher, parameters)).records.map((r) => r.toObject() as Props),
          }),
        );
      } finally {
        await session.close();
      }
    },

    close: () => db.close(),
  };
}
