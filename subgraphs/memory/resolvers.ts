// The memory subgraph's resolvers: each checks the caller, calls one entry point of service.ts and
// maps the records to the schema.
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { DateTime } from '../../core/graphql/scalars.ts';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import type { Episode, Fact } from './model.ts';
import type { ScoredFact } from './retrieval/search.ts';
import * as memory from './service.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL arguments, checked by the schema and validated by the service
type Args = Record<string, any>;
const on =
  <T>(fn: (ctx: RequestContext, args: Args) => Promise<T>) =>
  (_: unknown, args: Args, ctx: RequestContext): Promise<T> => {
    requirePrincipal(ctx);
    return fn(ctx, args);
  };

const fact = (f: ScoredFact) => ({
  uuid: f.uuid,
  name: f.name,
  fact: f.fact,
  validAt: f.validAt,
  invalidAt: f.invalidAt,
  createdAt: f.createdAt,
  expiredAt: f.expiredAt,
  score: f.score,
  sourceNodeUuid: f.sourceUuid,
  targetNodeUuid: f.targetUuid,
  episodes: f.episodes,
});

const edge = (f: Fact) => ({
  uuid: f.uuid,
  sourceNodeUuid: f.sourceUuid,
  targetNodeUuid: f.targetUuid,
  relationshipType: f.name,
  createdAt: f.createdAt,
  fact: f.fact,
  validAt: f.validAt,
  invalidAt: f.invalidAt,
  expiredAt: f.expiredAt,
});

const episode = (e: Episode) => ({
  uuid: e.uuid,
  groupId: e.groupId,
  sourceDescription: e.sourceDescription,
  timestamp: e.timestamp,
});

export const memoryResolvers: GraphQLResolverMap<RequestContext> = {
  DateTime,
  // GraphQL's enum values are UPPER_CASE; retrieval keeps the spec's spellings.
  Reranker: { RRF: 'rrf', MMR: 'mmr', CROSS_ENCODER: 'cross_encoder' },
  Query: {
    getMemory: on(async (ctx, { input }) => (await memory.getMemory(ctx.platform, ctx.principal!, input)).map(fact)),
    searchMemory: on(async (ctx, { input }) =>
      (await memory.searchMemory(ctx.platform, ctx.principal!, input)).map(fact),
    ),
    entityEdges: on(async (ctx, { nodeUuid }) =>
      (await memory.entityEdges(ctx.platform, ctx.principal!, nodeUuid)).map(edge),
    ),
    episodes: on(async (ctx, { groupId, lastN }) =>
      (await memory.episodes(ctx.platform, ctx.principal!, groupId, lastN)).map(episode),
    ),
  },
  Mutation: {
    addMessages: on((ctx, { groupId, messages }) =>
      memory.addMessages(ctx.platform, ctx.principal!, groupId, messages),
    ),
    addEntityNode: on((ctx, { input }) => memory.addEntityNode(ctx.platform, ctx.principal!, input)),
    deleteEntityEdge: on((ctx, { uuid }) => memory.deleteEntityEdge(ctx.platform, ctx.principal!, uuid)),
    deleteEpisodes: on((ctx, { groupId, sourceDescription }) =>
      memory.deleteEpisodes(ctx.platform, ctx.principal!, groupId, sourceDescription),
    ),
    deleteEpisode: on((ctx, { uuid }) => memory.deleteEpisode(ctx.platform, ctx.principal!, uuid)),
    deleteGroup: on((ctx, { groupId }) => memory.deleteGroup(ctx.platform, ctx.principal!, groupId)),
    clearMemory: on((ctx) => memory.clearMemory(ctx.platform, ctx.principal!)),
  },
};
