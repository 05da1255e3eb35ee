// A code PDF's text, page by page, as passages. Runs in a worker thread for
// the server (see extract-text-task.ts) and inline in the ingest command,
// which reports progress.
import { AppError } from '../../../core/errors.ts';
import { classifyPdfError, openPdf } from '../../../core/pdf/open.ts';
import { textRuns } from '../../../core/pdf/text-runs.ts';
import { passagesOf, type PageText, type Passage } from './passages.ts';

export interface ExtractedCode {
  pageCount: number;
  passages: Passage[];
  characters: number;
}

/** Below this many letters per page on average, a PDF is scanned images or outlines, not searchable text. */
const MIN_LETTERS_PER_PAGE = 40;

export async function extractCodeText(bytes: Uint8Array, onPage?: (done: number, total: number) => void): Promise<ExtractedCode> {
  const { doc, close } = await openPdf(bytes);
  try {
    const pages: PageText[] = [];
    let letters = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      try {
        const page = await doc.getPage(n);
        const viewport = page.getViewport({ scale: 1 });
        const runs = textRuns((await page.getTextContent()).items, viewport.transform);
        for (const r of runs) letters += (r.str.match(/[A-Za-z]/g) ?? []).length;
        pages.push({ page: n, width: viewport.width, height: viewport.height, runs });
        page.cleanup();
      } catch (err) {
        throw err instanceof AppError ? err : classifyPdfError(err);
      }
      onPage?.(n, doc.numPages);
    }
    if (letters < MIN_LETTERS_PER_PAGE * doc.numPages) {
      throw new AppError('NO_TEXT_LAYER', `The PDF has no searchable text layer (${letters} letters over ${doc.numPages} pages); scanned codes need OCR first`, {
        pages: doc.numPages,
        letters,
      });
    }
    // Printed page labels, when the PDF carries them (a broken label tree is no reason to refuse the code).
    const labels = await doc.getPageLabels().catch(() => null);
    return { pageCount: doc.numPages, passages: passagesOf(pages, labels), characters: letters };
  } finally {
    await close();
  }
}
