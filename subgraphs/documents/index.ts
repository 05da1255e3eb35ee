// Documents subgraph: owns the Job entity (every asynchronous operation's
// status), calculation documents and spreadsheets.
import { GraphQLJSON } from 'graphql-type-json';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { loader, requirePrincipal, type RequestContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { DateTime } from '../../core/graphql/scalars.ts';
import { connection, offsetOf, pageSize } from '../../core/graphql/pagination.ts';
import type { JobRecord } from '../../core/jobs/types.ts';
import { visibleTo } from '../../core/jobs/store.ts';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { diagnosticJob } from './jobs/diagnostic.ts';
import { receiveUpload, type FileUploadPromise } from './diagnostic-upload.ts';
import { spreadsheetJobHandlers, spreadsheetMutations } from './spreadsheet/index.ts';
import { calcdocModule } from './calcdoc/resolvers.ts';
import { documentsTools } from './tools.ts';


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

export const documentsSubgraph: SubgraphModule = {
  name: 'documents',
  typeDefs: typeDefsOf('documents'),
  jobHandlers: [diagnosticJob, ...calcdocModule.jobHandlers, ...spreadsheetJobHandlers],
  tools: documentsTools,
  // Job status reads have the spec's polling allowance (120 a minute), apart from the tier's.
  // The job-type catalogue is published like the service's limits: public.
  budgets: { 'Query.job': 'polling', 'Query.jobKinds': 'public' },
  resolvers: {
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
        const principal = requirePrincipal(ctx);
        const first = pageSize(args.first, 100);
        const offset = offsetOf(args.after);
        // Newest first; the rows up to this page's end plus one, which tells whether a next page exists.
        const rows = await ctx.platform.jobs.store.listForAccount(principal.accountId, offset + first + 1);
        return connection(rows.slice(offset), offset, first);
      },
    },
    Mutation: {
      createJob: (_: unknown, args: { type: string; input: unknown }, ctx: RequestContext) =>
        ctx.platform.jobs.create(requirePrincipal(ctx), args.type, args.input, { generic: true }),
      createDiagnosticJob: (_: unknown, args: { input: Record<string, unknown> }, ctx: RequestContext) => {
        const principal = requirePrincipal(ctx);
        if (!ctx.platform.config.diagnosticJobs) throw new AppError('FORBIDDEN', 'Diagnostic jobs are disabled on this server');
        const { startDelayMs, ...input } = args.input;
        return ctx.platform.jobs.create(principal, 'diagnostic', input, { startDelayMs: Number(startDelayMs ?? 0) });
      },
      diagnosticUpload: (_: unknown, args: { file: FileUploadPromise }, ctx: RequestContext) => {
        requirePrincipal(ctx);
        if (!ctx.platform.config.diagnosticJobs) throw new AppError('FORBIDDEN', 'Diagnostics are disabled on this server');
        return receiveUpload(args.file);
      },
      ...calcdocModule.mutations,
      ...spreadsheetMutations,
    },
    Job: {
      __resolveReference: async (ref: { id: string }, ctx: RequestContext) => visible(await jobLoader(ctx).load(ref.id), ctx),
      fileResult,
      kind: (job: JobRecord, _: unknown, ctx: RequestContext) => ctx.platform.jobs.kindOf(job.type),
    },
  },
};
