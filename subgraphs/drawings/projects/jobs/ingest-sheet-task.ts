// Worker-thread task of the sheet ingestion job (ingest-sheet.ts): the page's Tier 1 analysis (the
// same extraction and detectors as POST /v1/drawings, used as they are), then
// the project's own reading of it (extract.ts). Grid bubbles are not a Tier 1
// output: grid-bubbles.ts finds them from the same page geometry.
import { defineTask } from '../../../../core/jobs/task.ts';
import { analyzePage } from '../../detect/analyze.ts';
import { extractPage } from '../../pdf/extract-page.ts';
import { extractSheet, type SheetDraft } from '../extract.ts';
import { findGridBubbles } from '../grid-bubbles.ts';
import type { SheetNumberOptions } from '../sheet-number.ts';
import { textLines } from '../text-lines.ts';
import { readSheetIdentity } from '../identity/index.ts';

export interface PageTaskResult {
  pageCount: number;
  width: number;
  height: number;
  draft: SheetDraft;
  tier1Ms: number;
  totalMs: number;
}

export default defineTask(async ({ bytes, page, options }: { bytes: Uint8Array; page: number; options: SheetNumberOptions }): Promise<PageTaskResult> => {
  const started = performance.now();
  const geometry = await extractPage(bytes, page);
  const analysis = analyzePage(geometry);
  const tier1Ms = performance.now() - started;
  const identity = readSheetIdentity(geometry);
  const draft = extractSheet({ analysis, identity, lines: textLines(geometry.texts), bubbles: findGridBubbles(geometry), page, options });
  return { pageCount: geometry.pageCount, width: geometry.width, height: geometry.height, draft, tier1Ms, totalMs: performance.now() - started };
});
