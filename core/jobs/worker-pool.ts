// CPU-heavy work runs in worker threads so the HTTP server keeps answering.
// A task module's default export is defineTask((payload) => result) (task.ts), so an AppError
// it throws reaches the caller whole.
//
// Every task runs under two limits (core/limits.ts): a time limit, counted from the moment
// the task starts on a thread (timed-task.ts reports it; time spent queued behind other
// tasks does not count), and a V8 heap limit per thread (`resourceLimits`). The time limit
// counts the thread's own CPU time (Worker.cpuUsage(), polled), so a normal task on a
// machine loaded by other work is not stopped for the time it waited for a core; a
// wall-clock backstop of `wallFactor` times the limit still stops a task that waits
// without working. A task past any limit fails with
// RESOURCE_LIMIT; piscina terminates the thread (an aborted task's thread is
// killed, an out-of-memory thread dies) and starts a fresh one for the next
// task, so one hostile input never holds a thread or the machine's memory.
// A caller's signal (a job abandoned, a client gone, a shutdown) aborts the
// task the same way and rejects with the signal's reason. A thread is stopped
// only outside native calls (native-calls.ts): terminated inside one (ONNX
// Runtime's), it would abort the whole process.
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';
import { LIMITS } from '../limits.ts';
import { unpackTaskResult } from './task.ts';
import type { TaskStarted, TimedCall } from './timed-task.ts';
import { claimForStop, nativeCallCell } from './native-calls.ts';

export interface WorkerPool {
  /**
   * `timeoutMs` shortens the pool's wall-clock limit for a task whose caller waits for it (an HTTP request);
   * `queueTimeoutMs` bounds that caller's wait for a free thread: past it the task is dropped with
   * SERVICE_UNAVAILABLE, an answer the client can retry, before the HTTP server gives up on the request.
   */
  run<R>(
    taskModule: URL,
    payload: unknown,
    signal?: AbortSignal,
    options?: { timeoutMs?: number; queueTimeoutMs?: number },
  ): Promise<R>;
  close(): Promise<void>;
}

export interface WorkerLimits {
  /** CPU time of one task on its thread. */
  taskTimeoutMs: number;
  maxHeapMb: number;
  /** The wall-clock backstop, as a multiple of the CPU limit. */
  wallFactor?: number;
}

/** How often a running task's CPU time is read: a task overruns its limit by at most this much. */
const CPU_POLL_MS = 200;

const taskName = (taskModule: URL) => taskModule.pathname.split('/').slice(-2).join('/');
const NOOP_TASK = new URL('./noop-task.ts', import.meta.url);
const TIMED_TASK = new URL('./timed-task.ts', import.meta.url);

/**
 * Threads start on demand and live `idleMs` after their last task: a thread
 * that has loaded mathjs, MathJax, pdfkit or pdf.js answers in milliseconds,
 * a fresh one spends 0.3–1.3 s loading them first.
 */
