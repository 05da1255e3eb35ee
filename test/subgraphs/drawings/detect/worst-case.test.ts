// Worst cases of the bulk detectors (issue 13): a page of 100,000 tiny strokes, as stroked
// lettering (stroked-text.ts clusters it), as hatch (HATCH IS REGULAR), and as tag circles
// whose every chord is its own path (circles.ts chains them). The analysis must grow
// linearly with the page's paths, finish within the drawing worker's limits, and a page
// past those limits must be answered RESOURCE_LIMIT by the pool, never crash it.
import { describe, expect, it } from 'vitest';
import { analyzePage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { createWorkerPool } from '../../../../core/jobs/worker-pool.ts';
import { LIMITS } from '../../../../core/limits.ts';
import type { AnalyzeTaskResult } from '../../../../subgraphs/drawings/pdf/analyze-page-task.ts';
import { fan, hatch, looseSides, page, segmentedCircles, strokedLettering, strokesPdf } from './worst-case-pages.ts';
import { buildScene } from '../../../../subgraphs/drawings/detect/scene.ts';
import { assembledOutlines } from '../../../../subgraphs/drawings/detect/tags/tag-outlines.ts';

const ANALYZE = new URL('../../../../subgraphs/drawings/pdf/analyze-page-task.ts', import.meta.url);

/** A tenth each of hatch and segmented circles, the rest stroked lettering: `strokes` paths in all. */
const mixed = (strokes: number) => [
  ...strokedLettering(0.8 * strokes),
  ...hatch(0.1 * strokes),
  ...segmentedCircles(Math.round((0.1 * strokes) / 48)),
];

/**
 * The fastest of `runs` analyses by CPU time (the test's own thread): the least disturbed by other
 * work on a shared machine.
 */
function fastest(
  paths: ReturnType<typeof mixed>,
  runs: number,
): { ms: number; result: ReturnType<typeof analyzePage> } {
  let best = Infinity;
  let result!: ReturnType<typeof analyzePage>;
  for (let i = 0; i < runs; i++) {
    const t = process.cpuUsage();
    result = analyzePage(page(paths));
    const used = process.cpuUsage(t);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return { ms: best, result };
}

describe('a page of 100,000 tiny strokes', () => {
  it('is analysed in time growing linearly with its strokes (100k within 25 times 10k: 10 is linear, 100 quadratic)', () => {
    const small = mixed(10_000);
    const large = mixed(100_000);
    fastest(small, 1); // warms the JIT for both sizes' shapes
    const a = fastest(small, 3);
    const b = fastest(large, 2);
    console.log(
      `worst-case page: 10k strokes ${a.ms.toFixed(0)} ms CPU, 100k strokes ${b.ms.toFixed(0)} ms CPU, ratio ${(b.ms / a.ms).toFixed(1)}`,
    );
    // Measured 8.2–12.1 (garbage collection grows with the page); a quadratic step would give ~100.
    expect(b.ms / a.ms).toBeLessThanOrEqual(25);
    // No leader or tag is made of lettering, hatch or undivided circles.
    expect(b.result.annotations.leaders).toEqual([]);
    expect(b.result.annotations.section_tags).toEqual([]);
  }, 240_000);

  it('of loose equal sides (grids, stars, hexagons short of a side) is chained into tag outlines in linear time and makes none', () => {
    const small = looseSides(10_000);
    const large = looseSides(100_000);
    // The chaining alone: the rest of the analysis has its own test above.
    const chain = (paths: typeof small, runs: number) => {
      const scene = buildScene(page(paths));
      let best = Infinity;
      let found = -1;
      for (let i = 0; i < runs; i++) {
        const t = process.cpuUsage();
        found = assembledOutlines(scene).length;
        const used = process.cpuUsage(t);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return { ms: best, found };
    };
    chain(small, 1);
    const a = chain(small, 5);
    const b = chain(large, 3);
    console.log(
      `loose sides: 10k ${a.ms.toFixed(1)} ms CPU, 100k ${b.ms.toFixed(1)} ms CPU, ratio ${(b.ms / a.ms).toFixed(1)}`,
    );
    expect(b.ms / a.ms).toBeLessThanOrEqual(25);
    expect([a.found, b.found]).toEqual([0, 0]);
    const whole = fastest(large, 1);
    expect(whole.result.annotations.detail_tags).toEqual([]);
    expect(whole.result.annotations.section_tags).toEqual([]);
  }, 240_000);

  it('heaped on one point (a fan of strokes) is analysed in linear time: a heap is no lettering, joint or head', () => {
    const small = fan(10_000);
    const large = fan(100_000);
    fastest(small, 1);
    const a = fastest(small, 3);
    const b = fastest(large, 2);
    console.log(
      `fan: 10k ${a.ms.toFixed(0)} ms CPU, 100k ${b.ms.toFixed(0)} ms CPU, ratio ${(b.ms / a.ms).toFixed(1)}`,
    );
    // Before the heap rules 16,000 strokes took 156 s (4,000: 2.5 s): every stroke looked at every other, twice.
    expect(b.ms / a.ms).toBeLessThanOrEqual(25);
    expect(b.result.annotations.leaders).toEqual([]);
    expect(b.result.annotations.section_tags).toEqual([]);
    expect(b.result.annotations.detail_tags).toEqual([]);
  }, 240_000);

  it("finishes within the drawing worker's limits; a CPU limit it cannot meet is answered RESOURCE_LIMIT and the pool goes on", async () => {
    const pdf = strokesPdf(mixed(100_000));
    const pool = createWorkerPool(1, 60_000);
    try {
      const done = await pool.run<AnalyzeTaskResult>(ANALYZE, { bytes: pdf, page: 1 }, undefined, {
        timeoutMs: LIMITS.drawingTimeoutMs,
      });
      expect(done.operatorCount).toBeGreaterThanOrEqual(99_000);
      console.log(
        `worst-case page in the worker: ${done.totalMs.toFixed(0)} ms (pdf.js ${done.pdfjsMs.toFixed(0)} ms)`,
      );
      await expect(pool.run(ANALYZE, { bytes: pdf, page: 1 }, undefined, { timeoutMs: 300 })).rejects.toMatchObject({
        code: 'RESOURCE_LIMIT',
        details: { limit: 'worker_task_timeout_ms' },
      });
      const again = await pool.run<AnalyzeTaskResult>(ANALYZE, { bytes: strokesPdf(mixed(1_000)), page: 1 });
      expect(again.pageCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 240_000);

  it("past the worker's heap limit is answered RESOURCE_LIMIT, not a crash", async () => {
    const pool = createWorkerPool(1, 60_000, { taskTimeoutMs: 120_000, maxHeapMb: 48 });
    try {
      await expect(pool.run(ANALYZE, { bytes: strokesPdf(mixed(100_000)), page: 1 })).rejects.toMatchObject({
        code: 'RESOURCE_LIMIT',
        details: { limit: 'worker_max_heap_mb' },
      });
    } finally {
      await pool.close();
    }
  }, 240_000);
});
