// Jobs through BullMQ queues (REDIS_URL): one queue per job family (the subgraph that owns the job
// types), so `npm run worker` processes, as many as wanted, run them with retries and recovery.
//
// The database stays the record of every job (the store's row, which `job(id)` reads); a queue
// entry only says "run job <id>", with the job's id as the BullMQ id so a job is queued once.
// - A worker claims the row by id (store.claimById) and hands it to the runner (runner.ts, source
//   'queue'), which records the outcome only while its claim holds.
// - Retries with backoff: a handler that throws an unexpected error (not an AppError, whose code
//   says the input or the request is at fault) is put back and tried again after JOB_RETRY_DELAY_MS,
//   doubling, until JOB_MAX_ATTEMPTS runs have started; then it fails with JOB_HANDLER_FAILED.
// - Stalled jobs: a worker that dies stops renewing its lock; after JOB_LOCK_MS another worker's
//   stalled check hands the job out again, and the claim counts the attempt: past JOB_MAX_ATTEMPTS
//   it fails with JOB_INTERRUPTED, as after a restart of the embedded runner.
// - Redis is not the record: a job created while Redis was away, or lost by a Redis restart, is
//   pending (or in progress) in the database with no queue entry. Every JOB_RECONCILE_MS each
//   worker process enqueues such jobs of its families again.
// - Fairness: a job's priority is the number of unfinished jobs its account had when it was
//   created, so an account's first job goes before another account's fiftieth (BullMQ runs lower
//   numbers first, in order of arrival within one number).
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.ts';
import { connectRedis, whenReady } from '../redis.ts';
import type { JobEventBus } from './events.ts';
import type { JobRunner } from './runner.ts';
import type { JobStore } from './store.ts';
import type { JobRecord } from './types.ts';

const MAX_PRIORITY = 2_097_151;

export interface JobQueueOptions {
  url: string;
  prefix: string;
  /** Job type → family (its queue). */
  families: ReadonlyMap<string, string>;
  store: JobStore;
  events: JobEventBus;
  log: Logger;
  maxAttempts: number;
  lockMs: number;
  retryDelayMs: number;
  reconcileMs: number;
  /** Runs the jobs of the families of runner.types in this process; none when the runner has no types. */
  runner: JobRunner;
  /** Jobs of one family this process runs at once. */
  concurrency: number;
}

export interface JobQueue {
  /** Queues a stored job; when Redis is away the job stays pending in the database and a worker's reconcile queues it. */
  enqueue(
    job: Pick<JobRecord, 'id' | 'type'>,
    options?: { unfinished?: number; runAfter?: Date | null },
  ): Promise<void>;
  /** The families whose jobs this process works. */
  readonly working: readonly string[];
  /** Resolves once the producer's connection is up, or after timeoutMs (jobs created meanwhile are queued by a reconcile). */
  ready(timeoutMs: number): Promise<boolean>;
  /** One reconcile pass now (tests, and each worker's timer): how many jobs were queued again. */
  reconcile(): Promise<number>;
  /** Stops taking jobs; call after the runner's stop, which ends or releases the running ones. */
  close(): Promise<void>;
}

/** A run of an unexpected error is retried while attempts remain; an AppError names a failure retrying cannot fix. */
export const retryableFailure = (maxAttempts: number) => (job: JobRecord, err: unknown) =>
  !(err instanceof AppError) && job.attempts < maxAttempts;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const producer: Redis = connectRedis(options.url, `${options.prefix}:jobs:producer`);
  const queues = new Map<string, Queue>();
  const queueOf = (type: string): Queue => {
    const family = options.families.get(type) ?? type;
    let q = queues.get(family);
    if (!q) {
      q = new Queue(queueName(family), { connection: producer, prefix: options.prefix, skipWaitingForReady: true });
      q.on('error', () => undefined);
      queues.set(family, q);
    }
    return q;
  };
  const enqueue = enqueuer(options, queueOf);
  const runTypes = new Set(options.runner.types);
  const working = [...new Set([...runTypes].map((t) => options.families.get(t) ?? t))];
  const recordGivenUp = givenUpRecorder(options);
  const process = processor(options, runTypes);
  const link = { down: false };
  const workers = working.map((family) => startWorker(options, family, process, recordGivenUp, link));
  const workTypes = [...options.families].filter(([, f]) => working.includes(f)).map(([t]) => t);
  const reconcile = reconciler(options, { producer, queueOf, enqueue, recordGivenUp, workTypes });
  const timer = workers.length ? setInterval(() => void reconcile(), options.reconcileMs) : null;
  timer?.unref();

  return {
    enqueue,
    working,
    reconcile,
    ready: (timeoutMs) => whenReady(producer, timeoutMs),
    async close() {
      if (timer) clearInterval(timer);
      // Forced: the runner's stop (called first) already ended or released the running jobs, and
      // BullMQ's graceful close can wait forever on a connection that is re-establishing itself.
      await Promise.all(workers.map((w) => w.close(true).catch(() => undefined)));
      await Promise.all([...queues.values()].map((q) => q.close().catch(() => undefined)));
      producer.disconnect();
    },
  };
}

const queueName = (family: string) => `jobs.${family}`;

/** A job onto its family's queue, its id the BullMQ id (queued once), its priority its account's backlog. */
function enqueuer(options: JobQueueOptions, queueOf: (type: string) => Queue): JobQueue['enqueue'] {
  return async (job, opts = {}) => {
    const delay = opts.runAfter ? Math.max(0, opts.runAfter.getTime() - Date.now()) : 0;
    await queueOf(job.type).add(
      job.type,
      {},
      {
        jobId: job.id,
        priority: Math.min(MAX_PRIORITY, (opts.unfinished ?? 0) + 1),
        delay,
        attempts: options.maxAttempts,
        backoff: { type: 'exponential', delay: options.retryDelayMs },
        removeOnComplete: true,
        // Kept a while so a worker's reconcile can tell a job BullMQ gave up on from one Redis lost.
        removeOnFail: { age: 3_600 },
      },
    );
  };
}

