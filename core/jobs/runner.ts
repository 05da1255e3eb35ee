// Runs registered job handlers with bounded concurrency. New jobs wake it at
// once; a timer also picks up delayed jobs and jobs written by other processes.
//
// A running job is stopped (its signal aborts, which terminates its worker
// task) when it is abandoned, that is when nobody can use its result any more:
// - it runs past its wall-clock limit (JOB_MAX_RUNTIME_MS): fails with RESOURCE_LIMIT;
// - every API key of its account was revoked: fails with JOB_CANCELLED;
// - its row was deleted (retention ended) or its claim was lost (another
//   runner's recovery put it back and re-claimed it): nothing is recorded,
//   the row is no longer this runner's.
// The last three are checked every JOB_WATCH_INTERVAL_MS with one query for
// all running jobs. A shutdown aborts too, but puts the job back to pending.
//
// Where jobs come from: with `source: 'database'` (the embedded default) the runner claims them
// itself (store.claimNext); with `source: 'queue'` a BullMQ worker (queue.ts) claims one by id and
// hands it to run(), and the runner records it only while that claim holds.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import type { BlobStorage } from '../files/blob-storage.ts';
import type { FileStore } from '../files/store.ts';
import type { JobEventBus } from './events.ts';
import type { JobStore } from './store.ts';
import { createMemoryCache, type Cache } from '../cache.ts';
import { embedderFor, type Embedder } from '../embedding/embed.ts';
import type { SubgraphServices } from '../subgraph-services.ts';
import type { JobHandler, JobRecord, JobStatus } from './types.ts';
import type { WorkerPool } from './worker-pool.ts';

export interface JobRunnerOptions {
  store: JobStore;
  events: JobEventBus;
  files: FileStore;
  blobs: BlobStorage;
  workers: WorkerPool;
  db: Database;
  config: Config;
  handlers: ReadonlyMap<string, JobHandler<unknown>>;
  concurrency: number;
  maxAttempts: number;
  log: Logger;
  pollIntervalMs?: number;
  /** Wall-clock limit of one job (core/limits.ts jobMaxRuntimeMs). */
  maxRuntimeMs?: number;
  /** How often running jobs are checked for abandonment (core/limits.ts jobWatchIntervalMs). */
  watchIntervalMs?: number;
  /** Of these accounts, those that still have a key; a job of any other is abandoned. */
  activeAccounts?: (accountIds: readonly string[]) => Promise<Set<string>>;
  /** 'database' (default): the runner claims jobs; 'queue': they are handed to run(). */
  source?: 'database' | 'queue';
  /** Queue only: whether a job that threw `err` goes back for another attempt instead of failing. */
  retryable?: (job: JobRecord, err: unknown) => boolean;
  /** The handlers' cache of computed answers (JobContext.cache). */
  cache?: Cache;
  /** JobContext.embedder: the platform's (default: the one the configuration names). */
  embedder?: Embedder;
  /** JobContext.codeEmbedder: the platform's (default: the one EMBEDDER_CODE names). */
  codeEmbedder?: Embedder;
  /** JobContext.services: the subgraphs' collaborators (default: none). */
  services?: SubgraphServices;
}

/**
 * How a run ended: recorded completed or failed; put back for another attempt (retry) or for a
 * later start (released, at shutdown); or abandoned: the row was no longer this run's to record.
 */
export type JobOutcome = 'completed' | 'failed' | 'retry' | 'released' | 'abandoned';

type Running = { job: JobRecord; promise: Promise<JobOutcome>; abort: AbortController };

/** Why a running job is no longer wanted, judged from its row and its account; null while it is. */
function abandonment(
  job: JobRecord,
  claim: { status: JobStatus; attempts: number } | undefined,
  activeAccounts: Set<string> | null,
): AppError | null {
  if (!claim) return new AppError('JOB_CANCELLED', 'The job was deleted while it ran', { reason: 'deleted' });
  if (claim.status !== 'in_progress' || claim.attempts !== job.attempts) {
    return new AppError('JOB_CANCELLED', 'The job was taken over by another runner', { reason: 'claim_lost' });
  }
  if (activeAccounts && !activeAccounts.has(job.accountId)) {
    return new AppError('JOB_CANCELLED', "Every API key of the job's account was revoked, so the job was stopped", {
      reason: 'account_revoked',
    });
  }
  return null;
}

const toJobError = (err: AppError) => ({ code: err.code, message: err.message, details: err.details ?? {} });

