// node bench/zip-malloc.ts: the memory glibc keeps after a worker thread inflates the fuzz's
// shared-entry package (issue 29; docs/operations/security.md). One worker thread reads 3 × 250 parts
// of 1,000,000 spaces (about 1 KB deflated each, the zip-shared family's .mcdx parts) while keeping
// small buffers alive, as a task's other work does, then collects its garbage; the figure is the
// process's RSS after that against before. Four cases, each in a process of its own (glibc reads
// GLIBC_TUNABLES at the start): zlib's default 16 KiB chunks (the baseline) or core/zip.ts's chunk of
// the declared size, with glibc's dynamic mmap threshold or the documented start's fixed one.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { MALLOC_TUNABLES } from '../fuzz/start.ts';

const READER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const zip = await import(workerData.zip);
  const { inflateRawSync } = require('node:zlib');
  const [part] = zip.readZip(zip.writeZip([zip.newEntry('e0', Buffer.alloc(1_000_000, 32))]));
  globalThis.gc();
  const before = process.memoryUsage.rss();
  const kept = [];
  for (let round = 0; round < 3; round++) {
    let parts = [];
    for (let i = 0; i < 250; i++) {
      parts.push(workerData.baseline ? inflateRawSync(part.raw, { maxOutputLength: 2 ** 20 }) : zip.entryBytes(part));
      kept.push(Buffer.allocUnsafeSlow(2000));
    }
    parts = null;
    globalThis.gc();
  }
  await new Promise((r) => setTimeout(r, 200));
  parentPort.postMessage(process.memoryUsage.rss() - before);
})();
`;

const mb = (n: number) => (n / 2 ** 20).toFixed(0);
if (process.env.ZIP_MALLOC_CASE) {
  const worker = new Worker(READER, {
    eval: true,
    workerData: {
      baseline: process.env.ZIP_MALLOC_CASE === 'baseline',
      zip: new URL('../core/zip.ts', import.meta.url).href,
    },
  });
  const grown = await new Promise<number>((resolve) => worker.once('message', resolve));
  await worker.terminate();
  process.stdout.write(String(grown));
} else {
  const run = (kase: string, tunables: string) =>
    Number(
      execFileSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname], {
        env: { ...process.env, ZIP_MALLOC_CASE: kase, GLIBC_TUNABLES: tunables },
        encoding: 'utf8',
      }),
    );
  const baseline = run('baseline', '');
  console.log(`RSS kept after 750 MB inflated in 1 MB parts and collected (load ${os.loadavg()[0]!.toFixed(1)}):`);
  console.log(`  zlib's 16 KiB chunks, dynamic mmap threshold (baseline): ${mb(baseline)} MB`);
  console.log(`  chunk of the declared size, dynamic threshold:           ${mb(run('declared', ''))} MB`);
  console.log(`  zlib's 16 KiB chunks, ${MALLOC_TUNABLES}: ${mb(run('baseline', MALLOC_TUNABLES))} MB`);
  console.log(`  chunk of the declared size, ${MALLOC_TUNABLES}: ${mb(run('declared', MALLOC_TUNABLES))} MB`);
}
