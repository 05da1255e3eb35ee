// The /healthcheck probe, in a worker thread of the fuzzer: its own event loop, so the fuzzer's
// work (building PDFs, zips, hostile strings) never delays a probe and counts as the server's
// freeze. Posts each probe's start, time and status; stops on 'stop'.
import { parentPort, workerData } from 'node:worker_threads';

const { url, everyMs } = workerData as { url: string; everyMs: number };
let running = true;
parentPort!.on('message', (m) => {
  if (m === 'stop') running = false;
});
while (running) {
  const at = performance.timeOrigin + performance.now();
  const t = performance.now();
  let status: number | string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    status = res.status;
  } catch (err) {
    status = `no answer: ${(err as Error).message}`;
  }
  parentPort!.postMessage({ at, ms: performance.now() - t, status });
  await new Promise((r) => setTimeout(r, everyMs));
}
parentPort!.postMessage('stopped');
