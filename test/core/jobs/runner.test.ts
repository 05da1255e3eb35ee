import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { pino } from 'pino';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { createKeyStore, type Principal } from '../../../core/auth/keys.ts';
import { createJobStore, type JobStore } from '../../../core/jobs/store.ts';
import { createLocalEventBus } from '../../../core/jobs/events.ts';
import { createJobRunner } from '../../../core/jobs/runner.ts';
import type { JobEvent, JobHandler } from '../../../core/jobs/types.ts';
import { AppError } from '../../../core/errors.ts';
import { loadConfig } from '../../../core/config.ts';
import { tempDir, waitFor } from '../../helpers/server.ts';

let db: Database;
let store: JobStore;
let principal: Principal;

beforeEach(async () => {
  db = await openDatabase({ url: `file:${path.join(tempDir(), 'j.db')}` });
  store = createJobStore(db, loadConfig({}));
  const keys = createKeyStore(db);
  principal = (await keys.authenticate((await keys.create({ name: 't', tier: 'pro' })).secret))!;
});
afterEach(() => db.$disconnect());

function runner(handlers: JobHandler<any>[], concurrency = 2) {
  const events = createLocalEventBus();
  const r = createJobRunner({
    store,
    events,
    files: {} as never,
    blobs: {} as never,
    workers: {} as never,
    db,
    config: loadConfig({}),
    handlers: new Map(handlers.map((h) => [h.type, h])),
    concurrency,
    maxAttempts: 2,
    log: pino({ level: 'silent' }),
    pollIntervalMs: 20,
  });
  return { r, events };
}

it('never runs more jobs at once than its concurrency', async () => {
  let running = 0;
  let peak = 0;
  // The first jobs hold until three run at once (not for a time: claims spread over turns of the
  // event loop, and on a loaded machine three claims may take longer than any short sleep).
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler: JobHandler = {
    type: 't',
    title: 'Test',
    description: 'A test job.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    async run() {
      peak = Math.max(peak, ++running);
      await gate;
      await sleep(5);
      running--;
      return {};
    },
  };
  const ids = [];
  for (let i = 0; i < 7; i++) ids.push((await store.create(principal, 't', {})).id);
  const { r } = runner([handler], 3);
  await r.start();
  await waitFor(async () => running === 3);
  open();
  await waitFor(async () => (await db.job.count({ where: { status: 'completed' } })) === 7);
  await r.stop();
  expect(peak).toBe(3);
});

it('publishes progress and turns handler errors into failed jobs with their code', async () => {
  const handler: JobHandler = {
    type: 'p',
    title: 'Test',
    description: 'A test job.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    async run(ctx) {
      await ctx.progress(10);
      await ctx.progress(10);
      await ctx.progress(55.4);
      if ((ctx.input as { fail?: string }).fail === 'app')
        throw new AppError('UNSUPPORTED_FORMAT', 'nope', { why: 'test' });
      if ((ctx.input as { fail?: string }).fail === 'crash') throw new TypeError('boom');
      return { ok: true };
    },
  };
  const { r, events } = runner([handler]);
  const ok = await store.create(principal, 'p', {});
  const seen: JobEvent[] = [];
  events.subscribe(ok.id, (e) => seen.push(e));
  const app = await store.create(principal, 'p', { fail: 'app' });
  const crash = await store.create(principal, 'p', { fail: 'crash' });
  await r.start();
  await waitFor(async () => (await db.job.count({ where: { status: { in: ['completed', 'failed'] } } })) === 3);
  await r.stop();
  expect(seen.map((e) => `${e.status}:${e.progress}`)).toEqual([
    'in_progress:0',
    'in_progress:10',
    'in_progress:55',
    'completed:100',
  ]);
  expect((await store.get(ok.id, principal)).results).toEqual({ ok: true });
  expect((await store.get(app.id, principal)).error).toEqual({
    code: 'UNSUPPORTED_FORMAT',
    message: 'nope',
    details: { why: 'test' },
  });
  expect((await store.get(crash.id, principal)).error).toMatchObject({ code: 'JOB_HANDLER_FAILED', message: 'boom' });
});

it('leaves delayed jobs pending until their time', async () => {
  const handler: JobHandler = {
    type: 'd',
    title: 'Test',
    description: 'A test job.',
    typicalSeconds: [0, 1],
    parse: (i) => i,
    run: async () => ({}),
  };
  const job = await store.create(principal, 'd', {}, { runAfter: new Date(Date.now() + 300) });
  const { r } = runner([handler]);
  await r.start();
  await sleep(100);
  expect((await store.get(job.id, principal)).status).toBe('pending');
  await waitFor(async () => (await store.get(job.id, principal)).status === 'completed', 3_000);
  await r.stop();
});
