// The main thread's side of the embedding thread: texts go out in batches,
// vectors come back as transferred buffers. The thread starts on the first
// call (loading the model takes about a second of CPU) and does not keep the
// process alive; a thread that dies fails its pending calls and is started
// again by the next one. The thread is never terminated: close() asks it to end,
// and it does between two model calls (worker.ts says why).
import { Worker } from 'node:worker_threads';
import type { Embedder } from '../embedder.ts';
// Constants only: TensorFlow.js loads in the thread, not in every process that may embed.
import { USE_LITE_DIMENSIONS, USE_LITE_MODEL } from './constants.ts';
import type { Reply, Request } from './worker.ts';

export { USE_LITE_MODEL };

export interface ThreadEmbedder extends Embedder {
  /** CPU time the embedding thread spent, and the texts it embedded, since the embedder was made. */
  stats(): { cpuMs: number; texts: number; calls: number };
  /** Starts the thread and loads the model now (a server warms it at start instead of on the first request). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export function createUseLiteEmbedder(): ThreadEmbedder {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void; count: number }
  >();
  const totals = { cpuMs: 0, texts: 0, calls: 0 };

  const start = (): Worker => {
    const w = new Worker(new URL('./worker.ts', import.meta.url));
    w.unref();
    w.on('message', (reply: Reply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if (!pending.size) w.unref();
      if ('error' in reply) return p.reject(new Error(`embedding model: ${reply.error}`));
      totals.cpuMs += reply.cpuMs;
      totals.texts += p.count;
      totals.calls++;
      p.resolve(reply.vectors);
    });
    const fail = (err: Error) => {
      if (worker === w) worker = null;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`embedding thread exited (${code})`)));
    return w;
  };

  const embed = (texts: readonly string[]): Promise<Float32Array[]> => {
    if (!texts.length) return Promise.resolve([]);
    worker ??= start();
    const w = worker;
    const id = nextId++;
    // A thread with work in hand keeps the process alive until it answers.
    w.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, count: texts.length });
      w.postMessage({ id, texts: [...texts] } satisfies Request);
    });
  };

  return {
    model: USE_LITE_MODEL,
    dimensions: USE_LITE_DIMENSIONS,
    embed,
    stats: () => ({ ...totals }),
    warm: async () => void (await embed([''])),
    async close() {
      const w = worker;
      worker = null;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      for (const p of pending.values()) p.reject(new Error('the embedder was closed'));
      pending.clear();
      // Held until the thread has ended: a process that exited first would stop it mid-call.
      w.ref();
      w.postMessage({ close: true } satisfies Request);
      await exited;
    },
  };
}
