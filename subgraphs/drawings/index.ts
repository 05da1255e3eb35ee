// Drawings subgraph: Tier 1 drawing analysis and Tier 2 projects (projects/).
import { DateTime } from '../../core/graphql/scalars.ts';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { Readable } from 'node:stream';
import { requirePrincipal, type RequestContext } from '../../core/context.ts';
import { GraphQLJSON } from 'graphql-type-json';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { ingestSheetJob } from './projects/ingest-job.ts';
import { projectResolvers } from './projects/resolvers.ts';
import { projectSearchJob } from './projects/search.ts';
import { analyzeDrawing, cachedFile, deleteDrawing, getDrawing, readUpload, sweepDrawings, type DrawingResult } from './service.ts';

type FileUpload = Promise<{ createReadStream(): Readable }>;


/** The stored (snake_case, as REST answers) result in the GraphQL shape. */
function toGraphQL(d: DrawingResult) {
  const a = d.annotations;
  return {
    id: d.id,
    fileHash: d.file_hash,
    page: d.page,
    processingMs: d.processing_ms,
    dimensions: d.dimensions,
    annotations: {
      leaders: a.leaders.map((l) => ({ id: l.id, bbox: l.bbox, arrowTip: l.arrow_tip, textBbox: l.text_bbox, textsInside: l.texts_inside })),
      sectionTags: a.section_tags.map((s) => ({ id: s.id, bbox: s.bbox, circle: s.circle, direction: s.direction, textsInside: s.texts_inside, sectionLine: s.section_line })),
      detailTags: a.detail_tags.map((t) => ({ id: t.id, bbox: t.bbox, circle: t.circle, textsInside: t.texts_inside, hasDashedBbox: t.has_dashed_bbox })),
      revisionTriangles: a.revision_triangles,
      revisionClouds: a.revision_clouds,
    },
    titleblock: {
      bounds: d.titleblock.bounds,
      viewport: d.titleblock.viewport,
      sheetNumber: d.titleblock.sheet_number,
      sheetTitle: d.titleblock.sheet_title,
    },
  };
}

export const drawingsSubgraph: SubgraphModule = {
  name: 'drawings',
  typeDefs: typeDefsOf('drawings'),
  jobHandlers: [ingestSheetJob, projectSearchJob],
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
        return d && toGraphQL(d);
      },
      drawingCache: async (_: unknown, args: { fileHash: string }, ctx: RequestContext) => {
        const f = await cachedFile(ctx.platform, requirePrincipal(ctx), args.fileHash);
        return f && { fileHash: f.file_hash, size: f.size, pageCount: f.page_count, uploadedAt: f.uploaded_at, analysedPages: f.analysed_pages };
      },
      ...projectResolvers.Query,
    },
    Mutation: {
      analyzeDrawing: async (_: unknown, args: { file?: FileUpload | null; fileHash?: string | null; page: number }, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        const bytes = args.file ? await readUpload((await args.file).createReadStream()) : undefined;
        return toGraphQL(await analyzeDrawing(ctx.platform, principal, { bytes, fileHash: args.fileHash ?? undefined, page: args.page }, ctx.signal));
      },
      deleteDrawing: (_: unknown, args: { id: string }, ctx: RequestContext) => deleteDrawing(ctx.platform, requirePrincipal(ctx), args.id),
      ...projectResolvers.Mutation,
    },
  },
};
