// Claiming on PostgreSQL (FOR UPDATE SKIP LOCKED): many runners claiming at once never take the
// same job, none is left behind, and the account with fewer jobs running goes first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore, type Principal } from '../../../core/auth/keys.ts';
import { loadConfig } from '../../../core/config.ts';
import { openDatabase, type Database } from '../../../core/db/client.ts';
import { createJobStore, type JobStore } from '../../../core/jobs/store.ts';
import { freshDatabase, TEST_POSTGRES_URL } from '../../helpers/postgres.ts';

describe.runIf(TEST_POSTGRES_URL)('job claims on PostgreSQL', () => {
  let db: Database;
  let store: JobStore;
  let drop: () => Promise<void>;
  let a: Principal;
  let b: Principal;

  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    db = await openDatabase({ url: database.url });
    store = createJobStore(db, loadConfig({}));
    const keys = createKeyStore(db);
    a = (await keys.authenticate((await keys.create({ name: 'a', tier: 'pro' })).secret))!;
    b = (await keys.authenticate((await keys.create({ name: 'b', tier: 'pro' })).secret))!;
  });
  afterAll(async () => {
    await db?.$disconnect();
    await drop?.();
  });

  it('hands each of 60 jobs to exactly one of 12 concurrent claimers', async () => {
    const created = new Set<string>();
    for (let i = 0; i < 60; i++) created.add((await store.create(i % 2 ? a : b, 'noop', { i })).id);
    const claimed: string[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        for (let job = await store.claimNext(['noop']); job; job = await store.claimNext(['noop'])) {
          expect(job.status).toBe('in_progress');
          expect(job.attempts).toBe(1);
          claimed.push(job.id);
        }
      }),
    );
    expect(claimed.length).toBe(60);
    expect(new Set(claimed)).toEqual(created);
    for (const id of created) await store.complete(id, {});
  });

  it('takes the account with fewer jobs running first, then the oldest due job; skips other types and later starts', async () => {
    const a1 = await store.create(a, 'noop', {});
    const a2 = await store.create(a, 'noop', {});
    const b1 = await store.create(b, 'noop', {});
    await store.create(b, 'other', {});
    await store.create(b, 'noop', {}, { runAfter: new Date(Date.now() + 60_000) });
    expect((await store.claimNext(['noop']))?.id).toBe(a1.id);
    // a has one running now, b none: b's job goes before a's older one.
    expect((await store.claimNext(['noop']))?.id).toBe(b1.id);
    expect((await store.claimNext(['noop']))?.id).toBe(a2.id);
    expect(await store.claimNext(['noop'])).toBeNull();
  });
});

describe.skipIf(TEST_POSTGRES_URL)('job claims on PostgreSQL', () => {
  it.skip('skipped: set TEST_POSTGRES_URL to run the claims on PostgreSQL', () => {});
});
