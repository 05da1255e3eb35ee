// The `page` field of sheet ingestion: "3", "1-10", or several of those
// separated by commas ("1-3,7"). Malformed is VALIDATION_ERROR naming `page`;
// a page beyond the document is PAGE_OUT_OF_RANGE with the document's page_count.
import { AppError, fieldError } from '../../../core/errors.ts';

/** Pages one request may ingest: a large drawing set, and a bound on the jobs one call creates. */
export const MAX_PAGES_PER_REQUEST = 500;

export function parsePages(spec: string): number[] {
  const pages = new Set<number>();
  if (typeof spec !== 'string' || spec.length > 200 || !spec.trim())
    throw new AppError('VALIDATION_ERROR', 'page: required, a page ("3") or a range ("1-10")', { field: 'page' });
  for (const part of spec.split(',')) {
    const m = /^\s*(\d{1,6})\s*(?:-\s*(\d{1,6})\s*)?$/.exec(part);
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] ? Number(m[2]) : from;
    if (!m || from < 1 || to < from)
      throw fieldError(
        'VALIDATION_ERROR',
        'page',
        `"${spec}" is not a page ("3") or a range ("1-10") of pages from 1`,
        { field: 'page' },
      );
    if (to - from + 1 + pages.size > MAX_PAGES_PER_REQUEST)
      throw fieldError('UNPROCESSABLE', 'page', `at most ${MAX_PAGES_PER_REQUEST} pages per request`, {
        field: 'page',
      });
    for (let p = from; p <= to; p++) pages.add(p);
  }
  return [...pages].sort((a, b) => a - b);
}

export function checkPagesInDocument(pages: number[], pageCount: number): void {
  const beyond = pages.find((p) => p > pageCount);
  if (beyond !== undefined) {
    throw new AppError('PAGE_OUT_OF_RANGE', `page ${beyond} is beyond the document's ${pageCount} page(s)`, {
      field: 'page',
      page: beyond,
      page_count: pageCount,
    });
  }
}
