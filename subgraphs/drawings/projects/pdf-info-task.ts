// Worker-thread entry: opens an uploaded PDF to learn its page count (and
// refuse a file that is not a readable PDF) before any ingestion job exists.
import { AppError } from '../../../core/errors.ts';
import { openPdf } from '../../../core/pdf/open.ts';

export type PdfInfoResult = { ok: true; pageCount: number } | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export default async function task({ bytes }: { bytes: Uint8Array }): Promise<PdfInfoResult> {
  try {
    const { doc, close } = await openPdf(bytes);
    const pageCount = doc.numPages;
    await close();
    return { ok: true, pageCount };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
