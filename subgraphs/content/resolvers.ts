// The content subgraph's resolvers: the code library, the blog, code search jobs and their typed
// results. Each parses, calls one domain function (service.ts, codes.ts, blog.ts) and maps the result.
import type { Readable } from 'node:stream';
import { GraphQLJSON } from 'graphql-type-json';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { loader, requirePrincipal, type RequestContext } from '../../core/context.ts';
import { DateTime, fromUnixSeconds } from '../../core/graphql/scalars.ts';
import { pageOf } from '../../core/graphql/pagination.ts';
import { findPublishedPost, findPublishedPostBySlug, listPublishedPosts } from './blog.ts';
import { listCodes, loadCodes, type CodeEntry, type DesignStandard } from './codes.ts';
import type { SearchResults } from './search/search.ts';
import { deleteDocument, getDocument, listDocuments, type LibraryDocument } from './library.ts';
import { createSearchJob, loadCode, uploadToLibrary } from './service.ts';

export const contentResolvers: GraphQLResolverMap<RequestContext> = {
  JSON: GraphQLJSON,
  Upload: GraphQLUpload,
  DateTime,
  JobStatus: { PENDING: 'pending', IN_PROGRESS: 'in_progress', COMPLETED: 'completed', FAILED: 'failed' },
  DesignStandard: { US: 'us', EUROCODE: 'eurocode', AUS_NZ: 'aus-nz', CANADA: 'canada' },
  Mutation: {
    // The record as created (pending): its status and createdAt answer from here, not from a later read.
    createSearchJob: (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext) =>
      createSearchJob(ctx.platform, requirePrincipal(ctx), args.input),
    ingestCode: (
      _: unknown,
      args: { fileId: string; file: Promise<{ createReadStream(): Readable }> },
      ctx: RequestContext,
    ) => loadCode(ctx.platform, requirePrincipal(ctx), args.fileId, args.file),
    uploadLibraryDocument: (
      _: unknown,
      args: {
        file: Promise<{ filename: string; createReadStream(): Readable }>;
        designStandard: DesignStandard;
        description?: string | null;
      },
      ctx: RequestContext,
    ) => uploadToLibrary(ctx.platform, requirePrincipal(ctx), args),
    deleteLibraryDocument: (_: unknown, args: { fileId: string }, ctx: RequestContext) =>
      deleteDocument(ctx.platform, requirePrincipal(ctx), args.fileId),
  },
  Query: {
    codes: async (
      _: unknown,
      args: { designStandard?: DesignStandard | null; first: number; after?: string | null },
      ctx: RequestContext,
    ) => pageOf(await listCodes(ctx.platform.db, args.designStandard), args, 500),
    libraryDocuments: async (_: unknown, args: { first: number; after?: string | null }, ctx: RequestContext) =>
      pageOf(await listDocuments(ctx.platform.db, requirePrincipal(ctx)), args, 200),
    libraryDocument: (_: unknown, args: { fileId: string }, ctx: RequestContext) =>
      getDocument(ctx.platform.db, requirePrincipal(ctx), args.fileId),
    blogPost: (_: unknown, args: { id: string }, ctx: RequestContext) => findPublishedPost(ctx.platform.db, args.id),
    blogPostBySlug: (_: unknown, args: { slug: string }, ctx: RequestContext) =>
      findPublishedPostBySlug(ctx.platform.db, args.slug),
    blogPosts: async (_: unknown, args: { first: number; after?: string | null }, ctx: RequestContext) =>
      pageOf(await listPublishedPosts(ctx.platform.db), args, 100),
  },
  Code: {
    indexed: (c: { indexStatus: string }) => c.indexStatus === 'indexed',
    addedAt: (c: { addedAt: number }) => fromUnixSeconds(c.addedAt),
    __resolveReference: (ref: { fileId: string }, ctx: RequestContext) =>
      loader<string, CodeEntry | null>(ctx, 'codes', (ids) => loadCodes(ctx.platform.db, ids)).load(ref.fileId),
  },
  LibraryDocument: {
    // The resolvers above answer the domain's record; the job and dates are mapped here.
    createdAt: (d: LibraryDocument) => d.createdAt,
    expiresAt: (d: LibraryDocument) => d.expiresAt,
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
};
