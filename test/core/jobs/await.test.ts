// awaitJob: a job's record once it ends, or as it stands when the wait's time or signal ends first.
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pino } from 'pino';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { createKeyStore, type Principal } from '../../../core/auth/keys.ts';
import { createJobStore } from '../../../core/jobs/store.ts';
import { createLocalEventBus } from '../../../core/jobs/events.ts';
import { createJobRunner, type JobRunner } from '../../../core/jobs/runner.ts';
import { createJobService, type JobService } from '../../../core/jobs/service.ts';
import { awaitJob } from '../../../core/jobs/await.ts';
import type { JobHandler } from '../../../core/jobs/types.ts';
import { AppError } from '../../../core/errors.ts';
import { loadConfig } from '../../../core/config.ts';
import { tempDir } from '../../helpers/server.ts';

let db: Database;
let principal: Principal;
let jobs: JobService;
let runner: JobRunner;
let release: () => void;

const held: JobHandler = {
  type: 'held',
  title: 'Test',
  description: 'A test job.',
  typicalSeconds: [0, 1],
  parse: (i) => i,
  async run() {
    await new Promise<void>((r) => (release = r));
    return { answer: 42 };
  },
};
const failing: JobHandler = {
  type: 'failing',
  title: 'Test',
  description: 'A test job.',
  typicalSeconds: [0, 1],
  parse: (i) => i,
  async run() {
    throw new AppError('RESOURCE_LIMIT', 'too big', { limit: 1 });
  },
};

beforeEach(async () => {
  db = await openDatabase({ url: `file:${path.join(tempDir(), 'j.db')}` });
  const config = loadConfig({});
  const store = createJobStore(db, config);
  const keys = createKeyStore(db);
  principal = (await keys.authenticate((await keys.create({ name: 't', tier: 'pro' })).secret))!;
  const events = createLocalEventBus();
  const handlers = new Map([held, failing].map((h) => [h.type, h]));
  runner = createJobRunner({
    store,
    events,
    files: {} as never,
    blobs: {} as never,
    workers: {} as never,
    db,
    config,
    handlers,
    concurrency: 2,
    maxAttempts: 1,
    log: pino({ level: 'silent' }),
    pollIntervalMs: 20,
  });
  jobs = createJobService(store, events, handlers, () => runner.wake(), config.tiers);
  await runner.start();
});
afterEach(async () => {
  release?.();
  await runner.stop(1000);
  await db.$disconnect();
});

it('answers the completed record as soon as the job ends', async () => {
  const job = await jobs.create(principal, 'held', {});
  const waiting = awaitJob(jobs, principal, job.id, { timeoutMs: 60_000 });
  await new Promise((r) => setTimeout(r, 100));
  release();
  const started = Date.now();
  const done = await waiting;
  expect(done).toMatchObject({ id: job.id, status: 'completed', results: { answer: 42 } });
  // Answered at the job's end (milliseconds), not at the wait's own limit (60 s): 20 s is far from both.
  expect(Date.now() - started).toBeLessThan(20_000);
});

it('answers a failed job with its error', async () => {
  const job = await jobs.create(principal, 'failing', {});
  expect(await awaitJob(jobs, principal, job.id, { timeoutMs: 10_000 })).toMatchObject({
    status: 'failed',
    error: { code: 'RESOURCE_LIMIT', message: 'too big' },
  });
});

it('answers the record as it stands when the time or the signal ends the wait first', async () => {
  const job = await jobs.create(principal, 'held', {});
  const timedOut = await awaitJob(jobs, principal, job.id, { timeoutMs: 150 });
  expect(['pending', 'in_progress']).toContain(timedOut.status);
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 100);
  const started = Date.now();
  const stopped = await awaitJob(jobs, principal, job.id, { timeoutMs: 60_000, signal: abort.signal });
  expect(['pending', 'in_progress']).toContain(stopped.status);
  // Ended by the signal (100 ms), not by the 60 s limit: 20 s is far from both.
  expect(Date.now() - started).toBeLessThan(20_000);
});
