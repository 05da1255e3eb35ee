// CPU-heavy work runs in worker threads so the HTTP server keeps answering.
// A task module exports a default function (payload) => result.
import { Piscina } from 'piscina';

export interface WorkerPool {
  run<R>(taskModule: URL, payload: unknown, signal?: AbortSignal): Promise<R>;
  close(): Promise<void>;
}

export function createWorkerPool(threads: number): WorkerPool {
  const pool = new Piscina({ minThreads: 0, maxThreads: Math.max(1, threads), idleTimeout: 30_000 });
  return {
    run: (taskModule, payload, signal) => pool.run(payload, { filename: taskModule.href, signal }),
    close: () => pool.close({ force: true }),
  };
}
