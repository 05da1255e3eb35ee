// Assembles the shared services every subgraph and edge uses. One instance
// per process; tests build their own with a temporary data directory.
import path from 'node:path';
import { assertSigningSecret, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createKeyStore } from './auth/keys.ts';
import { createOAuth } from './auth/oauth.ts';
import { createLogger, type Logger } from './log.ts';
import type { Database } from './db/types.ts';
import { createRateLimits } from './rate-limit.ts';
import { createDiskStorage } from './files/blob-storage.ts';
import { createFileStore } from './files/store.ts';
import { createJobStore } from './jobs/store.ts';
import { createLocalEventBus, createPollingEventBus, type JobEventBus } from './jobs/events.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import { createJobService } from './jobs/service.ts';
import { createWorkerPool } from './jobs/worker-pool.ts';
import type { JobHandler } from './jobs/types.ts';
import { createRedisEventBus } from './jobs/redis-events.ts';
import { createJobQueue, retryableFailure } from './jobs/queue.ts';
import { createMemoryCache, createRedisCache } from './cache.ts';
import { connectRedis, whenReady } from './redis.ts';
import type { Platform, ServiceBase, ToolRegistry } from './platform-types.ts';
import type { SubgraphServices } from './subgraph-services.ts';
import { embedderFor } from './embedding/embed.ts';

export type { Platform, ServiceBase } from './platform-types.ts';
export type { SubgraphServices } from './subgraph-services.ts';

export interface PlatformOptions {
  /** Every job type of the deployment: any process creates any type and publishes its kind. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of every payload type in one list (a handler's payload type is contravariant)
  jobHandlers: JobHandler<any>[];
  /**
   * The job types this process runs: those of the subgraphs it serves (a subgraph's process runs
   * its own jobs and nobody else's). Default: every type. None when config.runJobs is false.
   * With REDIS_URL these types' families are worked from their queues.
   */
  runJobTypes?: readonly string[];
  /** Job type → family: with REDIS_URL, one queue per family. Default: each type its own. */
  jobFamilies?: ReadonlyMap<string, string>;
  /** Every subgraph's tools for agents (subgraphs/registry.ts allTools); none by default. */
  tools?: ToolRegistry;
  /** Builds every subgraph's collaborators (subgraphs/registry.ts buildServices), before any job runs; none by default. */
  services?: (base: ServiceBase) => SubgraphServices;
  onQuery?: (sql: string) => void;
}

/** The embedders of memory and code search, their models loading in their threads at once. */
function startEmbedders(config: Config, log: Logger, onClose: (c: () => Promise<void>) => void) {
  const embedder = embedderFor(config);
  // Code search's own when it is another (EMBEDDER_CODE): one instance when both name the same.
  const codeEmbedder =
    config.codeEmbedder === config.embedder ? embedder : embedderFor({ ...config, embedder: config.codeEmbedder });
  for (const e of new Set([embedder, codeEmbedder])) {
    // The model loads in its thread while the rest starts (about a second of CPU), not on the first search.
    e.warm?.().catch((err) => log.error({ err: err.message }, 'the embedding model failed to load'));
    onClose(async () => e.close?.());
  }
  return { embedder, codeEmbedder };
}

/**
 * With Redis, job events go through pub/sub. Without it, when another process runs some job types
 * (`runsEveryType` false), their events come from it through the database.
 */
function eventBusFor(config: Config, db: Database, runsEveryType: boolean): JobEventBus {
  if (config.redisUrl) return createRedisEventBus(config.redisUrl, config.redisPrefix, db);
  return runsEveryType ? createLocalEventBus() : createPollingEventBus(db);
}

/** How a new job reaches a runner: queued in Redis for any worker, or this process's runner woken. */
function dispatcher(queue: ReturnType<typeof createJobQueue> | null, runner: JobRunner, log: Logger) {
  return queue
    ? (job: { id: string; type: string }, queueing: { unfinished: number; runAfter: Date | null }) =>
        void queue
          .enqueue(job, queueing)
          .catch((err) =>
            log.warn({ err: err.message, jobId: job.id }, 'could not queue the job; a worker will queue it again'),
          )
    : () => runner.wake();
}

/** The Redis job queue's settings from the configuration. */
const queueSettings = (config: Config, url: string) => ({
  url,
  prefix: config.redisPrefix,
  maxAttempts: config.jobMaxAttempts,
  lockMs: config.jobLockMs,
  retryDelayMs: config.jobRetryDelayMs,
  reconcileMs: config.jobReconcileMs,
  concurrency: config.jobConcurrency,
});

