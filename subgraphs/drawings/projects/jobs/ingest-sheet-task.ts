// Worker-thread task of the sheet ingestion job (ingest-sheet.ts): the page's Tier 1 analysis (the
// same extraction, detectors and lettering pass as POST /v1/drawings, used as they are), then
// the project's own reading of it (extract.ts). Grid bubbles are not a Tier 1
// output: grid-bubbles.ts finds them from the same page geometry.
import { defineTask } from '../../../../core/jobs/task.ts';
import { draftPage } from '../../detect/analyze.ts';
import { readLettering } from '../../detect/lettering-pass.ts';
import { extractPage } from '../../pdf/extract-page.ts';
import { extractSheet, type SheetDraft } from '../extract.ts';
import { findGridBubbles } from '../grid-bubbles.ts';
import type { SheetNumberOptions } from '../sheet-number.ts';
import { textLines } from '../text-lines.ts';
import { readSheetIdentity, type SheetIdentity } from '../../titleblock/index.ts';
import { readUnlettered } from '../../titleblock/unlettered.ts';
import { sharedReader } from '../../lettering/reader.ts';

export interface PageTaskResult {
  pageCount: number;
  width: number;
  height: number;
  draft: SheetDraft;
  tier1Ms: number;
  totalMs: number;
  /** This thread's CPU time for the page (the bound for a sheet without a text layer is CPU time). */
  cpuMs: number;
  /** Regions the lettering reader recognised for the sheet's identity (0 where the text layer held it). */
  recognisedRegions: number;
}

export default defineTask(
  async ({
    bytes,
    page,
    options,
  }: {
    bytes: Uint8Array;
    page: number;
    options: SheetNumberOptions;
  }): Promise<PageTaskResult> => {
    const started = performance.now();
    const cpuStart = threadCpuMs();
    const geometry = await extractPage(bytes, page);
    // Tier 1 as POST /v1/drawings runs it: lettering the text layer lacks (a page without one, the
    // stroked tags and notes of one) is read by the lettering reader (detect/lettering-pass.ts), so
    // their sheets can be linked.
    const tier1 = draftPage(geometry);
    const { analysis } = await readLettering(geometry, tier1, await sharedReader());
    const tier1Ms = performance.now() - started;
    const { identity, recognisedRegions } = await sheetIdentity(geometry, tier1.identity);
    const draft = extractSheet({
      analysis,
      identity,
      lines: textLines(geometry.texts),
      bubbles: findGridBubbles(geometry),
      paths: geometry.paths,
      page,
      options,
    });
    return {
      pageCount: geometry.pageCount,
      width: geometry.width,
      height: geometry.height,
      draft,
      tier1Ms,
      totalMs: performance.now() - started,
      cpuMs: threadCpuMs() - cpuStart,
      recognisedRegions,
    };
  },
);

/**
 * The sheet's identity from its text layer; where that gives no number and the title block has
 * no text layer, from its lettering recognised (identity/unlettered.ts).
 */
async function sheetIdentity(
  geometry: Awaited<ReturnType<typeof extractPage>>,
  fromText: SheetIdentity,
): Promise<{ identity: SheetIdentity; recognisedRegions: number }> {
  if (fromText.number) return { identity: fromText, recognisedRegions: 0 };
  const read = await readUnlettered(geometry, await sharedReader());
  if (!read.runs.length) return { identity: fromText, recognisedRegions: read.regions };
  const recognised = readSheetIdentity({ ...geometry, texts: [...geometry.texts, ...read.runs] });
  const identity: SheetIdentity = {
    ...recognised,
    // The block found without lettering counts only when its lettering named the sheet.
    titleblock: recognised.titleblock ?? (recognised.number ? read.block : null),
    rules: {
      number: recognised.rules.number ? `recognised:${recognised.rules.number}` : null,
      titleblock: recognised.rules.titleblock ?? (recognised.number && read.block ? 'unlettered-block' : null),
    },
  };
  return { identity, recognisedRegions: read.regions };
}

function threadCpuMs(): number {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
}
