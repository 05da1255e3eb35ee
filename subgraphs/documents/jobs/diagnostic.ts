// The diagnostic job type: sleeps in steps (reporting progress), optionally
// computes in a worker thread, optionally fails or produces a file. Tests and
// benchmarks use it to exercise the job machinery end to end.
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { AppError, ERROR_TABLE, type ErrorCode } from '../../../core/errors.ts';
import type { JobHandler } from '../../../core/jobs/types.ts';
import { parseInput } from '../../../core/validation.ts';

const inputSchema = z.object({
  durationMs: z.number().int().min(0).max(60_000).default(300),
  steps: z.number().int().min(1).max(100).default(3),
  cpuMs: z.number().int().min(0).max(60_000).default(0),
  failWithCode: z.string().nullish(),
  produceFile: z.boolean().default(false),
});

export type DiagnosticInput = z.infer<typeof inputSchema>;

const TASK = new URL('./diagnostic-task.ts', import.meta.url);

export const diagnosticJob: JobHandler<DiagnosticInput> = {
  type: 'diagnostic',
  title: 'Diagnostic job',
  description: 'Sleeps and computes to exercise the job machinery (tests and benchmarks).',
  typicalSeconds: [0, 5],
  operation: {
    mutation: 'createDiagnosticJob',
    route: { none: 'it exercises the job machinery in tests and benchmarks; not in the spec' },
  },
  internal: { why: 'createDiagnosticJob checks that diagnostic jobs are enabled (DIAGNOSTIC_JOBS)' },
  parse: (input) => parseInput(inputSchema, input),
  async run(ctx) {
    const { durationMs, steps, cpuMs } = ctx.input;
    const phases = steps + (cpuMs > 0 ? 1 : 0);
    let done = 0;
    let rounds = 0;
    if (cpuMs > 0) {
      rounds = (await ctx.workers.run<{ rounds: number }>(TASK, { ms: cpuMs }, ctx.signal)).rounds;
      await ctx.progress((++done / (phases + 1)) * 100);
    }
    for (let i = 0; i < steps; i++) {
      await sleep(durationMs / steps, undefined, { signal: ctx.signal });
      await ctx.progress((++done / (phases + 1)) * 100);
    }
    if (ctx.input.failWithCode) {
      const code = (ctx.input.failWithCode in ERROR_TABLE ? ctx.input.failWithCode : 'JOB_HANDLER_FAILED') as ErrorCode;
      throw new AppError(code, `Diagnostic job failed on request with ${ctx.input.failWithCode}`, {
        requested: ctx.input.failWithCode,
      });
    }
    const results: Record<string, unknown> = { steps, duration_ms: durationMs, cpu_rounds: rounds };
    if (ctx.input.produceFile) {
      const saved = await ctx.files.save({
        accountId: ctx.job.accountId,
        jobId: ctx.job.id,
        data: Buffer.from(`diagnostic job ${ctx.job.id}\nsteps=${steps}\n`),
        contentType: 'text/plain; charset=utf-8',
        downloadName: `diagnostic-${ctx.job.id}.txt`,
        expiresAt: ctx.job.expiresAt,
      });
      Object.assign(results, { file_url: saved.fileUrl, file_type: 'txt', expires_at: saved.expiresAt.toISOString() });
    }
    return results;
  },
};
