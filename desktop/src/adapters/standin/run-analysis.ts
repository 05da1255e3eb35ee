// Runs the solver in a worker thread with a time and memory limit: the desktop client's event
// loop keeps serving the bridge (heartbeat, other lanes) while a model is analysed, and a model
// too large for the limits ends as a tool error instead of freezing or killing the client.
// The worker is started on the first analysis and kept (starting one costs about as much as
// solving a small model); it is unref'd while idle so it never holds the process open, and
// replaced after a timeout or a crash. Analyses of one runner run one at a time, as a program
// runs one analysis at a time.
import { asset, packaged } from '../../runtime/packaged.ts';
import { Worker } from 'node:worker_threads';
import { ToolFailure } from '../adapter.ts';
import type { AnalysisOutput, AnalysisRequest } from './solver/index.ts';

export interface AnalysisLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}
/** 10 minutes: a CSI analysis of a large model takes as long; the bridge's own call timeout is the caller's. */
export const DEFAULT_LIMITS: AnalysisLimits = { timeoutMs: 10 * 60_000, maxMemoryMb: 2048 };

type Output = AnalysisOutput;
type Reply =
  | { id: number; ok: true; value: Output }
  | { id: number; ok: false; code: ToolFailure['code']; message: string; details?: Record<string, unknown> };

export class AnalysisRunner {
  private readonly limits: AnalysisLimits;
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(limits: AnalysisLimits = DEFAULT_LIMITS) {
    this.limits = limits;
  }

  analyse(request: AnalysisRequest): Promise<Output> {
    const run = this.queue.then(() => this.runOne(request));
    this.queue = run.catch(() => {});
    return run;
  }

  /** Stops the worker (the next analysis starts a new one). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private runOne(request: AnalysisRequest): Promise<Output> {
    const limits = { resourceLimits: { maxOldGenerationSizeMb: this.limits.maxMemoryMb } };
    // Packaged, the worker is its own bundle, an asset of the executable.
    const worker = (this.worker ??= packaged
      ? new Worker(asset('analysis-worker.cjs').toString('utf8'), { eval: true, ...limits })
      : new Worker(new URL('./analysis-worker.ts', import.meta.url), limits));
    const id = this.nextId++;
    worker.ref();
    return new Promise<Output>((resolve, reject) => {
      const done = (fail: ToolFailure | null, value?: Output) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (fail && fail.code !== 'UNSTABLE_STRUCTURE' && fail.code !== 'INVALID_ARGUMENTS') void this.discard(worker);
        else worker.unref();
        if (fail) reject(fail);
        else resolve(value!);
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        if (reply.ok) done(null, reply.value);
        else done(new ToolFailure(reply.code, reply.message, reply.details));
      };
      const onError = (err: Error & { code?: string }) =>
        done(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ToolFailure('TOO_LARGE', `the analysis needed more than ${this.limits.maxMemoryMb} MB`)
            : new ToolFailure('PROGRAM_ERROR', `the analysis failed: ${err.message}`),
        );
      const onExit = (code: number) =>
        done(new ToolFailure('PROGRAM_ERROR', `the analysis stopped (exit code ${code})`));
      const timer = setTimeout(
        () =>
          done(new ToolFailure('TOO_LARGE', `the analysis did not finish within ${this.limits.timeoutMs / 1000} s`)),
        this.limits.timeoutMs,
      );
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      worker.postMessage({ id, request });
    });
  }

  private async discard(worker: Worker): Promise<void> {
    if (this.worker === worker) this.worker = null;
    await worker.terminate();
  }
}
