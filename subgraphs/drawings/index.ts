// Drawings subgraph: Tier 1 drawing analysis and Tier 2 projects (projects/).
import { toCamelKeys } from '../../core/case.ts';
import { DateTime } from '../../core/graphql/scalars.ts';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { Readable } from 'node:stream';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import { GraphQLJSON } from 'graphql-type-json';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { ingestSheetJob } from './projects/ingest-job.ts';
import { projectResolvers } from './projects/resolvers.ts';
import { projectSearchJob } from './projects/search.ts';
import { analyzeDrawing, cachedFile, deleteDrawing, getDrawing, readUpload, sweepDrawings } from './service.ts';
import { drawingsTools } from './tools.ts';

type FileUpload = Promise<{ createReadStream(): Readable }>;


export const drawingsSubgraph: SubgraphModule = {
  name: 'drawings',
  typeDefs: typeDefsOf('drawings'),
  jobHandlers: [ingestSheetJob, projectSearchJob],
  tools: drawingsTools,
  async onStart(platform) {
    platform.registerSweeper((now) => sweepDrawings(platform, now));
  },
  resolvers: {
    Upload: GraphQLUpload,
    DateTime,
    JSON: GraphQLJSON,
    ...Object.fromEntries(Object.entries(projectResolvers).filter(([k]) => k !== 'Query' && k !== 'Mutation')),
    Query: {
      drawing: async (_: unknown, args: { id: string }, ctx: RequestContext) => {
        const d = await getDrawing(ctx.platform, requirePrincipal(ctx), args.id);
        // Stored in the spec's (REST) spelling; the graph speaks camelCase.
        return d && toCamelKeys(d);
      },
      drawingCache: async (_: unknown, args: { fileHash: string }, ctx: RequestContext) => {
        const f = await cachedFile(ctx.platform, requirePrincipal(ctx), args.fileHash);
        return f && toCamelKeys(f);
      },
      ...projectResolvers.Query,
    },
    Mutation: {
      analyzeDrawing: async (_: unknown, args: { file?: FileUpload | null; fileHash?: string | null; page: number }, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        const bytes = args.file ? await readUpload((await args.file).createReadStream()) : undefined;
        return toCamelKeys(await analyzeDrawing(ctx.platform, principal, { bytes, fileHash: args.fileHash ?? undefined, page: args.page }, ctx.signal));
      },
      deleteDrawing: (_: unknown, args: { id: string }, ctx: RequestContext) => deleteDrawing(ctx.platform, requirePrincipal(ctx), args.id),
      ...projectResolvers.Mutation,
    },
  },
};
