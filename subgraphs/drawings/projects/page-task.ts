// Worker-thread entry of sheet ingestion: the page's Tier 1 analysis (the
// same extraction and detectors as POST /v1/drawings, used as they are), then
// the project's own reading of it (extract.ts). Grid bubbles are not a Tier 1
// output: they are found here from the same scene (circles holding one label).
import { AppError } from '../../../core/errors.ts';
import { center } from '../../../core/geometry/bbox.ts';
import { dist } from '../../../core/geometry/vec.ts';
import { analyzePage } from '../detect/analyze.ts';
import { findCircles } from '../detect/circles.ts';
import { buildScene } from '../detect/scene.ts';
import { extractPage } from '../pdf/extract-page.ts';
import { extractSheet, type GridBubble, type SheetDraft } from './extract.ts';
import type { SheetNumberOptions } from './sheet-number.ts';
import { textLines } from './text-lines.ts';

export type PageTaskResult =
  | { ok: true; pageCount: number; width: number; height: number; draft: SheetDraft; tier1Ms: number; totalMs: number }
  | { ok: false; code: string; message: string; details?: Record<string, unknown> };

/** Rule grid-bubble: a circle of 4–40 pt radius holding exactly one run that is a grid label (A, AA, C.1, 12). */
const GRID_LABEL = /^([A-Z]{1,2}|\d{1,3})(\.\d{1,2})?$/;

export default async function task({ bytes, page, options }: { bytes: Uint8Array; page: number; options: SheetNumberOptions }): Promise<PageTaskResult> {
  const started = performance.now();
  try {
    const geometry = await extractPage(bytes, page);
    const analysis = analyzePage(geometry);
    const tier1Ms = performance.now() - started;
    const scene = buildScene(geometry);
    const bubbles: GridBubble[] = [];
    for (const c of findCircles(scene)) {
      if (c.radius < 4 || c.radius > 40) continue;
      const inside = [...scene.textIndex.query([c.center[0] - c.radius, c.center[1] - c.radius, c.center[0] + c.radius, c.center[1] + c.radius])].filter((i) => dist(center(scene.texts[i]!.bbox), c.center) < 0.9 * c.radius);
      if (inside.length !== 1) continue;
      const label = scene.texts[inside[0]!]!.str.trim().toUpperCase();
      if (GRID_LABEL.test(label)) bubbles.push({ label, center: c.center, radius: c.radius });
    }
    const draft = extractSheet({ analysis, lines: textLines(geometry.texts), bubbles, page, options });
    return { ok: true, pageCount: geometry.pageCount, width: geometry.width, height: geometry.height, draft, tier1Ms, totalMs: performance.now() - started };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, message: err.message, details: err.details };
    throw err;
  }
}
