// The analysis runs in a worker thread: the client's event loop keeps turning meanwhile, and
// the time and memory limits end an analysis as a tool error.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../../../src/adapters/standin/adapter.ts';
import type { AnalysisLimits } from '../../../src/adapters/standin/run-analysis.ts';

async function gridFrame(limits?: AnalysisLimits, stories = 1) {
  const adapters = new Map([
    ['sap2000' as const, new StandinFrameAdapter('sap2000', mkdtempSync(join(tmpdir(), 'worker-')), limits)],
  ]);
  let n = 0;
  const raw = (tool: string, args: unknown) =>
    dispatch(adapters, { callId: String(++n), program: 'sap2000', tool, args });
  await raw('new_model', { units: 'kN_m_C', dimension: '3d' });
  await raw('define_material', { name: 'C', e: 3e7 });
  await raw('define_section', { name: 'R', material: 'C', section: { shape: 'rectangle', depth: 0.5, width: 0.4 } });
  const frames = [];
  for (let s = 0; s < stories; s++)
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++) {
        frames.push({ start: [6 * i, 6 * j, 3 * s], end: [6 * i, 6 * j, 3 * s + 3], section: 'R' });
        if (i < 5) frames.push({ start: [6 * i, 6 * j, 3 * s + 3], end: [6 * i + 6, 6 * j, 3 * s + 3], section: 'R' });
        if (j < 5) frames.push({ start: [6 * i, 6 * j, 3 * s + 3], end: [6 * i, 6 * j + 6, 3 * s + 3], section: 'R' });
      }
  await raw('define_frames', { frames });
  const bases = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) bases.push([6 * i, 6 * j, 0]);
  await raw('assign_supports', { joints: bases, restraint: 'fixed' });
  await raw('assign_loads', {
    pattern: 'W',
    loads: [{ type: 'joint', joint: [0, 0, 3 * stories], force: [10, 0, 0] }],
  });
  return raw;
}

describe('analysis in a worker thread', () => {
  it('leaves the event loop free while a model is analysed', async () => {
    const raw = await gridFrame(undefined, 8);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    const out = await raw('run_analysis', {});
    const elapsed = performance.now() - started;
    clearInterval(timer);
    console.log(`analysis ${elapsed.toFixed(0)} ms, ${ticks} ticks of the event loop`);
    expect(out).toMatchObject({ ok: true });
    // A blocked loop would tick at most once; a free one ticks about every 5 ms (a fifth of that under heavy load).
    expect(ticks).toBeGreaterThan(Math.min(20, elapsed / 25));
  });

  it('ends an analysis past its time limit as a tool error', async () => {
    const raw = await gridFrame({ timeoutMs: 1, maxMemoryMb: 512 });
    expect(await raw('run_analysis', {})).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', message: 'the analysis did not finish within 0.001 s' },
    });
  });
});
