import { z } from 'zod';
import type { Route } from '../route.ts';

export const JOB_FIELDS = `id type status progress createdAt completedAt results error { code message details }`;

/** GraphQL Job → the spec's REST Job. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are JSON the route reads field by field
export function restJob(job: Record<string, any>) {
  const status = String(job.status).toLowerCase();
  return {
    job_id: job.id,
    type: job.type,
    status,
    progress: job.progress,
    created_at: job.createdAt,
    completed_at: job.completedAt ?? null,
    results: status === 'completed' ? (job.results ?? {}) : null,
    error: status === 'failed' ? job.error : null,
  };
}

/** The spec's 202 acknowledgement of a created job (published as the route's success schema). */
export const jobAcknowledgement = z.object({
  job_id: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed', 'failed']),
  created_at: z.string().describe('ISO 8601'),
});

/** The spec's Job (GET /v1/jobs/{job_id}). */
export const jobRecord = z.object({
  job_id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed', 'failed']),
  progress: z.number().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  results: z.record(z.string(), z.unknown()).nullable(),
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).nullable(),
});

/** The fields a job-creating mutation returns for the REST answer: the record as created. */
export const ACCEPTED_FIELDS = 'id status createdAt';

/** A created job → the spec's 202 body, its status read from the record (pending), not assumed. */
export const jobAccepted = (job: { id: string; status: string; createdAt: string }) => ({
  body: { job_id: job.id, status: job.status.toLowerCase(), created_at: job.createdAt },
});

export const jobRoutes: Route[] = [
  {
    method: 'post',
    path: '/v1/jobs',
    summary:
      'Create a job of any type that is not internal (the catalogue: GraphQL jobKinds), its input as the type takes it; follow it on GET /v1/jobs/{job_id}',
    tag: 'jobs',
    auth: 'bearer',
    errors: 'hosted',
    body: z.object({
      type: z.string().min(1).max(100).describe('the job type, e.g. search'),
      input: z
        .record(z.string(), z.unknown())
        .describe("the job's input, as the type takes it (its errors name the field at fault)"),
    }),
    successStatus: 202,
    response: jobAcknowledgement,
    async handle({ body }, run) {
      const data = await run(
        `mutation Create($type: String!, $input: JSON!) { createJob(type: $type, input: $input) { ${ACCEPTED_FIELDS} } }`,
        body,
      );
      return jobAccepted(data.createJob);
    },
  },
  {
    method: 'get',
    path: '/v1/jobs/{job_id}',
    summary: 'Status and result of any asynchronous job',
    tag: 'jobs',
    auth: 'bearer',
    errors: 'hosted',
    params: z.object({ job_id: z.string().min(1).max(200) }),
    successStatus: 200,
    response: jobRecord,
    async handle({ params }, run) {
      const data = await run(`query Job($id: ID!) { job(id: $id) { ${JOB_FIELDS} } }`, { id: params.job_id });
      return { body: restJob(data.job) };
    },
  },
];
