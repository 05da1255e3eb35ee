import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLSchema } from 'graphql';
import type { SubgraphName } from '../schema/compose.ts';
import { agentsSubgraph } from './agents/index.ts';
import { contentSubgraph } from './content/index.ts';
import { documentsSubgraph } from './documents/index.ts';
import { drawingsSubgraph } from './drawings/index.ts';
import { memorySubgraph } from './memory/index.ts';
import type { SubgraphModule } from './module.ts';

export const SUBGRAPHS: Record<SubgraphName, SubgraphModule> = {
  content: contentSubgraph,
  documents: documentsSubgraph,
  drawings: drawingsSubgraph,
  memory: memorySubgraph,
  agents: agentsSubgraph,
};

/** Array form: @apollo/subgraph 2.15 rejects the object form. */
export const buildSchema = (module: SubgraphModule): GraphQLSchema =>
  buildSubgraphSchema([{ typeDefs: module.typeDefs, resolvers: module.resolvers as never }]);

/** Every job type of every subgraph: any process may create any job type. */
export const allJobHandlers = () => Object.values(SUBGRAPHS).flatMap((m) => m.jobHandlers);

/** Job type → the subgraph that owns it: with REDIS_URL each subgraph's job types share one queue (a job family). */
export const jobFamilies = (): ReadonlyMap<string, string> =>
  new Map(Object.values(SUBGRAPHS).flatMap((m) => m.jobHandlers.map((h) => [h.type, m.name] as const)));
