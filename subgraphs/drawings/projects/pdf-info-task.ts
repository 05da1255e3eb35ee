// Worker-thread entry: opens an uploaded PDF to learn its page count (and
// refuse a file that is not a readable PDF) before any ingestion job exists.
import { defineTask } from '../../../core/jobs/task.ts';
import { openPdf } from '../../../core/pdf/open.ts';

export default defineTask(async ({ bytes }: { bytes: Uint8Array }): Promise<{ pageCount: number }> => {
  const { doc, close } = await openPdf(bytes);
  const pageCount = doc.numPages;
  await close();
  return { pageCount };
});