export interface JobRunner {
  start(): Promise<void>;
  /** Wakes the runner after a job was created in this process. */
  wake(): void;
  /** Queue source: runs a job claimed by the caller (store.claimById) and says how it ended. */
  run(job: JobRecord): Promise<JobOutcome>;
  /** Stops claiming; waits for running jobs up to graceMs, then releases them for a later start. */
  stop(graceMs?: number): Promise<void>;
  readonly running: number;
  /** The job types this runner claims. */
  readonly types: readonly string[];
}

/** What every run of this runner shares: its options, the handlers' context and how it publishes. */
interface Execution {
  options: JobRunnerOptions;
  queued: boolean;
  maxRuntimeMs: number;
  shared: Pick<JobContextOf, 'cache' | 'embedder' | 'codeEmbedder' | 'services'>;
  publish(jobId: string, status: JobStatus, progress: number): void;
}

type JobContextOf = Parameters<JobHandler<unknown>['run']>[0];

/** The handlers' cache, embedders and subgraph services: the runner's own unless the platform gave them. */
function sharedContext(options: JobRunnerOptions): Execution['shared'] {
  const embedder = options.embedder ?? embedderFor(options.config);
  const codeEmbedder =
    options.codeEmbedder ??
    (options.config.codeEmbedder === options.config.embedder
      ? embedder
      : embedderFor({ ...options.config, embedder: options.config.codeEmbedder }));
  return {
    cache: options.cache ?? createMemoryCache(),
    embedder,
    codeEmbedder,
    // None: a runner without subgraphs (the core's tests), whose handlers read none.
    services: options.services ?? ({} as SubgraphServices),
  };
}

/** One job run by its handler under the runtime limit, and its end recorded. */
async function executeJob(x: Execution, job: JobRecord, abort: AbortController): Promise<JobOutcome> {
  const { options, publish, maxRuntimeMs } = x;
  const { store } = options;
  const handler = options.handlers.get(job.type)!;
  publish(job.id, 'in_progress', 0);
  let lastProgress = 0;
  const overtime = setTimeout(
    () =>
      abort.abort(
        new AppError('RESOURCE_LIMIT', `The job ran longer than its limit of ${maxRuntimeMs} ms and was stopped`, {
          limit: 'job_max_runtime_ms',
          limit_value: maxRuntimeMs,
        }),
      ),
    maxRuntimeMs,
  );
  try {
    const results = await handler.run({
      job,
      input: job.input,
      signal: abort.signal,
      files: options.files,
      blobs: options.blobs,
      db: options.db,
      config: options.config,
      workers: options.workers,
      ...x.shared,
      async progress(percent) {
        const p = Math.max(0, Math.min(99, Math.round(percent)));
        if (p <= lastProgress) return;
        lastProgress = p;
        await store.setProgress(job.id, p);
        publish(job.id, 'in_progress', p);
      },
    });
    if (abort.signal.aborted) throw abort.signal.reason;
    if (x.queued) {
      if (!(await store.completeClaimed(job.id, job.attempts, results))) return 'abandoned';
    } else {
      await store.complete(job.id, results);
    }
    publish(job.id, 'completed', 100);
    return 'completed';
  } catch (err) {
    if (abort.signal.aborted) return afterAbort(x, job, abort.signal.reason, lastProgress);
    return afterError(x, job, err, lastProgress);
  } finally {
    clearTimeout(overtime);
  }
}

/** A job stopped by its signal: abandoned or over its time (an AppError), or a shutdown. */
async function afterAbort(x: Execution, job: JobRecord, reason: unknown, lastProgress: number): Promise<JobOutcome> {
  const { store, log } = x.options;
  if (reason instanceof AppError) {
    // Abandoned or over its time: recorded only while the row is still this runner's claim.
    log.warn({ jobId: job.id, type: job.type, code: reason.code, details: reason.details }, 'running job stopped');
    const recorded = await store
      .failClaimed(job.id, job.attempts, toJobError(reason))
      .catch((e) => log.error({ err: e, jobId: job.id }, 'could not record job failure'));
    if (recorded) x.publish(job.id, 'failed', lastProgress);
    return recorded ? 'failed' : 'abandoned';
  }
  // Shutting down: leave the job resumable rather than failing it.
  await store.release(job.id).catch(() => undefined);
  return 'released';
}

