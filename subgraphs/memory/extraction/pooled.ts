// The deterministic extractor on the worker pool for messages long enough to hold the event loop:
// its patterns are linear, about 10 µs a character on a loaded machine, so a message near the
// 100,000-character cap is a second of work that no other request may wait behind. Short messages
// (the common chat turn) stay on this thread, where they cost less than a trip to a worker. A
// language-model extractor waits on the network and is left as it is.
import type { WorkerPool } from '../../../core/jobs/worker-pool.ts';
import type { Extraction, ExtractionInput, Extractor } from './extractor.ts';

/** Characters from which a message is extracted on a worker thread (~20 ms of work on this thread below it). */
export const POOLED_FROM_CHARS = 2_000;

const TASK = new URL('./extract-task.ts', import.meta.url);

export function pooledExtractor(extractor: Extractor, workers: WorkerPool, signal?: AbortSignal): Extractor {
  if (extractor.name !== 'deterministic') return extractor;
  return {
    name: extractor.name,
    extract: (input: ExtractionInput): Promise<Extraction> =>
      input.content.length < POOLED_FROM_CHARS
        ? extractor.extract(input)
        : workers.run<Extraction>(TASK, input, signal),
  };
}
