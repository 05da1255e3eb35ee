// npm run start:cluster: the scale-out deployment on one machine, every part its own process:
// GATEWAY_REPLICAS gateway replicas (2) sharing one port through node:cluster (the primary hands
// connections round-robin), each subgraph without subscriptions as its own process
// (gateway/subgraph-server.ts; the agents subgraph serves subscriptions and stays in the
// replicas), and JOB_WORKERS job workers (2, gateway/worker.ts), on the Redis of REDIS_URL and the
// database of DATABASE_URL. This process supervises them: one that dies is started again.
//
// It prints one JSON line per process it starts ({"msg":"process started",role,name,pid}) and
// one when the cluster is ready ({"msg":"cluster ready",url,...}).
import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertSigningSecret, loadConfig } from '../core/config.ts';
import { readVariables } from '../core/env/read.ts';
import { freePort } from '../core/net/free-port.ts';
import { openDatabase } from '../core/db/client.ts';
import { createKeyStore } from '../core/auth/keys.ts';
import { SUBGRAPHS } from '../subgraphs/registry.ts';
import { SUBGRAPH_NAMES } from '../schema/compose.ts';
import { STOP_BACKSTOP_MS } from './stop-on-signal.ts';
import { stopProcesses } from './stop-processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = readVariables(process.env);

if (!env.REDIS_URL) {
  console.error(
    'npm run start:cluster needs REDIS_URL (redis://127.0.0.1:6379): the processes share jobs, job events, rate limits and caches through it.',
  );
  process.exit(2);
}
const config = loadConfig();
// Checked here once: every process would refuse it, and be restarted without end.
assertSigningSecret(config);
// Two gateways unless told otherwise: the variable's own default (1) is that of a gateway started alone.
const replicas = process.env.GATEWAY_REPLICAS ? env.GATEWAY_REPLICAS : 2;
const jobWorkers = env.JOB_WORKERS;
const say = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

const port = config.gatewayPort || (await freePort(config.host));
const memoryPort = config.memoryPort || (await freePort(config.host));
const subgraphBase = env.SUBGRAPH_PORT;

// Migrated once, before any process starts: processes starting together would race on a fresh database.
const db = await openDatabase({ url: config.databaseUrl });
if (config.env === 'development' && (await createKeyStore(db).count()) === 0) {
  const { secret } = await createKeyStore(db).create({ name: 'first development key', tier: 'pro' });
  say({ msg: 'first API key (pro tier, shown once)', key: secret });
}
await db.$disconnect();

let stopping = false;
const children = new Set<ChildProcess>();

// Installed before anything starts: a SIGTERM while the processes are still starting stops them too.
// Each process stops itself within its grace period and backstop (gateway/stop-on-signal.ts); one
// still running a few seconds past that is SIGKILLed, so the cluster stops in bounded time.
const stopDeadlineMs = config.shutdownGraceMs + STOP_BACKSTOP_MS + 5_000;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    say({ msg: 'cluster shutting down', signal });
    // Gateways stop taking requests first; then workers (running jobs get their grace) and subgraphs.
    const gateways = Object.values(cluster.workers ?? {}).filter((w): w is ClusterWorker => !!w);
    const first = await stopProcesses(
      gateways.map((w) => ({
        kill: (s) => w.process.kill(s),
        exited: () => w.isDead(),
        onExit: (cb) => w.once('exit', cb),
      })),
      stopDeadlineMs,
    );
    const then = await stopProcesses(
      [...children].map((c) => ({
        kill: (s) => c.kill(s),
        exited: () => c.exitCode !== null || c.signalCode !== null,
        onExit: (cb) => c.once('exit', cb),
      })),
      stopDeadlineMs,
    );
    say({ msg: 'cluster stopped', killed: first.killed + then.killed });
    process.exit(0);
  });
}

/** Restarts come after a pause that grows while a process keeps dying young. */
const backoff = (startedAt: number, failures: number) =>
  Date.now() - startedAt > 10_000 ? 300 : Math.min(5_000, 300 * 2 ** failures);

