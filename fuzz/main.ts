// npm run fuzz -- [--seed N | --seeds N,M] [--seconds S] [--no-truncated-multipart] [--kinds a,b] [--trace]: starts the platform on loopback
// in a child process with a fresh data directory (fuzz/serve.ts) and runs the fuzz (fuzz/fuzz.ts)
// against it from this one, so the fuzzer's work does not count against the server's responsiveness.
// --seeds runs one fuzz of S seconds per seed, one after the other, against the one server (CI's
// two seeds pay for one start; the later seeds meet a server the earlier ones have used), each
// reported on its own.
// Each family (fuzz/families/) gets an equal share of the time. Exits 1 on any failure. Bounds:
// /healthcheck p99 under 200 ms, no single probe over 1 s, no turn of the server's event loop over
// 1 s of its main thread's CPU (fuzz/stalls.ts: the freeze a quiet machine would see), the server's RSS under
// FUZZ_MAX_RSS_MB (2,048 MB by default). --kinds keeps only some families (to find which one a
// resource grows with); --trace prints the server's memory every 5 s against the requests
// answered so far.
import os from 'node:os';
import { FAMILIES } from './families/index.ts';
import { printReport, runFuzz } from './fuzz.ts';
import { residentOf } from './resident.ts';
import { startFuzzServer } from './start.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seedsAt = process.argv.indexOf('--seeds');
const seeds = seedsAt >= 0 ? process.argv[seedsAt + 1]!.split(',').map(Number) : [arg('seed', 1)];
if (!seeds.length || seeds.some((s) => !Number.isInteger(s)))
  throw new Error(`--seeds takes whole numbers separated by commas: ${process.argv[seedsAt + 1]}`);
const seconds = arg('seconds', 120);
const kindsAt = process.argv.indexOf('--kinds');
const kinds = kindsAt >= 0 ? process.argv[kindsAt + 1]!.split(',') : undefined;
const families = FAMILIES.filter((f) => !kinds || kinds.includes(f.name));
// What the families need beside the server (a scripted model…), started before it.
const prepared = await Promise.all(
  families.map(
    (f) => f.prepare?.() ?? Promise.resolve({} as { env?: Record<string, string>; close?: () => Promise<void> }),
  ),
);
const env = {
  ...process.env,
  ...Object.assign({}, ...families.map((f) => f.serverEnv?.() ?? {}), ...prepared.map((p) => p.env ?? {})),
};
const server = await startFuzzServer(env, (process.env.FUZZ_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean));
const { target, child } = server;
// The server's RSS, asked for with each health probe (IPC, answered between requests); with
// --trace, every 5 s, its V8 heaps (asked of the server) and its resident memory by kind (read here
// from /proc/<pid>/, fuzz/resident.ts), printed against the requests answered so far.
let rss = 0;
const trace = process.argv.includes('--trace');
const mb = (n = 0) => (n / 2 ** 20).toFixed(0);
let tracedAt = { requests: 0, ms: 0 };
type Workers = { started: number; alive: number; heapBytes: number; usedBytes: number; externalBytes: number };
type Gc = { ms: number; major: number; minor: number };
const printTrace = (usage: NodeJS.MemoryUsage, mainHeapBytes: number, workers: Workers, gc?: Gc) => {
  const resident = residentOf(child.pid!);
  // What no V8 heap and no buffer accounts for: native libraries' allocations, and memory freed
  // but kept by the allocator.
  const unaccounted =
    (resident?.anonBytes ?? 0) - mainHeapBytes - usage.external - workers.heapBytes - workers.externalBytes;
  console.log(
    `  ${(tracedAt.ms / 1000).toFixed(0)} s, ${tracedAt.requests} requests: RSS ${mb(usage.rss)} MB (peak ${mb(rss)}; ${mb(resident?.anonBytes)} anonymous, ${mb(resident?.fileBytes)} files), main thread's heap ${mb(usage.heapUsed)} MB used, ${mb(mainHeapBytes)} MB resident, external ${mb(usage.external)} MB, array buffers ${mb(usage.arrayBuffers)} MB; worker threads ${workers.alive} alive, ${workers.started} started, their heaps ${mb(workers.usedBytes)} MB used, ${mb(workers.heapBytes)} MB resident, external ${mb(workers.externalBytes)} MB; anonymous memory outside them ${mb(unaccounted)} MB, of which malloc's arenas ${mb(resident?.mallocBytes)} MB (smaps read in ${resident?.readCpuMs.toFixed(0)} ms CPU of the fuzz); main thread's GC so far ${gc?.ms.toFixed(0)} ms in ${gc?.major} major and ${gc?.minor} minor collections`,
  );
};
child.on(
  'message',
  (m: { rss?: number; usage?: NodeJS.MemoryUsage; mainHeapBytes?: number; workers?: Workers; gc?: Gc }) => {
    if (m.rss) rss = Math.max(rss, m.rss);
    if (m.usage && m.mainHeapBytes && m.workers) printTrace(m.usage, m.mainHeapBytes, m.workers, m.gc);
  },
);
const failed: number[] = [];
for (const seed of seeds) {
  rss = 0; // each seed's own peak
  let nextTraceMs = 5_000;
  const report = await runFuzz(target, {
    seed,
    durationMs: seconds * 1000,
    concurrency: 4,
    truncatedMultipart: !process.argv.includes('--no-truncated-multipart'),
    healthP99Ms: 200,
    healthMaxMs: 1_000,
    families,
    loopMaxCpuMs: 1_000,
    loopStall: server.stalls,
    maxRssBytes: Number(process.env.FUZZ_MAX_RSS_MB ?? 2048) * 2 ** 20,
    rss: () => {
      child.send('rss');
      return rss;
    },
    kinds,
    onSample: ({ requests, ms }) => {
      if (!trace || ms < nextTraceMs) return;
      nextTraceMs += 5_000;
      tracedAt = { requests, ms };
      child.send('trace');
    },
  });
  printReport(report, seed);
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  if (report.failures.length) failed.push(seed);
}
if (seeds.length > 1)
  console.log(
    `fuzz seeds ${seeds.join(', ')}: ${failed.length ? `failed: seed ${failed.join(', ')}` : 'every seed passed'}`,
  );
await server.stop();
await Promise.all(prepared.map((p) => p.close?.()));
process.exit(failed.length ? 1 : 0);
