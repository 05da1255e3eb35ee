// Content subgraph: the public code library and blog, and the job-type catalogue it contributes to Job.
import { fileURLToPath } from 'node:url';
import { loader, type RequestContext } from '../../core/context.ts';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { listCodes, loadCodes, readCatalogue, seedCodes, type CodeEntry, type DesignStandard } from './codes.ts';
import { findPublishedPost, findPublishedPostBySlug, listPublishedPosts, readPosts, seedPosts, type BlogPost } from './blog.ts';
import { jobKind } from './job-kinds.ts';

const iso = (d: Date) => d.toISOString();
const blogFields = {
  createdAt: (p: BlogPost) => iso(p.createdAt),
  updatedAt: (p: BlogPost) => iso(p.updatedAt),
};

export const contentSubgraph: SubgraphModule = {
  name: 'content',
  typeDefs: typeDefsOf('content'),
  jobHandlers: [],
  async onStart(platform) {
    await seedCodes(platform.db, readCatalogue(new URL('./data/codes.json', import.meta.url)));
    await seedPosts(platform.db, readPosts(fileURLToPath(new URL('./data/blog', import.meta.url))));
  },
  resolvers: {
    DesignStandard: { US: 'us', EUROCODE: 'eurocode', AUS_NZ: 'aus-nz', CANADA: 'canada' },
    Query: {
      codes: (_: unknown, args: { designStandard?: DesignStandard | null }, ctx: RequestContext) =>
        listCodes(ctx.platform.db, args.designStandard),
      blogPost: (_: unknown, args: { id: string }, ctx: RequestContext) => findPublishedPost(ctx.platform.db, args.id),
      blogPostBySlug: (_: unknown, args: { slug: string }, ctx: RequestContext) => findPublishedPostBySlug(ctx.platform.db, args.slug),
      blogPosts: (_: unknown, __: unknown, ctx: RequestContext) => listPublishedPosts(ctx.platform.db),
    },
    Code: {
      __resolveReference: (ref: { fileId: string }, ctx: RequestContext) =>
        loader<string, CodeEntry | null>(ctx, 'codes', (ids) => loadCodes(ctx.platform.db, ids)).load(ref.fileId),
    },
    BlogPost: {
      ...blogFields,
      __resolveReference: (ref: { id: string }, ctx: RequestContext) => findPublishedPost(ctx.platform.db, ref.id),
    },
    Job: {
      kind: (job: { type: string }) => jobKind(job.type),
    },
  },
};
