// Benchmark of the stand-in frame solver: 3D building frames of growing size, analysed
// through the tools (build, run_analysis, read all displacements), against CalculiX on the
// same model (one B32R per member, the coarsest deck it accepts) measured in the same run.
// Run: npm run bench -w desktop   (BENCH_REPEAT, default 3; the best time of the repeats counts)
import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatch } from '../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../src/adapters/standin/adapter.ts';
import { calculixAvailable, calculixDeck, runCalculix } from '../src/adapters/standin/calculix.ts';
import { ModelFile } from '../src/adapters/standin/model/file.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const SIZES: [number, number, number][] = [
  [2, 2, 3],
  [4, 4, 10],
  [6, 6, 20],
];

async function build(bx: number, by: number, stories: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const adapters = new Map([['sap2000' as const, new StandinFrameAdapter('sap2000', dir)]]);
  let n = 0;
  const call = async (tool: string, args: unknown) => {
    const out = await dispatch(adapters, { callId: String(++n), program: 'sap2000', tool, args });
    if (!out.ok) throw new Error(`${tool}: ${out.error.message}`);
    return out.result as Record<string, unknown>;
  };
  await call('new_model', { units: 'kN_m_C', dimension: '3d' });
  await call('define_material', { name: 'C30', e: 33e6, poisson: 0.2 });
  await call('define_section', { name: 'R', material: 'C30', section: { shape: 'rectangle', depth: 0.5, width: 0.4 } });
  const frames: unknown[] = [];
  for (let s = 0; s < stories; s++) {
    for (let i = 0; i <= bx; i++)
      for (let j = 0; j <= by; j++)
        frames.push({ start: [6 * i, 6 * j, 3.5 * s], end: [6 * i, 6 * j, 3.5 * (s + 1)], section: 'R' });
    const z = 3.5 * (s + 1);
    for (let i = 0; i < bx; i++)
      for (let j = 0; j <= by; j++)
        frames.push({ start: [6 * i, 6 * j, z], end: [6 * (i + 1), 6 * j, z], section: 'R' });
    for (let i = 0; i <= bx; i++)
      for (let j = 0; j < by; j++)
        frames.push({ start: [6 * i, 6 * j, z], end: [6 * i, 6 * (j + 1), z], section: 'R' });
  }
  await call('define_frames', { frames });
  const bases = [];
  for (let i = 0; i <= bx; i++) for (let j = 0; j <= by; j++) bases.push([6 * i, 6 * j, 0]);
  await call('assign_supports', { joints: bases, restraint: 'fixed' });
  const loads = [];
  for (let s = 1; s <= stories; s++)
    for (let j = 0; j <= by; j++) loads.push({ type: 'joint', joint: [0, 6 * j, 3.5 * s], force: [10, 5, 0] });
  await call('assign_loads', { pattern: 'WIND', loads });
  return { call, frames: frames.length };
}

const ccx = calculixAvailable();
console.log(
  `stand-in frame solver vs ${ccx ? 'CalculiX (1 B32R per member)' : 'nothing (ccx not installed)'}; best of ${REPEAT}`,
);
console.log('| frame (bays × bays × stories) | members | equations | stand-in analysis + results | CalculiX | ratio |');
console.log('|---|---|---|---|---|---|');
for (const [bx, by, st] of SIZES) {
  const { call, frames } = await build(bx, by, st);
  let best = Infinity,
    equations = 0;
  for (let r = 0; r < REPEAT; r++) {
    const t = performance.now();
    const a = await call('run_analysis', {});
    await call('read_results', { case: 'WIND', kind: 'displacements' });
    best = Math.min(best, performance.now() - t);
    equations = a.equations as number;
  }
  let ccxBest = NaN;
  if (ccx) {
    const { path } = await call('save_model', { path: 'm.json' });
    const file = ModelFile.parse(JSON.parse(await readFile(path as string, 'utf8')));
    file.patterns.WIND = (file.patterns.WIND as { joint: number[]; force: number[] }[]).map((l) => ({
      type: 'joint',
      joint: file.joints.find((j) => j.xyz.every((v, k) => Math.abs(v - l.joint[k]!) < 1e-9))!.name,
      force: l.force,
      moment: [0, 0, 0],
    }));
    const deck = calculixDeck(file, { R: { depth: 0.5, width: 0.4 } }, 'WIND', 1);
    for (let r = 0; r < REPEAT; r++) {
      const t = performance.now();
      runCalculix(file, deck, 600_000);
      ccxBest = Math.min(Number.isNaN(ccxBest) ? Infinity : ccxBest, performance.now() - t);
    }
  }
  console.log(
    `| ${bx} × ${by} × ${st} | ${frames} | ${equations} | ${best.toFixed(1)} ms | ${Number.isNaN(ccxBest) ? '–' : `${ccxBest.toFixed(1)} ms`} | ${Number.isNaN(ccxBest) ? '–' : `${(best / ccxBest).toFixed(2)}×`} |`,
  );
}
