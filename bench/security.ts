// npm run bench:security — what hostile requests cost now, each beside a
// baseline measured in the same run:
//  - a GraphQL document of 5,000 aliases of `codes` (250 KB, refused by the
//    token limit) beside an ordinary `{ codes { nodes { fileId } } }` query;
//  - another account's 100 ms diagnostic job while one account has 40 jobs of
//    300 ms queued (JOB_CONCURRENCY=2), beside the same job on an idle queue,
//    and beside what arrival order would have made it wait (40 × 300 ms ÷ 2).
import fs from 'node:fs';
import { startBenchServer } from './support/server.ts';
import { pct } from './support/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const { server, dataDir } = await startBenchServer('bench-security-', {
  JOB_CONCURRENCY: '2',
  ENTERPRISE_RATE_PER_MIN: '10000000',
  PUBLIC_RATE_PER_MIN: '10000000',
});
const { secret } = await server.platform.keys.create({ name: 'bench', tier: 'enterprise' });

async function timeQuery(query: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

const plain = '{ codes { nodes { fileId } } }';
const aliases = `{ ${Array.from({ length: 5_000 }, (_, i) => `a${i}: codes { nodes { fileId } }`).join(' ')} }`;
await timeQuery(plain);
const base: number[] = [];
const hostile: number[] = [];
const statuses = new Set<number>();
for (let i = 0; i < RUNS; i++) {
  base.push((await timeQuery(plain)).ms);
  const h = await timeQuery(aliases);
  hostile.push(h.ms);
  statuses.add(h.status);
}
console.log(
  `5,000 aliases of codes (${(aliases.length / 1024).toFixed(0)} KB): p50 ${pct(hostile, 0.5).toFixed(1)} ms, p95 ${pct(hostile, 0.95).toFixed(1)} ms, status ${[...statuses].join(',')}`,
);
console.log(
  `{ codes { nodes { fileId } } } baseline:      p50 ${pct(base, 0.5).toFixed(1)} ms, p95 ${pct(base, 0.95).toFixed(1)} ms  → ratio ${(pct(hostile, 0.5) / pct(base, 0.5)).toFixed(2)}× at p50`,
);

async function waitForJob(accountSecret: string, durationMs: number): Promise<number> {
  const principal = (await server.platform.keys.authenticate(accountSecret))!;
  const t = performance.now();
  const job = await server.platform.jobs.create(principal, 'diagnostic', { durationMs, steps: 1 });
  for (;;) {
    const j = await server.platform.jobs.get(job.id, principal);
    if (j.status === 'completed') return performance.now() - t;
    await new Promise((r) => setTimeout(r, 10));
  }
}

const other = (await server.platform.keys.create({ name: 'other', tier: 'pro' })).secret;
const idle = await waitForJob(other, 100);
const flooder = (await server.platform.keys.authenticate(
  (await server.platform.keys.create({ name: 'flooder', tier: 'enterprise' })).secret,
))!;
for (let i = 0; i < 40; i++) await server.platform.jobs.create(flooder, 'diagnostic', { durationMs: 300, steps: 1 });
await new Promise((r) => setTimeout(r, 100));
const flooded = await waitForJob(other, 100);
console.log(
  `another account's 100 ms job: idle queue ${idle.toFixed(0)} ms; behind 40 × 300 ms jobs of one account ${flooded.toFixed(0)} ms (arrival order: ≥ 6,000 ms) → ${(flooded / idle).toFixed(2)}× idle`,
);

await server.close(1_000);
fs.rmSync(dataDir, { recursive: true, force: true });
