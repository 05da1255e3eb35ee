// Reads one page's geometry and text. Runs in a worker thread (see
// extract-page-task.ts) because parsing a dense sheet takes hundreds of ms.
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '../../../core/errors.ts';
import type { PageGeometry } from '../../../core/geometry/types.ts';
import { classifyPdfError, openPdf } from '../../../core/pdf/open.ts';
import { largestFormExpansion } from './form-prescan.ts';
import { checkOperatorBudget, walkOperators } from './operator-walk.ts';
import { checkPageSize, pathWithinReach, reachOf, textWithinReach } from './page-reach.ts';
import { textRuns } from '../../../core/pdf/text-runs.ts';

export interface ExtractedPage extends PageGeometry {
  pageCount: number;
  /** Time pdf.js alone took for getOperatorList + getTextContent. */
  pdfjsMs: number;
  /** Time spent turning pdf.js's output into geometry (operator walk and text runs). */
  walkMs: number;
  /** Time of the whole extraction, opening the document included. */
  totalMs: number;
}

export async function extractPage(bytes: Uint8Array, pageNumber: number): Promise<ExtractedPage> {
  const started = performance.now();
  const { doc, close } = await openPdf(bytes);
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
      throw new AppError('PAGE_OUT_OF_RANGE', `page ${pageNumber} is beyond the document's ${doc.numPages} page(s)`, {
        page: pageNumber,
        page_count: doc.numPages,
      });
    }
    // Before pdf.js expands anything: a form nesting bomb is refused here, in milliseconds.
    checkOperatorBudget(largestFormExpansion(bytes), 'A form XObject of the file has');
    let opList;
    let text;
    const t0 = performance.now();
    try {
      const page = await doc.getPage(pageNumber);
      opList = await page.getOperatorList();
      text = await page.getTextContent();
      const pdfjsMs = performance.now() - t0;
      const t1 = performance.now();
      const viewport = page.getViewport({ scale: 1 });
      checkPageSize(viewport.width, viewport.height, pageNumber);
      // Geometry past the page's reach, or not finite, is no part of the sheet (page-reach.ts).
      const reach = reachOf(viewport.width, viewport.height);
      const paths = walkOperators(opList, OPS, viewport.transform).filter((p) => pathWithinReach(p, reach));
      const texts = textRuns(text.items, viewport.transform).filter((t) => textWithinReach(t, reach));
      const walkMs = performance.now() - t1;
      return {
        pageCount: doc.numPages,
        width: viewport.width,
        height: viewport.height,
        rotation: page.rotate,
        paths,
        texts,
        operatorCount: opList.fnArray.length,
        pdfjsMs,
        walkMs,
        totalMs: performance.now() - started,
      };
    } catch (err) {
      throw err instanceof AppError ? err : classifyPdfError(err);
    }
  } finally {
    await close();
  }
}
