// Re-embedding after a model change, in the background while the service runs.
// Every stored vector carries its model's tag and every vector read filters on
// the query's tag (model-vector.ts), so during the job a search compares the
// query only with the rows already re-embedded (full text and the graph answer
// for the rest): answers get better as the job goes, and no query ever meets a
// vector of another model. Writes during the job use the new model already.
// When no row of another model is left, the store's approximate index is made
// anew for the new model (activate). Batches are small, so the job yields to
// requests between them, and a restart resumes where it stopped (the rows left
// are the rows of other tags).
import type { Embedder } from './embedder.ts';

export interface ReembedTarget {
  /** What is re-embedded, for logs and progress: "memory facts", "code passages". */
  name: string;
  count(model: string): Promise<{ stale: number; total: number }>;
  /** Re-embeds one batch of rows of other models; returns how many it did (0: none left). */
  step(embedder: Embedder): Promise<number>;
  activate(space: { model: string; dimensions: number }): Promise<void>;
}

export interface ReembedProgress {
  target: string;
  model: string;
  done: number;
  total: number;
  state: 'running' | 'done' | 'failed';
  error?: string;
}

const progress = new Map<string, ReembedProgress>();

/** The re-embedding jobs of this process, as they stand. */
export const reembedProgress = (): ReembedProgress[] => [...progress.values()].map((p) => ({ ...p }));

export async function reembed(
  target: ReembedTarget,
  embedder: Embedder,
  options: { signal?: AbortSignal; onProgress?: (p: ReembedProgress) => void } = {},
): Promise<ReembedProgress> {
  const space = { model: embedder.model, dimensions: embedder.dimensions };
  const { stale, total } = await target.count(space.model);
  const state: ReembedProgress = { target: target.name, model: space.model, done: 0, total: stale, state: 'running' };
  progress.set(target.name, state);
  try {
    if (total > 0) {
      for (;;) {
        options.signal?.throwIfAborted();
        const n = await target.step(embedder);
        if (n === 0) break;
        state.done += n;
        // Rows written by another process, or deleted meanwhile, move the total.
        state.total = Math.max(state.total, state.done);
        options.onProgress?.({ ...state });
        // Requests come first: the next batch waits for the event loop's turn.
        await new Promise((r) => setImmediate(r));
      }
      await target.activate(space);
    }
    state.state = 'done';
  } catch (err) {
    state.state = 'failed';
    state.error = err instanceof Error ? err.message : String(err);
  }
  options.onProgress?.({ ...state });
  return { ...state };
}

/**
 * Starts re-embedding in the background when rows of another model exist (or the store's index is
 * of another model); logs its progress every `logEvery` rows.
 */
export function startReembedding(
  target: ReembedTarget,
  embedder: Embedder,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  signal?: AbortSignal,
): Promise<ReembedProgress> {
  let logged = 0;
  return reembed(target, embedder, {
    signal,
    onProgress: (p) => {
      if (p.state !== 'running') {
        if (p.state === 'failed') log.error({ ...p }, `re-embedding ${p.target} failed`);
        else if (p.total > 0) log.info({ ...p }, `re-embedding ${p.target}: done`);
        return;
      }
      if (p.done - logged >= 1000 || logged === 0) {
        logged = p.done;
        log.info({ ...p }, `re-embedding ${p.target} with ${p.model}: ${p.done} of ${p.total}`);
      }
    },
  });
}

/**
 * A subgraph's start: in a process that runs jobs, re-embeds the target's rows of other models in the
 * background (the start does not wait), and stops with the platform.
 */
export function reembedInBackground(
  platform: {
    config: { runJobs: boolean };
    embedder: Embedder;
    log: Parameters<typeof startReembedding>[2];
    onClose(c: () => Promise<void>): void;
  },
  target: ReembedTarget,
): void {
  if (!platform.config.runJobs) return;
  const stop = new AbortController();
  const running = startReembedding(target, platform.embedder, platform.log, stop.signal);
  platform.onClose(async () => {
    stop.abort();
    await running;
  });
}