/** Starts a Node process for `script`, restarted whenever it dies; resolves once `ready` appears in its output. */
function supervise(
  role: string,
  name: string,
  script: string,
  args: string[],
  childEnv: Record<string, string>,
  ready: RegExp,
): Promise<void> {
  let failures = 0;
  return new Promise((resolveReady) => {
    const start = () => {
      const startedAt = Date.now();
      const child = spawn(process.execPath, [path.join(ROOT, script), ...args], {
        cwd: ROOT,
        env: { ...process.env, ...childEnv },
        stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      });
      children.add(child);
      say({ msg: 'process started', role, name, pid: child.pid });
      let seen = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        if (seen !== null && (seen += chunk.toString()).match(ready)) {
          seen = null as never;
          failures = 0;
          resolveReady();
        }
      });
      child.on('exit', (code, signal) => {
        children.delete(child);
        if (stopping) return;
        const delay = backoff(startedAt, failures++);
        say({ msg: 'process exited; restarting', role, name, pid: child.pid, code, signal, restartInMs: delay });
        setTimeout(start, delay);
      });
    };
    start();
  });
}

const common = {
  REDIS_URL: env.REDIS_URL!,
  DATABASE_URL: config.databaseUrl,
  DATA_DIR: config.dataDir,
  NODE_ENV: config.env,
};

// Subgraphs first: the content subgraph seeds the code catalogue before workers read it.
const remote = SUBGRAPH_NAMES.filter((name) => !SUBGRAPHS[name].runsInGateway);
const subgraphPorts = new Map<string, number>();
for (const [i, name] of remote.entries()) subgraphPorts.set(name, subgraphBase ? subgraphBase + i : await freePort());
await Promise.all(
  remote.map((name) =>
    supervise(
      'subgraph',
      name,
      'gateway/subgraph-server.ts',
      [name],
      { ...common, PORT: String(subgraphPorts.get(name)), RUN_JOBS: '0' },
      /subgraph listening/,
    ),
  ),
);
await Promise.all(
  Array.from({ length: jobWorkers }, (_, i) =>
    supervise('worker', `worker-${i + 1}`, 'gateway/worker.ts', [], { ...common, RUN_JOBS: '1' }, /worker ready/),
  ),
);

// Gateway replicas: node:cluster shares the listening sockets; connections go round-robin.
cluster.setupPrimary({ exec: path.join(ROOT, 'gateway/main.ts'), silent: false });
const gatewayEnv = {
  ...common,
  PORT: String(port),
  MEMORY_PORT: String(memoryPort),
  REMOTE_SUBGRAPHS: [...subgraphPorts].map(([name, p]) => `${name}=http://127.0.0.1:${p}/graphql`).join(','),
  RUN_JOBS: '0',
  // Each replica's share of a rate-limit budget while Redis is away (core/rate-limit.ts).
  GATEWAY_REPLICAS: String(replicas),
};
const replicaReady = new Map<number, () => void>();
function forkReplica(index: number, failures = 0): Promise<void> {
  const startedAt = Date.now();
  const worker: ClusterWorker = cluster.fork({ ...gatewayEnv, GATEWAY_REPLICA: String(index) });
  say({ msg: 'process started', role: 'gateway', name: `gateway-${index}`, pid: worker.process.pid });
  const ready = new Promise<void>((resolve) => replicaReady.set(worker.id, resolve));
  worker.on('exit', (code, signal) => {
    if (stopping) return;
    const delay = backoff(startedAt, failures);
    say({
      msg: 'process exited; restarting',
      role: 'gateway',
      name: `gateway-${index}`,
      pid: worker.process.pid,
      code,
      signal,
      restartInMs: delay,
    });
    setTimeout(() => void forkReplica(index, Date.now() - startedAt > 10_000 ? 0 : failures + 1), delay);
  });
  return ready;
}
cluster.on('listening', (worker, address) => {
  if (address.port === port) replicaReady.get(worker.id)?.();
});
await Promise.all(Array.from({ length: replicas }, (_, i) => forkReplica(i + 1)));

say({
  msg: 'cluster ready',
  url: `http://${config.host}:${port}`,
  memoryUrl: `http://${config.host}:${memoryPort}`,
  gateways: replicas,
  subgraphs: Object.fromEntries(subgraphPorts),
  workers: jobWorkers,
});
