// The Neo4j connection's statements, shared by every part of the Neo4j store.
import type { openNeo4j, Props } from '../../../../../core/db/neo4j.ts';
import { num } from './rows.ts';

type Connection = ReturnType<typeof openNeo4j>;

export interface Neo4jContext {
  run: Connection['run'];
  transaction: Connection['transaction'];
  count(cypher: string, parameters: Props): Promise<number>;
}

export function neo4jContext({ run, transaction }: Connection): Neo4jContext {
  return { run, transaction, count: async (cypher, parameters) => num((await run(cypher, parameters))[0]?.n) };
}