export function createWorkerPool(
  threads: number,
  idleMs = 15 * 60_000,
  limits: WorkerLimits = { taskTimeoutMs: LIMITS.workerTaskTimeoutMs, maxHeapMb: LIMITS.workerMaxHeapMb },
): WorkerPool {
  const wallFactor = limits.wallFactor ?? LIMITS.workerWallFactor;
  const pool = new Piscina({
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    idleTimeout: idleMs,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
  });
  /**
   * piscina 5.3 terminates the thread of an aborted task but starts a
   * replacement only up to minThreads (0 here), so a task queued behind it
   * would wait for the next run() call, however long that takes (measured: a
   * queued 50 ms task still waiting 8 s later). A no-op task makes it start
   * the replacement at once.
   */
  const replaceStoppedThread = () => {
    if (pool.queueSize > 0) pool.run(null, { filename: NOOP_TASK.href }).catch(() => undefined);
  };
  /** The native-call cells of the tasks running: a forced close stops their threads outside native calls too. */
  const running = new Set<SharedArrayBuffer>();
  return {
    async run<R>(
      taskModule: URL,
      payload: unknown,
      signal?: AbortSignal,
      options: { timeoutMs?: number; queueTimeoutMs?: number } = {},
    ): Promise<R> {
      const timeoutMs = Math.min(options.timeoutMs ?? Infinity, limits.taskTimeoutMs);
      const timeout = new AbortController();
      const queued = new AbortController();
      const { port1: started, port2 } = new MessageChannel();
      let timer: NodeJS.Timeout | undefined =
        options.queueTimeoutMs === undefined ? undefined : setTimeout(() => queued.abort(), options.queueTimeoutMs);
      let poller: NodeJS.Timeout | undefined;
      /** Which limit stopped the task. */
      let clock = 'wall' as 'cpu' | 'wall';
      started.once('message', (at: TaskStarted) => {
        clearTimeout(timer);
        const thread = pool.threads.find((w) => w.threadId === at.threadId);
        // Without the thread (it cannot be told apart) the limit falls back to wall-clock time.
        timer = setTimeout(() => timeout.abort(), thread ? timeoutMs * wallFactor : timeoutMs);
        if (!thread) return;
        const base = at.cpu.user + at.cpu.system;
        let reading = false;
        poller = setInterval(() => {
          if (reading) return;
          reading = true;
          thread
            .cpuUsage()
            .then((u) => {
              if ((u.user + u.system - base) / 1000 > timeoutMs && !timeout.signal.aborted) {
                clock = 'cpu';
                timeout.abort();
              }
            })
            // The thread has ended (the task finished or was stopped): nothing to read.
            .catch(() => undefined)
            .finally(() => (reading = false));
        }, CPU_POLL_MS);
      });
      const combined = AbortSignal.any([...(signal ? [signal] : []), timeout.signal, queued.signal]);
      // What piscina sees: the stop, once the thread is outside native calls and can start none.
      const nativeCalls = nativeCallCell();
      running.add(nativeCalls);
      const stop = new AbortController();
      const stopThread = () => void claimForStop(nativeCalls).then(() => stop.abort(combined.reason));
      if (combined.aborted) stopThread();
      else combined.addEventListener('abort', stopThread, { once: true });
      try {
        const call: TimedCall = { module: taskModule.href, payload, started: port2, nativeCalls };
        const result = await pool.run(call, { filename: TIMED_TASK.href, signal: stop.signal, transferList: [port2] });
        // Stopped, though it ended while the stop waited for a native call to return: the limit still holds.
        if (combined.aborted) throw combined.reason;
        return unpackTaskResult<R>(result);
      } catch (err) {
        if (combined.aborted) replaceStoppedThread();
        if (signal?.aborted) throw signal.reason ?? err;
        if (queued.signal.aborted) {
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            `Every worker thread stayed busy for ${options.queueTimeoutMs} ms; try again shortly`,
            {
              limit: 'worker_queue_wait_ms',
              limit_value: options.queueTimeoutMs,
              task: taskName(taskModule),
            },
          );
        }
        if (timeout.signal.aborted) {
          const message =
            clock === 'cpu'
              ? `The work used more than its limit of ${timeoutMs} ms of CPU time and was stopped`
              : `The work ran longer than ${timeoutMs * wallFactor} ms of wall-clock time (${wallFactor} times its CPU limit of ${timeoutMs} ms) and was stopped`;
          throw new AppError('RESOURCE_LIMIT', message, {
            limit: 'worker_task_timeout_ms',
            limit_value: timeoutMs,
            clock,
            task: taskName(taskModule),
          });
        }
        if ((err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new AppError(
            'RESOURCE_LIMIT',
            `The work needed more than its memory limit of ${limits.maxHeapMb} MB and was stopped`,
            {
              limit: 'worker_max_heap_mb',
              limit_value: limits.maxHeapMb,
              task: taskName(taskModule),
            },
          );
        }
        throw err;
      } finally {
        running.delete(nativeCalls);
        clearTimeout(timer);
        clearInterval(poller);
        started.close();
      }
    },
    async close() {
      await Promise.all([...running].map(claimForStop));
      await pool.close({ force: true });
    },
  };
}
