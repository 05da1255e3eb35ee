// Memory subgraph: the per-account conversation knowledge graph. Its schema is
// final; the graph itself arrives with the memory issue, so every field
// answers NOT_IMPLEMENTED until then.
import { notBuilt, typeDefsOf, type SubgraphModule } from '../module.ts';

const pending = notBuilt('The memory graph');

export const memorySubgraph: SubgraphModule = {
  name: 'memory',
  typeDefs: typeDefsOf('memory'),
  jobHandlers: [],
  resolvers: {
    Query: { getMemory: pending, searchMemory: pending, entityEdges: pending, episodes: pending },
    Mutation: {
      addMessages: pending,
      addEntityNode: pending,
      deleteEntityEdge: pending,
      deleteEpisodes: pending,
      deleteEpisode: pending,
      deleteGroup: pending,
      clearMemory: pending,
    },
  },
};
