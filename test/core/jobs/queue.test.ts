// Jobs through BullMQ on a real redis-server: two platforms share one database and one Redis, as
// two processes of a deployment would: one only creates jobs and listens (a gateway), the other
// works the queue (a worker).
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createPlatform, type Platform } from '../../../core/platform.ts';
import { AppError } from '../../../core/errors.ts';
import type { Principal } from '../../../core/auth/keys.ts';
import type { JobEvent, JobHandler } from '../../../core/jobs/types.ts';
import { tempDir, waitFor } from '../../helpers/server.ts';
import { redisAvailable, startRedis, uniquePrefix, type RedisServer } from '../../helpers/redis.ts';

const available = redisAvailable();
if (!available)
  console.log('[skip] redis-server is not installed (.ci/run installs it): the queue tests need a real Redis');

let redis: RedisServer;
beforeAll(async () => {
  if (available) redis = await startRedis();
});
afterAll(() => redis?.stop());

const calls = new Map<string, number>();
const handlers: JobHandler<any>[] = [
  {
    type: 'ok',
    title: 'Ok',
    description: 'Completes.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    run: async ({ input }) => ({ echo: input }),
  },
  {
    type: 'flaky',
    title: 'Flaky',
    description: 'Throws an unexpected error on its first run.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    async run({ job }) {
      calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
      if (job.attempts === 1) throw new Error('connection reset');
      return { attempt: job.attempts };
    },
  },
  {
    type: 'broken',
    title: 'Broken',
    description: 'Always throws an unexpected error.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    run: async () => {
      throw new Error('always broken');
    },
  },
  {
    type: 'refused',
    title: 'Refused',
    description: 'Fails with a named code.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    run: async () => {
      throw new AppError('UNPROCESSABLE', 'input: not usable', { field: 'input' });
    },
  },
  {
    type: 'cached',
    title: 'Cached',
    description: 'Reads and writes the shared cache.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    async run({ cache, input }) {
      const key = `answer:${(input as { q: string }).q}`;
      const hit = await cache.get<{ n: number }>(key);
      if (hit) return { cached: true, n: hit.n };
      await cache.set(key, { n: 42 }, 60);
      return { cached: false, n: 42 };
    },
  },
];
const families = new Map(handlers.map((h) => [h.type, h.type === 'ok' || h.type === 'cached' ? 'basic' : 'trouble']));

const open: Platform[] = [];
afterEach(async () => {
  for (const p of open.splice(0)) await p.close(500);
});

async function pair(env: Record<string, string> = {}) {
  const dir = tempDir();
  const base = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    DATABASE_URL: `file:${path.join(dir, 'q.db')}`,
    REDIS_URL: redis.url,
    REDIS_PREFIX: uniquePrefix(),
    JOB_RETRY_DELAY_MS: '100',
    JOB_RECONCILE_MS: '300',
    ...env,
  };
  const gateway = await createPlatform(loadConfig({ ...base, RUN_JOBS: '0' }), {
    jobHandlers: handlers,
    jobFamilies: families,
  });
  open.push(gateway);
  const worker = await createPlatform(loadConfig(base), { jobHandlers: handlers, jobFamilies: families });
  open.push(worker);
  const { secret } = await gateway.keys.create({ name: 't', tier: 'pro' });
  const principal = (await gateway.keys.authenticate(secret)) as Principal;
  const finished = (id: string) =>
    waitFor(async () => {
      const job = await gateway.jobs.get(id, principal);
      return (job.status === 'completed' || job.status === 'failed') && job;
    }, 15_000);
  return { gateway, worker, principal, finished };
}

