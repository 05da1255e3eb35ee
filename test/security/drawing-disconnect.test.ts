// A synchronous POST /v1/drawings whose client gives up: the request's
// signal (RequestContext.signal, aborted when the connection closes before
// the answer) reaches the analysis's worker task, which is stopped and its
// thread replaced, instead of running on to the drawing time limit (60 s)
// for nobody.
import { expect, it } from 'vitest';
import type { WorkerPool } from '../../core/jobs/worker-pool.ts';
import { serverWithKey, waitFor } from '../helpers/server.ts';
import { nestedFormPdf } from './hostile-files.ts';

// One worker thread: a task left running would hold the only one.
const s = serverWithKey('pro', { WORKER_THREADS: '1' });

const upload = (pdf: Buffer, signal?: AbortSignal) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'a.pdf');
  form.append('page', '1');
  return fetch(`${s.server.url}/v1/drawings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.key}` },
    body: form,
    signal,
  });
};

it('stops the worker task when the client disconnects, and the next upload is served at once', async () => {
  const workers: WorkerPool = s.server.platform.workers;
  const tasks: Promise<unknown>[] = [];
  const run = workers.run.bind(workers);
  workers.run = <R>(...args: Parameters<WorkerPool['run']>) => {
    const task = run<R>(...args);
    tasks.push(task.catch((err: unknown) => err));
    return task;
  };
  // The thread's first task loads pdf.js: done before, so the abandoned task is surely running.
  expect((await upload(nestedFormPdf(0, 1))).status).toBe(200);

  // Forms of 744,000 operators: far under the pre-scan's budget, yet minutes of pdf.js (nested forms), stopped only by the 60 s drawing limit.
  const client = new AbortController();
  const abandoned = upload(nestedFormPdf(6, 10), client.signal).catch((err: unknown) => err);
  await waitFor(async () => tasks.length === 2, 20_000);
  await new Promise((r) => setTimeout(r, 500));
  const t = performance.now();
  client.abort();
  expect(await abandoned).toMatchObject({ name: 'AbortError' });
  const outcome = await Promise.race([tasks[1], new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
  const stoppedMs = performance.now() - t;
  expect(outcome).toMatchObject({ code: 'REQUEST_CANCELLED' });

  const next = performance.now();
  const res = await upload(nestedFormPdf(1, 2));
  const nextMs = performance.now() - next;
  console.log(
    `abandoned drawing task stopped ${stoppedMs.toFixed(0)} ms after the client left; the next upload answered in ${nextMs.toFixed(0)} ms`,
  );
  expect(res.status).toBe(200);
  expect(nextMs).toBeLessThan(30_000); // healthy: a fresh thread loads pdf.js in 1-3 s; the abandoned task would hold it about 60 s
}, 90_000);
