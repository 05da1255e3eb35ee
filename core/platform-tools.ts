// The contract between the subgraphs that offer tools to agents and the agents subgraph that
// calls them. Each subgraph contributes its tools (SubgraphModule.tools, in its own tools.ts):
// a JSON schema the model sees (from zod, as the desktop tools are) and a call of the domain
// function its GraphQL resolver calls, in this process, as the run's account, so its tier,
// limits, unfinished-job cap and retention apply as they do to a request. The platform holds
// them by name (Platform.tools); the agents subgraph only reads that registry.
//
// Rules every tool follows:
// - Arguments the schema refuses are the tool's INVALID_ARGUMENTS error naming the field; an
//   error of the domain (FORMULA_PARSE_ERROR, FILE_NOT_FOUND, TOO_MANY_JOBS, …) is the tool's
//   error with its code, message and details. Either way the model reads it and decides: a tool
//   error never stops the run.
// - Jobs are awaited (settle): a tool that creates a job waits for it up to the job's own time
//   limit (JOB_MAX_RUNTIME_MS, the longest the runner lets it run) and answers its result or
//   error; a job still unfinished then is answered as {job_id, status} for the model to report.
// - Priced work is charged on success with the spec's prices (PRICES_USD).
import type { z } from 'zod';
import { awaitJob } from './jobs/await.ts';
import type { JobRecord } from './jobs/types.ts';
import { LIMITS } from './limits.ts';
import type { PlatformTool, ToolContext, ToolRegistry } from './platform-types.ts';

export { PRICES_USD, type PricedWork } from './prices.ts';
export type { Charge, PlatformTool, ToolContext, ToolRegistry } from './platform-types.ts';

/** Typed where it is written, stored as the registry's common shape. */
export const tool = <S extends z.ZodType>(t: PlatformTool<S>): PlatformTool => t as unknown as PlatformTool;

/** A job the tool waited for failed: its code (a job-only code such as SEARCH_TIMEOUT too) and message reach the model. */
export class JobFailed extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(error: { code: string; message: string; details?: Record<string, unknown> } | null) {
    super(error?.message ?? 'the job failed');
    this.code = error?.code ?? 'JOB_FAILED';
    this.details = error?.details;
  }
}

/** Rule "jobs are awaited": the job's result, its error, or {job_id, status} when its time limit passed first. */
export async function settle(ctx: ToolContext, job: JobRecord): Promise<{ done: boolean; result: unknown }> {
  const end = await awaitJob(ctx.platform.jobs, ctx.principal, job.id, {
    timeoutMs: LIMITS.jobMaxRuntimeMs,
    signal: ctx.signal,
  });
  if (end.status === 'failed') throw new JobFailed(end.error);
  if (end.status !== 'completed')
    return {
      done: false,
      result: {
        job_id: end.id,
        status: end.status,
        note: 'still running; its result will be at job(id) / GET /v1/jobs/{job_id}',
      },
    };
  return { done: true, result: { job_id: end.id, ...end.results } };
}

/** One registry from the subgraphs' contributions; a name offered twice is a wiring mistake. */
export function toolRegistry(contributions: readonly (Record<string, PlatformTool> | undefined)[]): ToolRegistry {
  const out: Record<string, PlatformTool> = {};
  for (const tools of contributions) {
    for (const [name, t] of Object.entries(tools ?? {})) {
      if (Object.hasOwn(out, name)) throw new Error(`platform tool ${name} is contributed twice`);
      out[name] = t;
    }
  }
  return Object.freeze(out);
}
