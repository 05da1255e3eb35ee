// The CI fuzz failure of round 3 (`npm run fuzz -- --seed 1`, multipart-pdf: one POST /v1/drawings
// unanswered after the client's 60 s): a 671-byte PDF whose one line runs to 10^400 — a run of nines
// the mutator inserted — reached the detectors as ±Infinity and NaN, and their grid indexes
// (detect/scene.ts) never finished: the analysis held its worker thread for the whole 60 s of CPU
// time the drawing limit allows, then failed RESOURCE_LIMIT. A line to 10^33 (finite) did the same.
// Geometry is now bounded where it leaves pdf.js (subgraphs/drawings/pdf/page-reach.ts).
import { describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../core/jobs/worker-pool.ts';
import type { AnalyzeTaskResult } from '../../subgraphs/drawings/pdf/analyze-page-task.ts';
import { extractPage } from '../../subgraphs/drawings/pdf/extract-page.ts';

const ANALYZE = new URL('../../subgraphs/drawings/pdf/analyze-page-task.ts', import.meta.url);

/** The fuzz's minimal page (fuzz/inputs.ts) with `content` as its stream and `box` as its MediaBox. */
const page = (content: string, box = '0 0 200 200') =>
  new Uint8Array(
    Buffer.from(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[${box}]/Contents 4 0 R>>endobj 4 0 obj<</Length ${content.length}>>stream\n${content}\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
      'latin1',
    ),
  );

/** The failing case as the fuzz generated it: 400 nines inserted before the line's y. */
const TO_INFINITY = page(`0 0 m 100 ${'9'.repeat(400)}100 l S`);
const TO_1E33 = page(`0 0 m 100 ${'9'.repeat(33)} l S`);
const TO_1E33_TEXT = page(`BT /F1 12 Tf 1 0 0 1 ${'9'.repeat(33)} 50 Tm (far) Tj ET 10 10 m 190 190 l S`);

describe('geometry far beyond the page (the round-3 fuzz failure)', () => {
  it('is analysed, not held to the time limit: lines to 10^400 and 10^33 are left out, the rest of the page is read', async () => {
    // A limit of 10 s of the thread's CPU, far from both the healthy figure (tens of ms) and the
    // failure (every case holds its thread until the limit stops it): past it the task fails
    // RESOURCE_LIMIT. The wall-clock backstop is set far out (300 s): a loaded machine stretches a
    // fresh thread's loading of pdf.js and the lettering reader, which is not what is measured.
    const pool = createWorkerPool(1, 60_000, { taskTimeoutMs: 10_000, maxHeapMb: 512, wallFactor: 30 });
    try {
      for (const pdf of [TO_INFINITY, TO_1E33, TO_1E33_TEXT]) {
        const outcome = await pool.run<AnalyzeTaskResult>(ANALYZE, { bytes: pdf, page: 1 });
        expect(outcome.pageCount).toBe(1);
        expect(outcome.analysis).toMatchObject({
          dimensions: { width: 200, height: 200 },
          annotations: { leaders: [], section_tags: [] },
        });
      }
    } finally {
      await pool.close();
    }
  }, 400_000);

  it('keeps every finite coordinate within the page grown by its own size, and the lines inside it', async () => {
    const geometry = await extractPage(TO_1E33_TEXT, 1);
    expect(geometry.texts).toEqual([]);
    expect(geometry.paths).toHaveLength(1);
    for (const p of geometry.paths) for (const c of p.coords) expect(Math.abs(c)).toBeLessThanOrEqual(400);
    expect((await extractPage(TO_INFINITY, 1)).paths).toEqual([]);
  });

  it('refuses a page over the 14,400 units a side ISO 32000-1 allows, naming the page', async () => {
    await expect(extractPage(page('0 0 m 10 10 l S', `0 0 200 ${'9'.repeat(33)}`), 1)).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      details: { field: 'page', limit_value: 14_400 },
    });
    expect((await extractPage(page('0 0 m 10 10 l S', '0 0 14400 14400'), 1)).paths).toHaveLength(1);
  });
});
