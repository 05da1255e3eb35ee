// CPU-heavy work runs in worker threads so the HTTP server keeps answering.
// A task module exports a default function (payload) => result.
import { Piscina } from 'piscina';

export interface WorkerPool {
  run<R>(taskModule: URL, payload: unknown, signal?: AbortSignal): Promise<R>;
  close(): Promise<void>;
}

/**
 * Threads start on demand and live `idleMs` after their last task: a thread
 * that has loaded mathjs, MathJax, pdfkit or pdf.js answers in milliseconds,
 * a fresh one spends 0.3–1.3 s loading them first.
 */
export function createWorkerPool(threads: number, idleMs = 15 * 60_000): WorkerPool {
  const pool = new Piscina({ minThreads: 0, maxThreads: Math.max(1, threads), idleTimeout: idleMs });
  return {
    run: (taskModule, payload, signal) => pool.run(payload, { filename: taskModule.href, signal }),
    close: () => pool.close({ force: true }),
  };
}
