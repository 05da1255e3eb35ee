// npm run bench:cluster: the scale-out deployment (gateway/cluster.ts) with 1 gateway replica and
// 1 job worker, then with 2 and 2, on its own redis-server and a fresh libSQL file database:
// - a mixed read workload (GET /v1/codes, the codes query, GET /v1/jobs/{id}, the job query) from
//   32 clients for BENCH_SECONDS: requests/s and p50/p99;
// - job throughput: 200 diagnostic jobs that wait 200 ms each (I/O-like), then 100 that compute
//   for 100 ms in a worker thread (CPU-bound): jobs/s from the first creation to the last completion.
// Prints the machine's load with the figures: on 2 shared cores the replicas compete for the same CPU.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../core/net/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function startRedis(dir: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (b: Buffer) => (out += b.toString()).includes('Ready to accept connections') && resolve());
    proc.on('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, proc };
}

async function startCluster(redisUrl: string, replicas: number, workers: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-'));
  const child = spawn(process.execPath, [path.join(ROOT, 'gateway/cluster.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `bench-${replicas}-${workers}`,
      DATA_DIR: dataDir,
      PORT: '0',
      MEMORY_PORT: '0',
      SUBGRAPH_PORT: '0',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      GATEWAY_REPLICAS: String(replicas),
      JOB_WORKERS: String(workers),
      PRO_RATE_PER_MIN: '1000000000',
      POLLING_RATE_PER_MIN: '1000000000',
      PUBLIC_RATE_PER_MIN: '1000000000',
      PRO_MAX_UNFINISHED_JOBS: '100000',
    },
  });
  let out = '';
  const { key, url } = await new Promise<{ key: string; url: string }>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const k = out.match(/"key":"(sk_[^"]+)"/);
      const u = out.match(/"msg":"cluster ready","url":"([^"]+)"/);
      if (k && u) resolve({ key: k[1]!, url: u[1]! });
    });
    child.on('exit', (code) => reject(new Error(`cluster exited with ${code}:\n${out}`)));
  });
  return {
    key,
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function gql(url: string, key: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: unknown };
}

const CREATE = 'mutation($input: DiagnosticJobInput!) { createDiagnosticJob(input: $input) { id } }';

async function reads(url: string, key: string) {
  const { data } = await gql(url, key, CREATE, { input: { durationMs: 0, steps: 1 } });
  const jobId = data.createDiagnosticJob.id as string;
  const json = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/v1/codes' },
    {
      method: 'POST',
      path: '/graphql',
      headers: json,
      body: JSON.stringify({ query: '{ codes(first: 10) { nodes { fileId filename } } }' }),
    },
    { method: 'GET', path: `/v1/jobs/${jobId}`, headers: { authorization: `Bearer ${key}` } },
    {
      method: 'POST',
      path: '/graphql',
      headers: json,
      body: JSON.stringify({ query: `{ job(id: "${jobId}") { status progress kind { title } } }` }),
    },
  ];
  await autocannon({ url, connections: 8, duration: 2, requests }); // warm-up
  const r = await autocannon({ url, connections: 32, duration: SECONDS, requests });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function jobs(url: string, key: string, count: number, input: Record<string, unknown>) {
  const started = Date.now();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, () => gql(url, key, CREATE, { input })),
    );
    for (const b of batch) ids.push(b.data.createDiagnosticJob.id);
  }
  const pending = new Set(ids);
  while (pending.size) {
    for (const id of [...pending]) {
      const { data } = await gql(url, key, 'query($id: ID!) { job(id: $id) { status } }', { id });
      if (data?.job?.status === 'COMPLETED' || data?.job?.status === 'FAILED' || data?.job?.status === 'completed')
        pending.delete(id);
    }
    if (pending.size) await sleep(200);
  }
  return { jobsPerSecond: Number((count / ((Date.now() - started) / 1000)).toFixed(1)) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-redis-'));
const redis = await startRedis(dir);
const rows: string[] = [];
try {
  for (const n of [1, 2]) {
    const cluster = await startCluster(redis.url, n, n);
    try {
      const r = await reads(cluster.url, cluster.key);
      const io = await jobs(cluster.url, cluster.key, 200, { durationMs: 200, steps: 2 });
      const cpu = await jobs(cluster.url, cluster.key, 100, { durationMs: 0, steps: 1, cpuMs: 100 });
      rows.push(
        `| ${n} | ${n} | ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.errors} errors) | ${io.jobsPerSecond} jobs/s | ${cpu.jobsPerSecond} jobs/s | ${load()} |`,
      );
      console.log(rows.at(-1));
    } finally {
      await cluster.stop();
    }
  }
} finally {
  redis.proc.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\n| gateway replicas | workers | mixed reads, 32 clients, ${SECONDS} s | 200 I/O jobs (200 ms) | 100 CPU jobs (100 ms) | load (1, 5, 15 min) |`,
);
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
