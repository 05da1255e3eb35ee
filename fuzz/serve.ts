// The platform under fuzz, in a process of its own (started by fuzz/main.ts
// over IPC), so the fuzzer's own work never shares the event loop whose
// responsiveness it measures. Sends {url, memoryUrl, key}, then its RSS on
// every 'rss' message (and its V8 heaps on 'trace'), its worst event-loop turn
// since the last ask on 'stalls'; closes on 'stop'.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { loadConfig } from '../core/config.ts';
import { startServer } from '../gateway/server.ts';
import { watchStalls } from './stalls.ts';

// Worker threads started so far and those alive, for the trace (a pool that
// replaces its threads over and over is one way native memory can grow).
let workersStarted = 0;
const liveWorkers = new Set<Worker>();
process.on('worker', (worker) => {
  workersStarted++;
  liveWorkers.add(worker);
  worker.once('exit', () => liveWorkers.delete(worker));
});
const workerHeaps = async () => {
  const sum = { heapBytes: 0, usedBytes: 0, externalBytes: 0 };
  for (const w of liveWorkers) {
    const h = await w.getHeapStatistics().catch(() => null);
    if (!h) continue;
    sum.heapBytes += h.total_physical_size + h.malloced_memory;
    sum.usedBytes += h.used_heap_size;
    // Array buffers, WebAssembly memories… a thread's own, outside its V8 heap.
    sum.externalBytes += h.external_memory;
  }
  return sum;
};
// The main thread's time in garbage collection (pauses, ms) and the collections by kind, for the
// trace: what a heap limit or a growth setting costs (FUZZ_SERVER_NODE_ARGS=--max-old-space-size=…).
const gc = { ms: 0, major: 0, minor: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.ms += e.duration;
    if ((e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      gc.major++;
    else gc.minor++;
  }
}).observe({ entryTypes: ['gc'] });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-fuzz-'));
const server = await startServer(
  loadConfig({
    // The families' settings first (a scripted model's address…), so the ones below still hold.
    ...process.env,
    PORT: '0',
    MEMORY_PORT: '0',
    // FUZZ_LOG_LEVEL=error shows the server's errors (a 5xx's cause) on the fuzz's stderr.
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SIGNING_SECRET: randomBytes(32).toString('hex'),
    ENTERPRISE_RATE_PER_MIN: '1000000',
    PUBLIC_RATE_PER_MIN: '1000000',
    POLLING_RATE_PER_MIN: '1000000',
  }),
);
const { secret } = await server.platform.keys.create({ name: 'fuzz', tier: 'enterprise' });
const free = await server.platform.keys.create({ name: 'fuzz-free', tier: 'free' });
// The event loop's turns in main-thread CPU time (fuzz/stalls.ts); FUZZ_STALL_LOG keeps the long ones
// (JSON lines) to read beside a --cpu-prof profile.
const stalls = watchStalls();
process.send!({ url: server.url, memoryUrl: server.memoryUrl, key: secret, freeKey: free.secret });
process.on('message', async (message) => {
  if (message === 'rss') process.send!({ rss: process.memoryUsage.rss() });
  // The heaps only when traced (every 5 s): asking each worker thread for its heap interrupts it.
  // The resident memory by kind the fuzz reads itself from /proc/<pid>/ (fuzz/resident.ts), so
  // the kernel's walk of every mapping never runs on this event loop.
  if (message === 'trace') {
    const usage = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    process.send!({
      rss: usage.rss,
      usage,
      mainHeapBytes: heap.total_physical_size + heap.malloced_memory,
      gc,
      workers: { started: workersStarted, alive: liveWorkers.size, ...(await workerHeaps()) },
    });
  }
  if (message === 'stalls') {
    const { worst, kept } = stalls.take();
    if (process.env.FUZZ_STALL_LOG)
      fs.appendFileSync(process.env.FUZZ_STALL_LOG, kept.map((k) => `${JSON.stringify(k)}\n`).join(''));
    process.send!({ stalls: worst });
  }
  if (message === 'stop') {
    stalls.stop();
    await server.close(2_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
