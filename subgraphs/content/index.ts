// Content subgraph: the public code library and blog, and the job-type catalogue it contributes to Job.
import { fileURLToPath } from 'node:url';
import { loader, requirePrincipal, type RequestContext } from '../../core/context.ts';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { listCodes, loadCodes, readCatalogue, seedCodes, type CodeEntry, type DesignStandard } from './codes.ts';
import { findPublishedPost, findPublishedPostBySlug, listPublishedPosts, readPosts, seedPosts, type BlogPost } from './blog.ts';
import { GraphQLJSON } from 'graphql-type-json';
import { prepareSearch, searchJob } from './search/search-job.ts';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { Readable } from 'node:stream';
import { AppError } from '../../core/errors.ts';
import { DateTime, fromUnixSeconds } from '../../core/graphql/scalars.ts';
import { pageOf } from '../../core/graphql/pagination.ts';
import { readStream } from '../../core/files/read-stream.ts';
import { embedderFor } from '../../core/embedding/embed.ts';
import { passageIndexFor } from './search/index-for.ts';
import { extractWithWorkers } from './search/extract-text.ts';
import { ingestCode } from './search/ingest.ts';

import type { SearchResults } from './search/search.ts';


export const contentSubgraph: SubgraphModule = {
  name: 'content',
  typeDefs: typeDefsOf('content'),
  jobHandlers: [searchJob],
  // The code library and the blog are public: no key, a budget per client address.
  budgets: { 'Query.codes': 'public', 'Query.blogPost': 'public', 'Query.blogPostBySlug': 'public', 'Query.blogPosts': 'public' },
  async onStart(platform) {
    await seedCodes(platform.db, readCatalogue(new URL('./data/codes.json', import.meta.url)));
    await seedPosts(platform.db, readPosts(fileURLToPath(new URL('./data/blog', import.meta.url))));
  },
  resolvers: {
    JSON: GraphQLJSON,
    Upload: GraphQLUpload,
    DateTime,
    JobStatus: { PENDING: 'pending', IN_PROGRESS: 'in_progress', COMPLETED: 'completed', FAILED: 'failed' },
    DesignStandard: { US: 'us', EUROCODE: 'eurocode', AUS_NZ: 'aus-nz', CANADA: 'canada' },
    Mutation: {
      createSearchJob: async (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        const input = await prepareSearch(ctx.platform.db, args.input);
        // The record as created (pending): its status and createdAt answer from here, not from a later read.
        return ctx.platform.jobs.create(principal, 'search', input);
      },
      ingestCode: async (_: unknown, args: { fileId: string; file: Promise<{ createReadStream(): Readable }> }, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        if (!principal.admin) throw new AppError('FORBIDDEN', 'Loading codes needs an admin key (npm run keys -- create --admin)');
        const bytes = await readStream((await args.file).createReadStream(), ctx.platform.config.uploadLimitBytes, 'file');
        const { platform } = ctx;
        return ingestCode(
          {
            db: platform.db,
            index: passageIndexFor(platform.db),
            embedder: embedderFor(platform.config),
            // Page shares read on every worker thread at once.
            extract: (b) => extractWithWorkers(platform.workers, b, platform.config.workerThreads),
          },
          args.fileId,
          bytes,
        );
      },
    },
    Query: {
      codes: async (_: unknown, args: { designStandard?: DesignStandard | null; first: number; after?: string | null }, ctx: RequestContext) =>
        pageOf(await listCodes(ctx.platform.db, args.designStandard), args, 500),
      blogPost: (_: unknown, args: { id: string }, ctx: RequestContext) => findPublishedPost(ctx.platform.db, args.id),
      blogPostBySlug: (_: unknown, args: { slug: string }, ctx: RequestContext) => findPublishedPostBySlug(ctx.platform.db, args.slug),
      blogPosts: async (_: unknown, args: { first: number; after?: string | null }, ctx: RequestContext) => pageOf(await listPublishedPosts(ctx.platform.db), args, 100),
    },
    Code: {
      indexed: (c: { indexStatus: string }) => c.indexStatus === 'indexed',
      addedAt: (c: { addedAt: number }) => fromUnixSeconds(c.addedAt),
      __resolveReference: (ref: { fileId: string }, ctx: RequestContext) =>
        loader<string, CodeEntry | null>(ctx, 'codes', (ids) => loadCodes(ctx.platform.db, ids)).load(ref.fileId),
    },
    BlogPost: {
      __resolveReference: (ref: { id: string }, ctx: RequestContext) => findPublishedPost(ctx.platform.db, ref.id),
    },
    Job: {
      searchResults: (job: { type: string; results: SearchResults | null }) => {
        const r = job.results;
        if (job.type !== 'search' || !r) return null;
        return {
          total: r.total,
          page: r.page,
          perPage: r.per_page,
          totalPages: r.total_pages,
          warnings: (r.warnings ?? []).map((w) => ({ code: w.code, message: w.message, fileIds: w.file_ids })),
          matches: r.matches.map((m) => ({
            fileId: m.file_id,
            filename: m.filename,
            description: m.description,
            designStandard: m.design_standard,
            snippet: m.snippet,
            pageNumber: m.page_number,
            pageLabel: m.page_label ?? String(m.page_number),
            relevanceScore: m.relevance_score,
            context: m.context,
            contentType: m.content_type,
          })),
        };
      },
    },
  },
};
