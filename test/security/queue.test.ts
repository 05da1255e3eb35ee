// Issue 11, item 7: one request queued hundreds of jobs and another tenant's
// 100 ms job waited 15–40 s. Now an account has at most its tier's number of
// unfinished jobs (429 TOO_MANY_JOBS past it), and the runner takes the next
// job from the account with the fewest running, so a flood does not starve
// another account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';

describe('per-account cap on unfinished jobs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ FREE_RATE_PER_MIN: '1000', FREE_MAX_UNFINISHED_JOBS: '5' });
  });
  afterAll(() => server.stop());

  it('past the cap a new job is refused with 429 TOO_MANY_JOBS (REST) and the same code (GraphQL); other accounts are not affected', async () => {
    const { secret } = await server.key('free');
    const delayed = 'mutation { createDiagnosticJob(input: { startDelayMs: 60000 }) { id } }';
    for (let i = 0; i < 5; i++) expect((await server.gql(delayed, undefined, secret)).body.errors).toBeUndefined();
    const refused = await server.gql(delayed, undefined, secret);
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'TOO_MANY_JOBS',
      details: { limit: 5, unfinished: 5 },
    });
    const rest = await server.rest('/v1/search/jobs', {
      method: 'POST',
      key: secret,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'shear' }),
    });
    expect(rest.status).toBe(429);
    expect((await rest.json()).error.code).toBe('TOO_MANY_JOBS');
    const other = await server.key('free');
    expect((await server.gql(delayed, undefined, other.secret)).body.errors).toBeUndefined();
  });
});

describe('fair scheduling across accounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ JOB_CONCURRENCY: '2' });
  });
  afterAll(() => server.stop());

  it('another account’s short job completes while one account floods the queue', async () => {
    const flooder = (await server.platform.keys.authenticate((await server.key('pro')).secret))!;
    const other = (await server.platform.keys.authenticate((await server.key('pro')).secret))!;
    const JOBS = 40;
    const JOB_MS = 300;
    for (let i = 0; i < JOBS; i++)
      await server.platform.jobs.create(flooder, 'diagnostic', { durationMs: JOB_MS, steps: 1 });
    // In arrival order it would wait for all 40 (40 × 300 ms ÷ 2 slots = 6 s).
    await new Promise((r) => setTimeout(r, 100));
    const job = await server.platform.jobs.create(other, 'diagnostic', { durationMs: 100, steps: 1 });
    const done = await waitFor(
      async () => {
        const j = await server.platform.jobs.get(job.id, other);
        return j.status === 'completed' ? j : null;
      },
      60_000,
      20,
    );
    expect(done.status).toBe('completed');
    // It waits for at most one of the flooder's jobs to free a slot, plus its own 100 ms: counted in
    // jobs, not in seconds, so a busy machine that slows every job alike changes nothing. In
    // arrival order none of the flooder's 40 would still be pending.
    const flooderLeft = await server.platform.db.job.count({
      where: { accountId: flooder.accountId, status: 'pending' },
    });
    expect(flooderLeft).toBeGreaterThan(JOBS / 2);
  });
});
