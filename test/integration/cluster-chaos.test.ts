// The scale-out deployment (npm run start:cluster: two gateway replicas on one port, each subgraph
// its own process, two job workers, a real redis-server) under a bounded load of mixed requests
// and 200 jobs, while a gateway replica, a subgraph process, a worker in the middle of its jobs and
// Redis itself are SIGKILLed (Redis is then started again). Every job must end completed, or
// failed with a named code; none lost, duplicated or left unfinished; no 5xx or broken request
// beyond those in flight at a kill; subscriptions reconnect and see their job's terminal state.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../core/db/client.ts';
import { spawnNode, type Child } from '../helpers/child.ts';
import { redisAvailable, startRedis, uniquePrefix, type RedisServer } from '../helpers/redis.ts';
import { tempDir, waitFor, CREATE_DIAGNOSTIC } from '../helpers/server.ts';

const available = redisAvailable();
if (!available)
  console.log('[skip] redis-server is not installed (.ci/run installs it): the cluster chaos test needs a real Redis');

const JOBS = 200;
let redis: RedisServer | undefined;
let cluster: Child | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (cluster && cluster.proc.exitCode === null) {
    cluster.proc.kill('SIGTERM');
    await Promise.race([cluster.exited, sleep(20_000)]);
    // Whatever did not stop with the supervisor (it forwards SIGTERM to its children).
    for (const pid of pidsOf(cluster.output())) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await redis?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function pidsOf(output: string): number[] {
  return [...output.matchAll(/"msg":"process started","role":"\w+","name":"[\w-]+","pid":(\d+)/g)].map((m) =>
    Number(m[1]),
  );
}
/** The current pid of a supervised process, by name (the last start wins). */
function pidOf(output: string, name: string): number {
  const all = [
    ...output.matchAll(new RegExp(`"msg":"process started","role":"\\w+","name":"${name}","pid":(\\d+)`, 'g')),
  ];
  return Number(all.at(-1)![1]);
}

it.skipIf(!available)(
  'keeps every job and every request whole while a gateway replica, a subgraph, a worker and Redis are SIGKILLed',
  async () => {
    redis = await startRedis();
    dataDir = tempDir();
    cluster = spawnNode('gateway/cluster.ts', [], {
      REDIS_URL: redis.url,
      REDIS_PREFIX: uniquePrefix('chaos'),
      DATA_DIR: dataDir,
      PORT: '0',
      MEMORY_PORT: '0',
      SUBGRAPH_PORT: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      // The load is the test's, not a client's to be refused: limits far above it.
      PRO_RATE_PER_MIN: '1000000',
      POLLING_RATE_PER_MIN: '1000000',
      PUBLIC_RATE_PER_MIN: '1000000',
      PRO_MAX_UNFINISHED_JOBS: '1000',
      JOB_CONCURRENCY: '8',
      JOB_LOCK_MS: '3000',
      JOB_RECONCILE_MS: '2000',
      JOB_MAX_ATTEMPTS: '3',
      SUBGRAPH_REFUSED_WAIT_MS: '180000',
      SHUTDOWN_GRACE_MS: '1000',
    });
    const [, key] = await cluster.waitFor(/"first API key \(pro tier, shown once\)","key":"(sk_[^"]+)"/, 400_000);
    const [, url] = await cluster.waitFor(/"msg":"cluster ready","url":"([^"]+)"/, 400_000);
    const auth = { authorization: `Bearer ${key}` };

    // --- the load: mixed reads from 4 clients until the jobs are done, every outcome counted ---
    const outcomes = { ok: 0, status5xx: 0, otherStatus: 0, broken: 0 };
    let inFlight = 0;
    const inFlightAtKills: Record<string, number> = {};
    const ids: string[] = [];
    /** Creates that got no job id back (a connection or subgraph lost under them): each may have made a job nobody knows. */
    let unanswered = 0;
    let loadOn = true;
    const request = async (make: () => Promise<Response>) => {
      inFlight++;
      try {
        const res = await make();
        await res.arrayBuffer();
        if (res.status >= 500) outcomes.status5xx++;
        else if (res.status >= 400) outcomes.otherStatus++;
        else outcomes.ok++;
      } catch {
        outcomes.broken++;
      } finally {
        inFlight--;
      }
    };
    const mixed = [
      () => fetch(`${url}/v1/codes`),
      () =>
        fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ codes(first: 5) { nodes { fileId } } }' }),
        }),
      () => fetch(`${url}/v1/jobs/${ids[Math.floor(Math.random() * ids.length)] ?? 'none'}`, { headers: auth }),
      () =>
        fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({
            query: 'query($id: ID!) { job(id: $id) { status progress } }',
            variables: { id: ids[0] ?? '00000000-0000-4000-8000-000000000000' },
          }),
        }),
    ];
    const load = Array.from({ length: 4 }, async (_, c) => {
      for (let i = 0; loadOn && i < 100_000; i++) {
        await request(mixed[(i + c) % mixed.length]!);
        await sleep(20);
      }
    });

    // --- 200 jobs: diagnostic sleeps of 1.5 s in 5 steps; every 20th fails with a named code ---
    const create = async (i: number) => {
      const input = { durationMs: 1500, steps: 5, ...(i % 20 === 19 ? { failWithCode: 'UNSUPPORTED_FORMAT' } : {}) };
      // As a client would: a create whose answer was lost is sent again (its first job may exist: counted below).
      for (let tries = 0; tries < 20; tries++) {
        if (tries) await sleep(1_000);
        inFlight++;
        try {
          const res = await fetch(`${url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...auth },
            body: JSON.stringify({ query: CREATE_DIAGNOSTIC, variables: { input } }),
          });
          const body = (await res.json()) as { data?: { createDiagnosticJob: { id: string } } };
          if (res.status >= 500) outcomes.status5xx++;
          if (body.data?.createDiagnosticJob) return ids.push(body.data.createDiagnosticJob.id);
          unanswered++;
        } catch {
          // A broken connection: the job may or may not exist; the rows below tell.
          outcomes.broken++;
          unanswered++;
        } finally {
          inFlight--;
        }
      }
      throw new Error(`job ${i} could not be created`);
    };
    for (let i = 0; i < 40; i++) await create(i);

    // --- subscriptions, one connection each (spread over both replicas), reconnecting after a drop ---
    let reconnects = 0;
    // On jobs that run through every kill (20 s each), so the replica's death drops live subscriptions.
    const watched: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ query: CREATE_DIAGNOSTIC, variables: { input: { durationMs: 20_000, steps: 20 } } }),
      });
      watched.push(
        ((await res.json()) as { data: { createDiagnosticJob: { id: string } } }).data.createDiagnosticJob.id,
      );
    }
    const subscriptions = watched.map((id) => {
      let connections = 0;
      const client = createClient({
        url: url!.replace(/^http/, 'ws') + '/graphql',
        webSocketImpl: WebSocket,
        connectionParams: auth,
        retryAttempts: 1000,
        shouldRetry: () => true,
        retryWait: () => sleep(300),
        on: { connected: () => void (++connections > 1 && reconnects++) },
      });
      const statuses: string[] = [];
      const done = new Promise<string[]>((resolve) =>
        client.subscribe(
          { query: 'subscription($id: ID!) { jobUpdated(id: $id) { status } }', variables: { id } },
          {
            next: (e) =>
              void statuses.push(
                e.errors
                  ? `error: ${JSON.stringify(e.errors)}`
                  : (e.data as { jobUpdated: { status: string } }).jobUpdated.status,
              ),
            error: (err) =>
              resolve([...statuses, `error: ${err instanceof Error ? err.message : JSON.stringify(err)}`]),
            complete: () => resolve(statuses),
          },
        ),
      );
      return { client, done };
    });

    const kill = (name: string, pid: number) => {
      inFlightAtKills[name] = inFlight;
      process.kill(pid, 'SIGKILL');
    };
    const creating = (async () => {
      for (let i = 40; i < JOBS; i++) await create(i);
    })();
    await sleep(1_500);
    kill('gateway', pidOf(cluster.output(), 'gateway-1'));
    await sleep(2_000);
    kill('subgraph', pidOf(cluster.output(), 'documents'));
    await sleep(2_000);
    // Mid-job: a worker always has jobs running while the queue is this full.
    const db = await openDatabase({ url: `file:${path.join(dataDir, 'platform.db')}` });
    await waitFor(async () => (await db.job.count({ where: { status: 'in_progress' } })) > 0, 60_000);
    kill('worker', pidOf(cluster.output(), 'worker-1'));
    await sleep(2_000);
    inFlightAtKills.redis = inFlight;
    await redis.kill();
    await sleep(2_000);
    await redis.restart();
    await creating;

    const finished = await waitFor(
      async () => {
        const unfinished = await db.job.count({ where: { status: { in: ['pending', 'in_progress'] } } });
        return (
          unfinished === 0 &&
          (await db.job.findMany({ select: { id: true, status: true, errorCode: true, attempts: true } }))
        );
      },
      300_000,
      500,
    );
    const statuses = await Promise.all(
      // Every job has ended here, so a subscription owes at most its reconnect and one event; 180 s
      // tells a slow delivery on a loaded machine (two of six missed 60 s at load 30) from a lost one.
      subscriptions.map((s) => Promise.race([s.done, sleep(180_000).then(() => ['(no terminal event within 180 s)'])])),
    );
    loadOn = false;
    await Promise.all(load);
    for (const s of subscriptions) await s.client.dispose();
    await db.$disconnect();

    const completed = finished.filter((j) => j.status === 'completed');
    const failed = finished.filter((j) => j.status === 'failed');
    const report = {
      jobs: finished.length,
      createsUnanswered: unanswered,
      completed: completed.length,
      failed: Object.fromEntries(
        [...new Set(failed.map((j) => j.errorCode))].map((c) => [c, failed.filter((j) => j.errorCode === c).length]),
      ),
      retried: finished.filter((j) => j.attempts > 1).length,
      requests: outcomes,
      inFlightAtKills,
      subscriptions: statuses.map((s) => s.at(-1)),
      subscriptionReconnects: reconnects,
    };
    console.log(`[chaos] ${JSON.stringify(report)}`);

    // Every job whose id a client got exists once, and ended: completed, or failed with a named code.
    // Rows beyond those are creates whose answer was lost, never more than the creates that went unanswered.
    const rows = new Set(finished.map((j) => j.id));
    expect(new Set(ids).size).toBe(JOBS);
    for (const id of ids) expect(rows.has(id)).toBe(true);
    expect(finished.length - JOBS - watched.length).toBeLessThanOrEqual(unanswered);
    expect(completed.length + failed.length).toBe(finished.length);
    for (const j of failed) expect(j.errorCode).toMatch(/^[A-Z][A-Z_]+$/);
    // The 10 jobs asked to fail did, with their code; the others completed unless their runs kept being killed.
    expect(failed.filter((j) => j.errorCode === 'UNSUPPORTED_FORMAT' && ids.includes(j.id)).length).toBe(JOBS / 20);
    // No 5xx and no broken request beyond those in flight at the kills.
    const inFlightTotal = Object.values(inFlightAtKills).reduce((a, b) => a + b, 0);
    expect(outcomes.status5xx + outcomes.broken).toBeLessThanOrEqual(inFlightTotal);
    expect(outcomes.ok).toBeGreaterThan(100);
    // Every subscription saw its job's terminal state, across the replica's death for those on it.
    for (const s of statuses) expect(['COMPLETED', 'FAILED']).toContain(s.at(-1));
    expect(reconnects).toBeGreaterThan(0);
  },
  900_000,
);
