// Memory subgraph: the per-account conversation knowledge graph. Resolvers
// authenticate, call one operation and map the records to the schema.
import { DateTime } from '../../core/graphql/scalars.ts';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { ingestJob, resumePendingGroups } from './ingest-job.ts';
import { closeMemoryServices } from './services.ts';
import type { Episode, Fact } from './model.ts';
import * as ops from './operations.ts';
import type { ScoredFact } from './retrieval/search.ts';
import { memoryTools } from './tools.ts';

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

const episode = (e: Episode) => ({ uuid: e.uuid, groupId: e.groupId, sourceDescription: e.sourceDescription, timestamp: e.timestamp });

export const memorySubgraph: SubgraphModule = {
  name: 'memory',
  typeDefs: typeDefsOf('memory'),
  jobHandlers: [ingestJob],
  tools: memoryTools,
  async onStart(platform) {
    platform.onClose(() => closeMemoryServices(platform.db));
    await resumePendingGroups(platform);
  },
  resolvers: {
    DateTime,
    // GraphQL's enum values are UPPER_CASE; retrieval keeps the spec's spellings.
    Reranker: { RRF: 'rrf', MMR: 'mmr', CROSS_ENCODER: 'cross_encoder' },
    Query: {
      getMemory: on(async (ctx, { input }) => (await ops.getMemory(ctx.platform, ctx.principal!, input)).map(fact)),
      searchMemory: on(async (ctx, { input }) => (await ops.searchMemory(ctx.platform, ctx.principal!, input)).map(fact)),
      entityEdges: on(async (ctx, { nodeUuid }) => (await ops.entityEdges(ctx.platform, ctx.principal!, nodeUuid)).map(edge)),
      episodes: on(async (ctx, { groupId, lastN }) => (await ops.episodes(ctx.platform, ctx.principal!, groupId, lastN)).map(episode)),
    },
    Mutation: {
      addMessages: on((ctx, { groupId, messages }) => ops.addMessages(ctx.platform, ctx.principal!, groupId, messages)),
      addEntityNode: on((ctx, { input }) => ops.addEntityNode(ctx.platform, ctx.principal!, input)),
      deleteEntityEdge: on((ctx, { uuid }) => ops.deleteEntityEdge(ctx.platform, ctx.principal!, uuid)),
      deleteEpisodes: on((ctx, { groupId, sourceDescription }) => ops.deleteEpisodes(ctx.platform, ctx.principal!, groupId, sourceDescription)),
      deleteEpisode: on((ctx, { uuid }) => ops.deleteEpisode(ctx.platform, ctx.principal!, uuid)),
      deleteGroup: on((ctx, { groupId }) => ops.deleteGroup(ctx.platform, ctx.principal!, groupId)),
      clearMemory: on((ctx) => ops.clearMemory(ctx.platform, ctx.principal!)),
    },
  },
};
