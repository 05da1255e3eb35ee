// The embedding thread: loads the model once and answers requests, so embedding
// never runs on the event loop that serves requests. A query (one text) goes
// before any batch waiting, and is answered between two model calls of a batch
// in progress: an ingestion batch of a few hundred facts takes seconds of CPU,
// and a search must not wait for it. Each answer carries the thread's CPU time
// for its own texts (benchmarks report it).
//
// The thread ends itself, and only between two model calls: it is never terminated from outside.
// A model call (ONNX Runtime's session creation or run) is one synchronous native call of up to a
// second. A worker.terminate() during it stops the thread's JavaScript while the call goes on; when
// the call returns, node-addon-api cannot throw its error into the stopped environment and throws
// a C++ exception that nothing catches, and std::terminate aborts the whole process ("terminate
// called after throwing an instance of 'Napi::Error'"; onnxruntime-node is built without
// NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS). So `close` is a message: the batch in progress stops at
// its next call boundary, the session is released, and the thread exits.
import { setImmediate as yieldToMessages } from 'node:timers/promises';
import { parentPort } from 'node:worker_threads';
import { loadUseLite } from './model.ts';

export type Request = { id: number; texts: string[] } | { close: true };
export type Reply = { id: number; vectors: Float32Array[]; cpuMs: number } | { id: number; error: string };
type EmbedRequest = Extract<Request, { texts: string[] }>;

const port = parentPort!;
const model = loadUseLite();
// A failed load answers every request with its error instead of leaving the caller waiting.
model.catch(() => undefined);
const queries: EmbedRequest[] = [];
const batches: EmbedRequest[] = [];
let busy = false;
let closing = false;
/** CPU of queries answered inside a batch, taken off that batch's own figure. */
let nestedCpuMs = 0;

const threadCpuMs = () => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

async function answer(req: EmbedRequest): Promise<void> {
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
  // Closing: the batch stops here, between two calls, and its caller has had its answer (closed).
  if (closing) throw new Error('the embedder was closed');
  while (queries.length) await answer(queries.shift()!);
}

/** Releases the model and ends this thread; runs only when no model call is in progress. */
async function end(): Promise<void> {
  const m = await model.catch(() => null);
  await m?.release();
  // In a worker, process.exit ends this thread only.
  process.exit(0);
}

async function pump(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    for (let req = next(); req; req = next()) await answer(req);
  } finally {
    busy = false;
  }
  if (closing) await end();
}

const next = (): EmbedRequest | undefined => (closing ? undefined : (queries.shift() ?? batches.shift()));

port.on('message', (req: Request) => {
  if ('close' in req) closing = true;
  else (req.texts.length === 1 ? queries : batches).push(req);
  void pump();
});
