// Worker-thread entry: parse one page with pdf.js and run the detectors on
// it, both CPU-heavy, off the server's event loop.
import { AppError } from '../../../core/errors.ts';
import { analyzePage, type PageAnalysis } from '../detect/analyze.ts';
import { extractPage } from './extract-page.ts';

export type AnalyzeTaskResult =
  | { ok: true; pageCount: number; analysis: PageAnalysis; pdfjsMs: number; totalMs: number; operatorCount: number }
  | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export default async function task({ bytes, page }: { bytes: Uint8Array; page: number }): Promise<AnalyzeTaskResult> {
  const started = performance.now();
  try {
    const geometry = await extractPage(bytes, page);
    const analysis = analyzePage(geometry);
    return { ok: true, pageCount: geometry.pageCount, analysis, pdfjsMs: geometry.pdfjsMs, totalMs: performance.now() - started, operatorCount: geometry.operatorCount };
  } catch (err) {
    // Errors cross the thread boundary as plain data so their code survives.
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
