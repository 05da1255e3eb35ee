// Runs registered job handlers with bounded concurrency. New jobs wake it at
// once; a timer also picks up delayed jobs and jobs written by other processes.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { BlobStorage } from '../files/blob-storage.ts';
import type { FileStore } from '../files/store.ts';
import type { JobEventBus } from './events.ts';
import type { JobStore } from './store.ts';
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
}

export interface JobRunner {
  start(): Promise<void>;
  /** Wakes the runner after a job was created in this process. */
  wake(): void;
  /** Stops claiming; waits for running jobs up to graceMs, then releases them for a later start. */
  stop(graceMs?: number): Promise<void>;
  readonly running: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { store, events, handlers, log } = options;
  const types = [...handlers.keys()];
  const active = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  let stopped = true;
  let filling = false;
  let refill = false;
  let timer: NodeJS.Timeout | null = null;

  const publish = (jobId: string, status: JobStatus, progress: number) => events.publish({ jobId, status, progress });

  async function execute(job: JobRecord, abort: AbortController): Promise<void> {
    const handler = handlers.get(job.type)!;
    publish(job.id, 'in_progress', 0);
    let lastProgress = 0;
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
        async progress(percent) {
          const p = Math.max(0, Math.min(99, Math.round(percent)));
          if (p <= lastProgress) return;
          lastProgress = p;
          await store.setProgress(job.id, p);
          publish(job.id, 'in_progress', p);
        },
      });
      if (abort.signal.aborted) throw abort.signal.reason;
      await store.complete(job.id, results);
      publish(job.id, 'completed', 100);
    } catch (err) {
      if (abort.signal.aborted) {
        // Shutting down: leave the job resumable rather than failing it.
        await store.release(job.id).catch(() => undefined);
        return;
      }
      const error =
        err instanceof AppError
          ? { code: err.code, message: err.message, details: err.details ?? {} }
          : { code: 'JOB_HANDLER_FAILED', message: err instanceof Error ? err.message : String(err), details: { type: job.type } };
      if (!(err instanceof AppError)) log.error({ err, jobId: job.id, type: job.type }, 'job handler failed');
      await store.fail(job.id, error).catch((e) => log.error({ err: e, jobId: job.id }, 'could not record job failure'));
      publish(job.id, 'failed', lastProgress);
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
          active.set(job.id, { promise, abort });
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
      const { retried, failed } = await store.recover(options.maxAttempts);
      if (retried.length || failed.length) log.warn({ retried, failed }, 'recovered jobs interrupted by a restart');
      for (const id of failed) publish(id, 'failed', 0);
      stopped = false;
      timer = setInterval(() => void fill(), options.pollIntervalMs ?? 250);
      timer.unref();
      await fill();
    },
    wake() {
      if (!stopped) void fill();
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      const running = [...active.values()];
      const all = Promise.allSettled(running.map((r) => r.promise));
      const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
      if (timedOut) {
        for (const r of running) r.abort.abort(new Error('shutdown'));
        await all;
      }
    },
    get running() {
      return active.size;
    },
  };
}
