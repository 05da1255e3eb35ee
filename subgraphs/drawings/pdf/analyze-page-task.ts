// Worker-thread entry: parse one page with pdf.js and run the detectors on
// it, both CPU-heavy, off the server's event loop.
import { defineTask } from '../../../core/jobs/task.ts';
import { draftPage, type PageAnalysis } from '../detect/analyze.ts';
import { extractPage } from './extract-page.ts';
import { readLettering, type LetteringPassStats } from '../detect/lettering-pass.ts';
import { sharedReader } from '../lettering/reader.ts';

export interface AnalyzeTaskResult {
  pageCount: number;
  analysis: PageAnalysis;
  pdfjsMs: number;
  totalMs: number;
  operatorCount: number;
  /** The lettering reader's part (pages without a text layer): regions read and its CPU time. */
  lettering: LetteringPassStats;
}

export default defineTask(async ({ bytes, page }: { bytes: Uint8Array; page: number }): Promise<AnalyzeTaskResult> => {
  const started = performance.now();
  const geometry = await extractPage(bytes, page);
  const { analysis, stats } = await readLettering(geometry, draftPage(geometry), await sharedReader());
  return {
    pageCount: geometry.pageCount,
    analysis,
    pdfjsMs: geometry.pdfjsMs,
    totalMs: performance.now() - started,
    operatorCount: geometry.operatorCount,
    lettering: stats,
  };
});