/** A worker's run of one queue entry: claim the row, run it, and tell BullMQ to retry or to put it back. */
function processor(options: JobQueueOptions, runTypes: ReadonlySet<string>) {
  const { store, log, events } = options;
  return async (bull: Job, token?: string): Promise<void> => {
    const claim = await store.claimById(bull.id!, options.maxAttempts);
    if (!claim) return; // finished, deleted, or claimed by another worker: nothing to run
    if ('interrupted' in claim) {
      log.warn(
        { jobId: claim.interrupted.id, attempts: claim.interrupted.attempts },
        'job interrupted too often; failed',
      );
      events.publish({ jobId: claim.interrupted.id, status: 'failed', progress: claim.interrupted.progress });
      return;
    }
    if (!runTypes.has(claim.job.type)) {
      // Only a misconfigured deployment (a family split across processes) gets here: give the job back.
      await store.retryClaimed(claim.job.id, claim.job.attempts);
      throw new Error(`this worker does not run ${claim.job.type} jobs`);
    }
    const outcome = await options.runner.run(claim.job);
    if (outcome === 'retry')
      throw new Error(`job ${claim.job.id} attempt ${claim.job.attempts} failed; retried after a backoff`);
    if (outcome === 'released') {
      // Shutting down: back to the queue without spending one of BullMQ's attempts.
      await bull.moveToDelayed(Date.now() + options.retryDelayMs, token);
      throw new DelayedError();
    }
  };
}

/** One family's worker. `link` is shared by the process's workers so a lost Redis is logged once, not once a worker. */
function startWorker(
  options: JobQueueOptions,
  family: string,
  process: (bull: Job, token?: string) => Promise<void>,
  recordGivenUp: (id: string, reason: string) => Promise<void>,
  link: { down: boolean },
): Worker {
  const { log } = options;
  const worker = new Worker(queueName(family), process, {
    connection: {
      url: options.url,
      maxRetriesPerRequest: null,
      retryStrategy: (times: number) => Math.min(200 * times, 2_000),
    },
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: Math.max(1_000, Math.round(options.lockMs / 2)),
    // The claim counts the attempts of stalled runs (JOB_INTERRUPTED); BullMQ's own limit must not come first.
    maxStalledCount: options.maxAttempts + 1,
  });
  worker.on('error', (err) => {
    if (!link.down) log.warn({ err: err.message, family }, 'job queue worker lost Redis; it reconnects by itself');
    link.down = true;
  });
  worker.on('ready', () => {
    if (link.down) log.info({ family }, 'job queue worker reconnected to Redis');
    link.down = false;
  });
  // BullMQ gave up on a job (its stalled limit, or attempts spent) that the row still shows unfinished.
  worker.on('failed', (bull, err) => {
    if (!bull || !bull.id) return;
    void (async () => {
      if ((await bull.getState().catch(() => 'unknown')) !== 'failed') return;
      await recordGivenUp(bull.id!, err.message);
    })().catch((e) => log.error({ err: e, jobId: bull.id }, 'could not record a job the queue gave up on'));
  });
  return worker;
}

/** A job BullMQ gave up on is failed in the database (JOB_INTERRUPTED), unless the row already finished. */
function givenUpRecorder(options: JobQueueOptions): (id: string, reason: string) => Promise<void> {
  const { store, events } = options;
  return async (id, reason) => {
    const [row] = [...(await store.getMany([id])).values()];
    if (!row || (row.status !== 'pending' && row.status !== 'in_progress')) return;
    const failed = await store.failClaimed(id, row.attempts, {
      code: 'JOB_INTERRUPTED',
      message: `The job queue gave up on the job: ${reason}`,
      details: { attempts: row.attempts },
    });
    if (failed) events.publish({ jobId: id, status: 'failed', progress: row.progress });
  };
}

/** Redis is not the record: jobs the database has unfinished and the queue lost are queued again, one pass at a time. */
function reconciler(
  options: JobQueueOptions,
  parts: {
    producer: Redis;
    queueOf: (type: string) => Queue;
    enqueue: JobQueue['enqueue'];
    recordGivenUp: (id: string, reason: string) => Promise<void>;
    workTypes: string[];
  },
): () => Promise<number> {
  const { store, log } = options;
  const { producer, queueOf, enqueue, recordGivenUp, workTypes } = parts;
  let reconciling = false;
  return async () => {
    if (reconciling || workTypes.length === 0 || producer.status !== 'ready') return 0;
    reconciling = true;
    let queued = 0;
    try {
      const rows = await store.unfinished(workTypes, new Date(Date.now() - options.reconcileMs), 1_000);
      for (const row of rows) {
        const existing = await queueOf(row.type).getJob(row.id);
        const state = existing ? await existing.getState() : null;
        if (state === 'failed') {
          await recordGivenUp(row.id, existing?.failedReason ?? 'failed');
          continue;
        }
        if (existing && state !== 'completed' && state !== 'unknown') continue;
        if (existing) await existing.remove().catch(() => undefined);
        await enqueue(row, { runAfter: row.runAfter });
        queued++;
      }
      if (queued) log.warn({ queued }, 'queued jobs again that the database had and Redis did not');
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'job reconcile failed; retried on the next tick');
    } finally {
      reconciling = false;
    }
    return queued;
  };
}
