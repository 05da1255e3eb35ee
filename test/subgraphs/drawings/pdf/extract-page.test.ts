import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PDFDocument,
  degrees,
  pushGraphicsState,
  popGraphicsState,
  concatTransformationMatrix,
  moveTo,
  lineTo,
  appendBezierCurve,
  stroke,
  setDashPattern,
  setLineWidth,
  rectangle,
  clip,
  endPath,
  StandardFonts,
} from 'pdf-lib';
import { extractPage } from '../../../../subgraphs/drawings/pdf/extract-page.ts';
import { CURVE } from '../../../../core/geometry/types.ts';
import { createWorkerPool } from '../../../../core/jobs/worker-pool.ts';
import { AppError } from '../../../../core/errors.ts';
import { ROOT } from '../../../helpers/child.ts';

const SAMPLE = path.join(ROOT, 'test/fixtures/drawings/va-stcloud-bldg28-AF101-AF600.pdf');

/** A 612×792 page shown rotated 90°, with geometry in the situations real CAD output uses. */
async function rotatedSheet(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.setRotation(degrees(90));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // A Bézier circle of radius 20 at (100, 200), drawn in a local space scaled by 0.1.
  const k = 0.5523 * 200;
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(0.1, 0, 0, 0.1, 0, 0),
    setLineWidth(10),
    moveTo(1200, 2000),
    appendBezierCurve(1200, 2000 + k, 1000 + k, 2200, 1000, 2200),
    appendBezierCurve(1000 - k, 2200, 800, 2000 + k, 800, 2000),
    appendBezierCurve(800, 2000 - k, 1000 - k, 1800, 1000, 1800),
    appendBezierCurve(1000 + k, 1800, 1200, 2000 - k, 1200, 2000),
    stroke(),
    popGraphicsState(),
    // A dashed line from (300, 100) to (300, 500).
    pushGraphicsState(),
    setDashPattern([6, 3], 0),
    moveTo(300, 100),
    lineTo(300, 500),
    stroke(),
    popGraphicsState(),
    // A clip path: not drawing geometry.
    pushGraphicsState(),
    rectangle(0, 0, 50, 50),
    clip(),
    endPath(),
    popGraphicsState(),
  );
  page.drawText('S-501', { x: 400, y: 300, size: 10, font });
  // A form XObject holding one line from (0,0) to (10,0), placed at (50, 60) scaled ×2.
  const formDoc = await PDFDocument.create();
  const formPage = formDoc.addPage([20, 20]);
  formPage.pushOperators(moveTo(0, 0), lineTo(10, 0), stroke());
  const [embedded] = await doc.embedPdf(await formDoc.save());
  page.drawPage(embedded!, { x: 50, y: 60, xScale: 2, yScale: 2 });
  return doc.save();
}

describe('extractPage', () => {
  it('reads the real sample sheets whole: size, operators, paths and text', async () => {
    const bytes = new Uint8Array(fs.readFileSync(SAMPLE));
    const page2 = await extractPage(bytes, 2);
    expect(page2.pageCount).toBe(2);
    expect([page2.width, page2.height, page2.rotation]).toEqual([3024, 2160, 0]);
    expect(page2.operatorCount).toBeGreaterThan(50_000);
    expect(page2.paths.length).toBeGreaterThan(1_000);
    // Revision clouds arrive as one-arc paths of two Béziers each.
    const twoCurvePaths = page2.paths.filter(
      (p) => p.ops.filter((o) => o === CURVE).length === 2 && p.ops.length === 3,
    );
    expect(twoCurvePaths.length).toBeGreaterThan(80);
    const text = page2.texts.map((t) => t.str).join(' ');
    expect(text).toContain('REVISION SET 1');
    for (const t of page2.texts) {
      expect(t.bbox[0]).toBeGreaterThanOrEqual(-1);
      expect(t.bbox[3]).toBeLessThanOrEqual(2161);
    }
    expect(page2.pdfjsMs).toBeGreaterThan(0);
    expect(page2.totalMs).toBeGreaterThanOrEqual(page2.pdfjsMs);
  });

  it('maps rotation, per-path transforms and form XObjects into display coordinates, and skips clip paths', async () => {
    const page = await extractPage(await rotatedSheet(), 1);
    // /Rotate 90: the page shows 792 wide and 612 high, and user (x, y) appears at (y, x).
    expect([page.width, page.height, page.rotation]).toEqual([792, 612, 90]);
    const circle = page.paths.find((p) => p.ops.filter((o) => o === CURVE).length === 4)!;
    expect(circle.bbox.map((v) => Math.round(v))).toEqual([180, 80, 220, 120]);
    expect(circle.lineWidth).toBeCloseTo(1, 5);
    const dashed = page.paths.find((p) => p.dash)!;
    expect(dashed.dash).toEqual([6, 3]);
    expect(dashed.bbox.map((v) => Math.round(v))).toEqual([100, 300, 500, 300]);
    const formLine = page.paths.find((p) => Math.round(p.bbox[1]) === 50 && Math.round(p.bbox[3]) === 70)!;
    expect(formLine.bbox.map((v) => Math.round(v))).toEqual([60, 50, 60, 70]);
    expect(page.paths.some((p) => p.bbox[2] - p.bbox[0] === 50 && p.bbox[3] - p.bbox[1] === 50)).toBe(false);
    const label = page.texts.find((t) => t.str === 'S-501')!;
    // Text on a baseline at user (400, 300) appears at display (300, 400), reads downwards, glyphs growing to +x.
    expect(label.bbox[0]).toBeCloseTo(300, 0);
    expect(label.bbox[2]).toBeCloseTo(310, 0);
    expect(label.bbox[1]).toBeCloseTo(400, 0);
    expect(label.bbox[3]).toBeGreaterThan(420);
    expect(label.size).toBeCloseTo(10, 5);
    expect(label.angle).toBeCloseTo(Math.PI / 2, 5);
  });

  it('names what is wrong with a bad file', async () => {
    const good = await rotatedSheet();
    await expect(extractPage(new TextEncoder().encode('hello, not a pdf'), 1)).rejects.toMatchObject({
      code: 'INVALID_PDF',
    });
    await expect(extractPage(good.slice(0, 400), 1)).rejects.toMatchObject({ code: 'INVALID_PDF' });
    await expect(extractPage(good, 3)).rejects.toMatchObject({
      code: 'PAGE_OUT_OF_RANGE',
      details: { page: 3, page_count: 1 },
    });
  });

  it('runs with the detectors in a worker thread, its AppErrors reaching the caller whole', async () => {
    const pool = createWorkerPool(1);
    try {
      const task = new URL('../../../../subgraphs/drawings/pdf/analyze-page-task.ts', import.meta.url);
      const result = await pool.run<any>(task, { bytes: await rotatedSheet(), page: 1 });
      expect(result.pageCount).toBe(1);
      expect(result.analysis.dimensions).toEqual({ width: 792, height: 612 });
      expect(result.pdfjsMs).toBeGreaterThan(0);
      const failed = await pool.run<any>(task, { bytes: new Uint8Array(10), page: 1 }).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(AppError);
      expect(failed).toMatchObject({ code: 'INVALID_PDF' });
    } finally {
      await pool.close();
    }
  });
});
