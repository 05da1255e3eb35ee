// A pooled thread is stopped from outside (worker-pool.ts: a task past its limit, a caller's
// abort, a forced close), but never inside a native call that uses N-API on the way back. ONNX
// Runtime's session creation and run are such calls (the lettering reader's PaddleOCR): a
// worker.terminate() during one stops the thread's JavaScript while the call goes on, and when it
// returns node-addon-api cannot throw into the stopped environment, throws a C++ exception nothing
// catches, and std::terminate aborts the whole process ("terminate called after throwing an
// instance of 'Napi::Error'"; onnxruntime-node is built without NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS).
//
// Each task gets one Int32 cell shared with the pool: the number of native calls in progress on
// its thread, or STOPPING once the pool has claimed the thread to stop it. The pool stops a thread
// only after swapping 0 for STOPPING, so no call is in progress then and none can start after.
// A native call is bounded (a session load or one model run, about a second at most), so a stop
// waits at most that long.

/** The cell's value once the pool is stopping the thread. */
const STOPPING = -1;

let cell: Int32Array | null = null;

/** In a pooled thread, at a task's start (timed-task.ts): the cell of this task. */
export function useNativeCallCell(shared: SharedArrayBuffer): void {
  cell = new Int32Array(shared);
}

/** A new cell, for one task. */
export const nativeCallCell = (): SharedArrayBuffer => new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);

/**
 * Runs `call`, which enters native code, so that the pool does not stop this thread before it has
 * returned. Outside a pooled thread it just runs. Once the pool is stopping the thread, no call
 * starts: it throws instead (the task is being stopped; its result is dropped).
 */
export async function nativeCall<T>(call: () => Promise<T>): Promise<T> {
  const c = cell;
  if (!c) return call();
  for (;;) {
    const n = Atomics.load(c, 0);
    if (n === STOPPING) throw new Error('the task is being stopped');
    if (Atomics.compareExchange(c, 0, n, n + 1) === n) break;
  }
  try {
    return await call();
  } finally {
    Atomics.sub(c, 0, 1);
    Atomics.notify(c, 0);
  }
}

/** In the pool: resolves once the thread of this cell is outside native calls and can start none. */
export async function claimForStop(shared: SharedArrayBuffer): Promise<void> {
  const c = new Int32Array(shared);
  for (;;) {
    const n = Atomics.compareExchange(c, 0, 0, STOPPING);
    if (n === 0 || n === STOPPING) return;
    await Atomics.waitAsync(c, 0, n).value;
  }
}
