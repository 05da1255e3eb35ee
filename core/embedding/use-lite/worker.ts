// The embedding thread: loads the model once and answers requests, so embedding
// never runs on the event loop that serves requests. A query (one text) goes
// before any batch waiting, and is answered between two model calls of a batch
// in progress: an ingestion batch of a few hundred facts takes seconds of CPU,
// and a search must not wait for it. Each answer carries the thread's CPU time
// for its own texts (benchmarks report it).
import { setImmediate as yieldToMessages } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { loadUseLite } from './model.ts';

export type Request = { id: number; texts: string[] };
export type Reply = { id: number; vectors: Float32Array[]; cpuMs: number } | { id: number; error: string };

const port = parentPort!;
const model = loadUseLite();
// A failed load answers every request with its error instead of leaving the caller waiting.
model.catch(() => undefined);
const queries: Request[] = [];
const batches: Request[] = [];
let busy = false;
/** CPU of queries answered inside a batch, taken off that batch's own figure. */
let nestedCpuMs = 0;

const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

async function answer(req: Request): Promise<void> {
  try {
    const m = await model;
    const before = threadCpuMs();
    const nestedBefore = nestedCpuMs;
    const vectors = await m.embed(req.texts, req.texts.length > 1 ? answerQueries : undefined);
    const cpuMs = threadCpuMs() - before - (nestedCpuMs - nestedBefore);
    if (req.texts.length === 1) nestedCpuMs += cpuMs;
    port.postMessage(
      { id: req.id, vectors, cpuMs } satisfies Reply,
      vectors.map((v) => v.buffer as ArrayBuffer),
    );
  } catch (err) {
    port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) } satisfies Reply);
  }
}

/** Between two model calls of a batch: let messages arrive, then answer the queries among them. */
async function answerQueries(): Promise<void> {
  await yieldToMessages();
  while (queries.length) await answer(queries.shift()!);
}

async function pump(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    for (let req = queries.shift() ?? batches.shift(); req; req = queries.shift() ?? batches.shift()) await answer(req);
  } finally {
    busy = false;
  }
}

port.on('message', (req: Request) => {
  (req.texts.length === 1 ? queries : batches).push(req);
  void pump();
});
