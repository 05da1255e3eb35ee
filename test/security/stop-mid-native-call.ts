// Run by worker-native-calls.test.ts in a child process: the pool stops a task whose thread is inside
// ONNX Runtime, at its time limit, by the caller's abort and by a forced close. Terminated inside a
// native call, the thread took the whole process down ("terminate called after throwing an instance
// of 'Napi::Error'"). Prints one JSON line when the process survived.
import { createWorkerPool } from '../../core/jobs/worker-pool.ts';

const TASK = new URL('./onnx-loop-task.ts', import.meta.url);
const outcomes: string[] = [];
const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'finished',
    (err: { code?: string; message: string }) => err.code ?? err.message,
  );

const pool = createWorkerPool(1, 60_000, { taskTimeoutMs: 60_000, maxHeapMb: 512 });
for (const ms of [1_500, 2_500])
  outcomes.push(`limit: ${await settled(pool.run(TASK, null, undefined, { timeoutMs: ms }))}`);
const abort = new AbortController();
const aborted = settled(pool.run(TASK, null, abort.signal));
setTimeout(() => abort.abort(new Error('caller gone')), 2_000);
outcomes.push(`abort: ${await aborted}`);
const closing = settled(pool.run(TASK, null));
await new Promise((resolve) => setTimeout(resolve, 2_000));
await pool.close();
outcomes.push(`close: ${await closing}`);
console.log(JSON.stringify({ survived: true, outcomes }));