describe.skipIf(!available)('jobs on BullMQ queues', () => {
  it('a job created in one process runs in the worker process, one queue per family, and its events reach the first over pub/sub', async () => {
    const { gateway, worker, principal, finished } = await pair();
    expect(gateway.queue!.working).toEqual([]);
    expect([...worker.queue!.working].sort()).toEqual(['basic', 'trouble']);
    const job = await gateway.jobs.create(principal, 'ok', { x: 1 });
    const seen: JobEvent[] = [];
    const off = gateway.jobs.events.subscribe(job.id, (e) => seen.push(e));
    const done = await finished(job.id);
    await waitFor(async () => seen.some((e) => e.status === 'completed'));
    off();
    expect(done).toMatchObject({ status: 'completed', attempts: 1, results: { echo: { x: 1 } } });
    expect(seen.at(-1)).toEqual({ jobId: job.id, status: 'completed', progress: 100 });
    expect(gateway.runner.running).toBe(0);
  });

  it('retries a job that threw an unexpected error after a backoff, and fails one that keeps throwing once its attempts are spent', async () => {
    const { gateway, principal, finished } = await pair({ JOB_MAX_ATTEMPTS: '3' });
    const flaky = await gateway.jobs.create(principal, 'flaky', {});
    const broken = await gateway.jobs.create(principal, 'broken', {});
    expect(await finished(flaky.id)).toMatchObject({ status: 'completed', attempts: 2, results: { attempt: 2 } });
    expect(calls.get(flaky.id)).toBe(2);
    const failed = await finished(broken.id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: { code: 'JOB_HANDLER_FAILED', message: 'always broken' },
    });
  });

  it('fails a job with a named code at once: an AppError is not retried', async () => {
    const { gateway, principal, finished } = await pair({ JOB_MAX_ATTEMPTS: '3' });
    const job = await gateway.jobs.create(principal, 'refused', {});
    expect(await finished(job.id)).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'UNPROCESSABLE' } });
  });

  it('queues again, on its reconcile, a job the database has and Redis lost', async () => {
    const { gateway, worker, principal, finished } = await pair({ JOB_RECONCILE_MS: '60000' });
    // A job stored while its queue entry was lost (as after a Redis restart without it): delay it, then remove the entry.
    const job = await gateway.jobs.create(principal, 'ok', { lost: true }, { startDelayMs: 60_000 });
    await sleep(100);
    const { Queue } = await import('bullmq');
    const q = new Queue('jobs.basic', { connection: { url: redis.url }, prefix: worker.config.redisPrefix });
    expect(await q.getJob(job.id)).toBeTruthy();
    await q.remove(job.id);
    expect(await q.getJob(job.id)).toBeFalsy();
    await worker.db.job.update({
      where: { id: job.id },
      data: { runAfter: null, updatedAt: new Date(Date.now() - 120_000) },
    });
    expect(await worker.queue!.reconcile()).toBe(1);
    expect(await finished(job.id)).toMatchObject({ status: 'completed', results: { echo: { lost: true } } });
    await q.close();
  });

  it('gives an account with one job precedence over another account’s backlog', async () => {
    const { gateway, worker, principal } = await pair({ JOB_CONCURRENCY: '1' });
    // Stop the worker so the queue fills, then let it run them all and record the order.
    await worker.close(100);
    open.splice(open.indexOf(worker), 1);
    const flood = [];
    for (let i = 0; i < 6; i++) flood.push(await gateway.jobs.create(principal, 'ok', { i }));
    const { secret } = await gateway.keys.create({ name: 'other', tier: 'pro' });
    const other = (await gateway.keys.authenticate(secret)) as Principal;
    const lone = await gateway.jobs.create(other, 'ok', { lone: true });
    const again = await createPlatform(worker.config, { jobHandlers: handlers, jobFamilies: families });
    open.push(again);
    await waitFor(async () => (await gateway.db.job.count({ where: { status: 'completed' } })) === 7, 15_000);
    const order = (await gateway.db.job.findMany({ orderBy: { completedAt: 'asc' }, select: { id: true } })).map(
      (r) => r.id,
    );
    // The flood's first job was queued with the same priority as the lone job, and before it; the lone job comes next.
    expect(order.indexOf(lone.id)).toBeLessThanOrEqual(1);
    expect(order.indexOf(flood[5]!.id)).toBe(6);
  });

  it('shares the cache between processes through Redis', async () => {
    const { gateway, worker, principal, finished } = await pair();
    const first = await finished((await gateway.jobs.create(principal, 'cached', { q: 'beam' })).id);
    const second = await finished((await gateway.jobs.create(principal, 'cached', { q: 'beam' })).id);
    expect(first.results).toEqual({ cached: false, n: 42 });
    expect(second.results).toEqual({ cached: true, n: 42 });
    expect(await gateway.cache.get('answer:beam')).toEqual({ n: 42 });
    expect(await worker.cache.get('answer:column')).toBeNull();
  });

  it('rate limits hold across processes sharing Redis, and while Redis is away the replicas together stay within the budget', async () => {
    // Issue 29, finding 11: two replicas' fresh local counts gave a key that had spent its budget 20 more requests.
    const { gateway: a, worker: b, principal } = await pair({ PRO_RATE_PER_MIN: '10', GATEWAY_REPLICAS: '2' });
    const who = { principal, address: '1' };
    const replicas = [a, b];
    for (let i = 0; i < 10; i++) await replicas[i % 2]!.rateLimits.consume('api', who);
    await expect(b.rateLimits.consume('api', who)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(a.rateLimits.check('api', who)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const { secret } = await a.keys.create({ name: 'fresh', tier: 'pro' });
    const fresh = { principal: (await a.keys.authenticate(secret)) as Principal, address: '1' };
    await redis.kill();
    const served = async (w: typeof who, n: number) => {
      let ok = 0;
      for (let i = 0; i < n; i++)
        await replicas[i % 2]!.rateLimits.consume('api', w).then(
          () => ok++,
          (err) => expect(err.code).toBe('RATE_LIMITED'),
        );
      return ok;
    };
    try {
      // The spent key stays spent on both replicas; a fresh key gets the budget once between them, not once each.
      expect(await served(who, 20)).toBe(0);
      expect(await served(fresh, 30)).toBe(10);
      await expect(a.rateLimits.check('api', fresh)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await redis.restart();
    }
  });
});
