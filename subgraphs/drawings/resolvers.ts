// GraphQL resolvers of the drawings subgraph: Tier 1 drawing analysis (service.ts) and, made over
// the project collaborators built when the subgraph starts, Tier 2 projects (projects/resolvers.ts).
// Each parses its arguments, calls one domain function and maps the result.
import type { Readable } from 'node:stream';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { GraphQLJSON } from 'graphql-type-json';
import { toCamelKeys } from '../../core/case.ts';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import { DateTime } from '../../core/graphql/scalars.ts';
import { projectResolvers } from './projects/resolvers.ts';
import type { ProjectServices } from './projects/service.ts';
import { analyzeDrawing, cachedFile, deleteDrawing, getDrawing, readUpload } from './service.ts';

type FileUpload = Promise<{ createReadStream(): Readable }>;

export function drawingsResolvers(projects: ProjectServices) {
  const { Query: projectQueries, Mutation: projectMutations, ...projectTypes } = projectResolvers(projects);
  return {
    Upload: GraphQLUpload,
    DateTime,
    JSON: GraphQLJSON,
    ...projectTypes,
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
      ...projectQueries,
    },
    Mutation: {
      analyzeDrawing: async (
        _: unknown,
        args: { file?: FileUpload | null; fileHash?: string | null; page: number },
        ctx: RequestContext,
      ) => {
        const principal = requirePrincipal(ctx);
        const bytes = args.file ? await readUpload((await args.file).createReadStream()) : undefined;
        return toCamelKeys(
          await analyzeDrawing(
            ctx.platform,
            principal,
            { bytes, fileHash: args.fileHash ?? undefined, page: args.page },
            ctx.signal,
          ),
        );
      },
      deleteDrawing: (_: unknown, args: { id: string }, ctx: RequestContext) =>
        deleteDrawing(ctx.platform, requirePrincipal(ctx), args.id),
      ...projectMutations,
    },
  };
}
