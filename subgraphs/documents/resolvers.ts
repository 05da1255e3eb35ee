// The documents subgraph's resolvers: the Job entity (any process answers job(id): records are
// shared), the job-type catalogue, generic job creation, diagnostics, and the calculation-document
// and spreadsheet mutations. Each parses, calls one domain function and maps the result.
import { GraphQLJSON } from 'graphql-type-json';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper/resolverMap.js';
import { loader, requirePrincipal, type RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { DateTime } from '../../core/graphql/scalars.ts';
import { connection, offsetOf, pageSize } from '../../core/graphql/pagination.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import { visibleTo } from '../../core/jobs/store.ts';
import { calcdocMutations } from './calcdoc/resolvers.ts';
import { spreadsheetMutations } from './spreadsheet/resolvers.ts';
import { createDiagnosticJob, listJobs, receiveUpload, type FileUploadPromise } from './service.ts';

function fileResult(job: JobRecord) {
  const r = job.results;
  if (!r || typeof r.file_url !== 'string') return null;
  return { fileUrl: r.file_url, fileType: r.file_type, expiresAt: r.expires_at };
}

/** Batches every Job read of one request into one query. */
const jobLoader = (ctx: RequestContext) =>
  loader<string, JobRecord | null>(ctx, 'jobs', async (ids) => {
    const found = await ctx.platform.jobs.store.getMany(ids);
    return ids.map((id) => found.get(id) ?? null);
  });

const visible = (job: JobRecord | null, ctx: RequestContext) => visibleTo(job, ctx.principal?.accountId);

export const documentsResolvers: GraphQLResolverMap<RequestContext> = {
  JSON: GraphQLJSON,
  Upload: GraphQLUpload,
  DateTime,
  JobStatus: { PENDING: 'pending', IN_PROGRESS: 'in_progress', COMPLETED: 'completed', FAILED: 'failed' },
  Query: {
    jobKinds: (_: unknown, _args: unknown, ctx: RequestContext) => ctx.platform.jobs.kinds(),
    job: async (_: unknown, args: { id: string }, ctx: RequestContext) => {
      requirePrincipal(ctx);
      const job = visible(await jobLoader(ctx).load(args.id), ctx);
      if (!job) throw new AppError('JOB_NOT_FOUND', `Job ${args.id} not found`, { job_id: args.id });
      return job;
    },
    jobs: async (_: unknown, args: { first: number; after?: string | null }, ctx: RequestContext) => {
      const first = pageSize(args.first, 100);
      const offset = offsetOf(args.after);
      return connection(await listJobs(ctx.platform, requirePrincipal(ctx), offset, first), offset, first);
    },
  },
  Mutation: {
    createJob: (_: unknown, args: { type: string; input: unknown }, ctx: RequestContext) =>
      ctx.platform.jobs.create(requirePrincipal(ctx), args.type, args.input, { generic: true }),
    createDiagnosticJob: (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext) =>
      createDiagnosticJob(ctx.platform, requirePrincipal(ctx), args.input),
    diagnosticUpload: (_: unknown, args: { file: FileUploadPromise }, ctx: RequestContext) => {
      requirePrincipal(ctx);
      return receiveUpload(ctx.platform, args.file);
    },
    ...calcdocMutations,
    ...spreadsheetMutations,
  },
  Job: {
    __resolveReference: async (ref: { id: string }, ctx: RequestContext) =>
      visible(await jobLoader(ctx).load(ref.id), ctx),
    fileResult,
    kind: (job: JobRecord, _: unknown, ctx: RequestContext) => ctx.platform.jobs.kindOf(job.type),
  },
};
