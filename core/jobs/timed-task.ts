// The entry every pooled task runs through (worker-pool.ts): it tells the pool the moment the
// task starts on a thread, then runs the task module's default export. The pool's time limit
// bounds a task's own work, so it starts counting here, not while the task waits in the queue:
// eight uploads queued on two threads of a loaded machine must not time out for waiting.
// It also says which thread it runs on and that thread's CPU time so far, so the pool can
// count the task's own CPU time against its limit (worker-pool.ts).
import { threadId, type MessagePort } from 'node:worker_threads';
import { useNativeCallCell } from './native-calls.ts';

/** What the task tells the pool when it starts. */
export interface TaskStarted {
  threadId: number;
  /** process.threadCpuUsage() at the start, in microseconds. */
  cpu: { user: number; system: number };
}

export interface TimedCall {
  /** The task module's file URL. */
  module: string;
  payload: unknown;
  started: MessagePort;
  /** The task's native-call cell (native-calls.ts): the pool stops the thread only outside native calls. */
  nativeCalls: SharedArrayBuffer;
}

export default async function timed({ module, payload, started, nativeCalls }: TimedCall): Promise<unknown> {
  useNativeCallCell(nativeCalls);
  started.postMessage({ threadId, cpu: process.threadCpuUsage() } satisfies TaskStarted);
  started.close();
  const task = (await import(module)) as { default: (payload: unknown) => unknown };
  return task.default(payload);
}
