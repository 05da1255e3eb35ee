// The embedding thread: loads the model once and answers batches in order, so
// embedding never runs on the event loop that serves requests. Each answer
// carries the thread's CPU time for the batch (benchmarks report it).
import { parentPort } from 'node:worker_threads';
import { loadUseLite } from './model.ts';

export type Request = { id: number; texts: string[] };
export type Reply = { id: number; vectors: Float32Array[]; cpuMs: number } | { id: number; error: string };

const port = parentPort!;
const model = loadUseLite();
// A failed load answers every request with its error instead of leaving the caller waiting.
model.catch(() => undefined);
let queue = Promise.resolve();

port.on('message', (req: Request) => {
  queue = queue.then(async () => {
    try {
      const m = await model;
      const before = process.threadCpuUsage();
      const vectors = await m.embed(req.texts);
      const used = process.threadCpuUsage(before);
      port.postMessage({ id: req.id, vectors, cpuMs: (used.user + used.system) / 1000 } satisfies Reply, vectors.map((v) => v.buffer as ArrayBuffer));
    } catch (err) {
      port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies Reply);
    }
  });
});