/** A handler that threw: another attempt when the queue retries it, else the job fails with the error. */
async function afterError(x: Execution, job: JobRecord, err: unknown, lastProgress: number): Promise<JobOutcome> {
  const { store, log } = x.options;
  if (x.options.retryable?.(job, err)) {
    log.warn({ err, jobId: job.id, type: job.type, attempt: job.attempts }, 'job failed; it will be retried');
    if (!(await store.retryClaimed(job.id, job.attempts))) return 'abandoned';
    x.publish(job.id, 'pending', 0);
    return 'retry';
  }
  const error =
    err instanceof AppError
      ? toJobError(err)
      : {
          code: 'JOB_HANDLER_FAILED',
          message: err instanceof Error ? err.message : String(err),
          details: { type: job.type },
        };
  if (!(err instanceof AppError)) log.error({ err, jobId: job.id, type: job.type }, 'job handler failed');
  if (x.queued) {
    const recorded = await store.failClaimed(job.id, job.attempts, error);
    if (!recorded) return 'abandoned';
  } else {
    await store.fail(job.id, error).catch((e) => log.error({ err: e, jobId: job.id }, 'could not record job failure'));
  }
  x.publish(job.id, 'failed', lastProgress);
  return 'failed';
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, events, handlers, log } = options;
  const types = [...handlers.keys()];
  const active = new Map<string, Running>();
  const maxRuntimeMs = options.maxRuntimeMs ?? LIMITS.jobMaxRuntimeMs;
  let stopped = true;
  let filling = false;
  let refill = false;
  let watching = false;
  let timer: NodeJS.Timeout | null = null;
  let watchTimer: NodeJS.Timeout | null = null;
  const queued = options.source === 'queue';
  const x: Execution = {
    options,
    queued,
    maxRuntimeMs,
    shared: sharedContext(options),
    publish: (jobId, status, progress) => events.publish({ jobId, status, progress }),
  };
  const publish = x.publish;
  const execute = (job: JobRecord, abort: AbortController) => executeJob(x, job, abort);

  /** One look at every running job's row and account; abandoned jobs are aborted. */
  async function watch(): Promise<void> {
    const running = [...active.values()].filter((r) => !r.abort.signal.aborted);
    if (watching || running.length === 0) return;
    watching = true;
    try {
      const claims = await store.claims(running.map((r) => r.job.id));
      const accounts = options.activeAccounts
        ? await options.activeAccounts([...new Set(running.map((r) => r.job.accountId))])
        : null;
      for (const r of running) {
        const reason = abandonment(r.job, claims.get(r.job.id), accounts);
        if (reason) r.abort.abort(reason);
      }
    } catch (err) {
      log.error({ err }, 'job runner could not check its running jobs');
    } finally {
      watching = false;
    }
  }

  async function fill(): Promise<void> {
    if (filling) {
      refill = true;
      return;
    }
    filling = true;
    try {
      do {
        refill = false;
        while (!stopped && active.size < options.concurrency) {
          const job = await store.claimNext(types);
          if (!job) break;
          const abort = new AbortController();
          const promise = execute(job, abort).finally(() => {
            active.delete(job.id);
            if (!stopped) void fill();
          });
          active.set(job.id, { job, promise, abort });
        }
      } while (refill && !stopped);
    } catch (err) {
      log.error({ err }, 'job runner could not claim jobs');
    } finally {
      filling = false;
    }
  }

  return {
    async start() {
      if (types.length === 0) return;
      if (queued) {
        // The queue hands jobs in and recovers those of dead workers; the runner only watches them.
        stopped = false;
        watchTimer = setInterval(() => void watch(), options.watchIntervalMs ?? LIMITS.jobWatchIntervalMs);
        watchTimer.unref();
        return;
      }
      const { retried, failed } = await store.recover(options.maxAttempts);
      if (retried.length || failed.length) log.warn({ retried, failed }, 'recovered jobs interrupted by a restart');
      for (const id of failed) publish(id, 'failed', 0);
      stopped = false;
      timer = setInterval(() => void fill(), options.pollIntervalMs ?? 250);
      timer.unref();
      watchTimer = setInterval(() => void watch(), options.watchIntervalMs ?? LIMITS.jobWatchIntervalMs);
      watchTimer.unref();
      await fill();
    },
    wake() {
      if (!stopped && !queued) void fill();
    },
    run(job) {
      if (!queued) throw new Error('run() is for a runner whose jobs come from a queue');
      const abort = new AbortController();
      if (stopped) abort.abort(new Error('shutdown'));
      const promise = execute(job, abort).finally(() => active.delete(job.id));
      active.set(job.id, { job, promise, abort });
      return promise;
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      if (watchTimer) clearInterval(watchTimer);
      timer = watchTimer = null;
      const running = [...active.values()];
      const all = Promise.allSettled(running.map((r) => r.promise));
      const timedOut = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref()),
      ]);
      if (timedOut) {
        for (const r of running) r.abort.abort(new Error('shutdown'));
        await all;
      }
    },
    get running() {
      return active.size;
    },
    types,
  };
}
