// A code PDF's text, page by page, as passages. Reading the pages (pdf.js
// text extraction, nine tenths of an ingest) splits into contiguous page
// ranges that worker threads read at once (extractWithWorkers); the layout
// and passages need every page together (running headers are found by
// repetition across pages) and run in one more task. The ingest command and
// the evaluation read inline, with progress (extractCodeText).
import type { WorkerPool } from '../../../core/jobs/worker-pool.ts';
import { AppError } from '../../../core/errors.ts';
import { classifyPdfError, openPdf } from '../../../core/pdf/open.ts';
import { textRuns } from '../../../core/pdf/text-runs.ts';
import { readDocument, type PageText, type Passage } from './passages.ts';

export interface ExtractedCode {
  pageCount: number;
  passages: Passage[];
  /** The names the document prints for itself: designations and title (designations.ts). */
  designations: string[];
  characters: number;
}

/** The pages one reader read: a contiguous share of the document. */
export interface PagesRead {
  pageCount: number;
  pages: PageText[];
  letters: number;
  /** The PDF's page labels, read by the first share only. */
  labels: string[] | null;
}

/** Below this many letters per page on average, a PDF is scanned images or outlines, not searchable text. */
const MIN_LETTERS_PER_PAGE = 40;

/** Pages of share `part` of `parts` (contiguous, in order, 0-based), 1-based and inclusive. */
export function shareOf(pageCount: number, part: number, parts: number): { from: number; to: number } {
  const size = Math.ceil(pageCount / parts);
  return { from: part * size + 1, to: Math.min(pageCount, (part + 1) * size) };
}

/** Reads the text runs of one share of the pages (all of them by default). */
export async function readPages(
  bytes: Uint8Array,
  share = { part: 0, parts: 1 },
  onPage?: (done: number, total: number) => void,
): Promise<PagesRead> {
  const { doc, close } = await openPdf(bytes);
  try {
    const { from, to } = shareOf(doc.numPages, share.part, share.parts);
    const pages: PageText[] = [];
    let letters = 0;
    for (let n = from; n <= to; n++) {
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
    // Printed page labels, when the PDF carries them (a broken label tree is no reason to refuse the code).
    const labels = share.part === 0 ? await doc.getPageLabels().catch(() => null) : null;
    return { pageCount: doc.numPages, pages, letters, labels };
  } finally {
    await close();
  }
}

/** The passages of a document from its shares, in any order; refuses a document without a text layer. */
export function passagesFrom(shares: readonly PagesRead[]): ExtractedCode {
  const pageCount = shares[0]?.pageCount ?? 0;
  const letters = shares.reduce((s, r) => s + r.letters, 0);
  if (letters < MIN_LETTERS_PER_PAGE * pageCount) {
    throw new AppError(
      'NO_TEXT_LAYER',
      `The PDF has no searchable text layer (${letters} letters over ${pageCount} pages); scanned codes need OCR first`,
      {
        pages: pageCount,
        letters,
      },
    );
  }
  const pages = shares.flatMap((r) => r.pages).sort((a, b) => a.page - b.page);
  const labels = shares.find((r) => r.labels)?.labels ?? null;
  return { pageCount, ...readDocument(pages, labels), characters: letters };
}

export async function extractCodeText(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void,
): Promise<ExtractedCode> {
  return passagesFrom([await readPages(bytes, undefined, onPage)]);
}

const TASK = new URL('./extract-text-task.ts', import.meta.url);

/**
 * Reads the pages in `parts` shares on the worker pool at once, then lays
 * them out into passages in one more task, so nothing heavy runs on the
 * caller's thread. Each share opens the document itself (a few ms).
 */
export async function extractWithWorkers(
  workers: WorkerPool,
  bytes: Uint8Array,
  parts: number,
  signal?: AbortSignal,
): Promise<ExtractedCode> {
  const shares = await Promise.all(
    Array.from({ length: Math.max(1, parts) }, (_, part) =>
      workers.run<PagesRead>(TASK, { kind: 'pages', bytes, part, parts: Math.max(1, parts) }, signal),
    ),
  );
  return workers.run<ExtractedCode>(TASK, { kind: 'passages', shares }, signal);
}
