// Worker-thread entry: reads lettering in regions of one page of a PDF, off the event loop, under
// the pool's CPU-time and heap limits (core/jobs/worker-pool.ts). Callers already in a worker
// (Tier 1's analysis, an ingestion task) call sharedReader().read() directly instead.
import { defineTask } from '../../../core/jobs/task.ts';
import { extractPage } from '../pdf/extract-page.ts';
import { sharedReader, type LetteringRegion, type ReadResult, type ReaderOptions } from './reader.ts';

export interface ReadLetteringPayload {
  bytes: Uint8Array;
  /** 1-indexed. */
  page: number;
  regions: LetteringRegion[];
  options?: ReaderOptions;
}

export default defineTask(async ({ bytes, page, regions, options }: ReadLetteringPayload): Promise<ReadResult> => {
  const geometry = await extractPage(bytes, page);
  return (await sharedReader()).read(geometry, regions, options);
});