export async function createPlatform(config: Config, options: PlatformOptions): Promise<Platform> {
  assertSigningSecret(config);
  const log = createLogger(config.logLevel);
  const db = await openDatabase({ url: config.databaseUrl, onQuery: options.onQuery });
  const closers: (() => Promise<void>)[] = [];
  const onClose = (c: () => Promise<void>) => void closers.push(c);
  const { embedder, codeEmbedder } = startEmbedders(config, log, onClose);
  // Before the runner and the queue exist: a job handed over at once finds its subgraph's collaborators.
  const services = options.services?.({ config, log, db, embedder, onClose }) ?? ({} as SubgraphServices);
  const handlers = new Map(options.jobHandlers.map((h) => [h.type, h as JobHandler<unknown>]));
  const runTypes = new Set(config.runJobs ? (options.runJobTypes ?? handlers.keys()) : []);
  const running = new Map([...handlers].filter(([type]) => runTypes.has(type)));
  const redisUrl = config.redisUrl;
  const events = eventBusFor(config, db, running.size === handlers.size);
  // Rate-limit counts and cached answers share one connection that fails fast while Redis is away.
  const shared = redisUrl ? connectRedis(redisUrl, `${config.redisPrefix}:shared`) : null;
  const cache = shared ? createRedisCache(shared, `${config.redisPrefix}:cache:`) : createMemoryCache();
  const blobs = createDiskStorage(path.join(config.dataDir, 'blobs'));
  let publicUrl = config.publicUrl;
  const files = createFileStore(db, blobs, {
    secret: config.signingSecret,
    publicUrl: () => publicUrl,
  });
  const store = createJobStore(db, config);
  const keys = createKeyStore(db);
  const workers = createWorkerPool(config.workerThreads, config.workerIdleMs);
  const runner = createJobRunner({
    store,
    events,
    files,
    blobs,
    workers,
    db,
    config,
    handlers: running,
    concurrency: config.jobConcurrency,
    maxAttempts: config.jobMaxAttempts,
    activeAccounts: (ids) => keys.activeAccounts(ids),
    log,
    cache,
    embedder,
    codeEmbedder,
    services,
    ...(redisUrl ? { source: 'queue' as const, retryable: retryableFailure(config.jobMaxAttempts) } : {}),
  });
  const queue = redisUrl
    ? createJobQueue({
        ...queueSettings(config, redisUrl),
        families: options.jobFamilies ?? new Map([...handlers.keys()].map((t) => [t, t])),
        store,
        events,
        log,
        runner,
      })
    : null;
  const jobs = createJobService(store, events, handlers, dispatcher(queue, runner, log), config.tiers);

  const sweepers: ((now: Date) => Promise<number>)[] = [];
  async function sweep() {
    const now = new Date();
    let other = 0;
    for (const s of sweepers) other += await s(now);
    return { jobs: await store.deleteExpired(now), files: await files.deleteExpired(now), other };
  }
  const sweeper = setInterval(
    () => void sweep().catch((err) => log.error({ err }, 'sweep failed')),
    config.sweepIntervalMs,
  );
  sweeper.unref();

  if (shared && queue) {
    // A process that starts before Redis still starts: limits fall back to memory, jobs wait in the database.
    const up = (await Promise.all([whenReady(shared, 5_000), queue.ready(5_000)])).every(Boolean);
    if (!up)
      log.warn(
        { redis: config.redisUrl },
        'Redis is not reachable yet; continuing, and reconnecting in the background',
      );
  }
  await runner.start();

  const oauth = createOAuth(db, keys, {
    pendingTtlMs: config.oauthPendingTtlMs,
    accessTtlS: config.oauthAccessTtlS,
    refreshTtlS: config.oauthRefreshTtlS,
  });
  sweepers.push((now) => oauth.sweepRetired(now));

  return {
    config,
    publicUrl: () => publicUrl,
    bindPublicUrl: (url) => void (publicUrl = url),
    log,
    db,
    keys,
    oauth,
    rateLimits: createRateLimits(config, shared ? { client: shared, prefix: config.redisPrefix } : undefined),
    files,
    blobs,
    jobs,
    runner,
    queue,
    cache,
    workers,
    tools: options.tools ?? {},
    embedder,
    codeEmbedder,
    services,
    sweep,
    registerSweeper: (s) => void sweepers.push(s),
    onClose,
    async close(graceMs) {
      clearInterval(sweeper);
      // Running jobs finish within graceMs or are released back to their queue; then the queue closes.
      await runner.stop(graceMs);
      await queue?.close();
      shared?.disconnect();
      for (const c of closers) await c().catch((err) => log.error({ err }, 'closing a module failed'));
      events.close();
      await workers.close();
      db.reads.close();
      await db.$disconnect();
    },
  };
}
