// Benchmark of the stand-in's modal and response-spectrum analysis and its drift table: the
// 25-storey building of 8 × 8 bays (5,625 members, 2,106 joints) from the building template,
// with rigid diaphragms at every floor (as ETABS models it) and without (every joint free in
// plan), masses from the elements (concrete, 25 kN/m³). Per variant: the static analysis alone
// (the baseline: one factorisation), then with a 12-mode modal case and two ASCE 7-16 spectrum
// cases (X, Y, CQC), then the drift table of a spectrum case (story_drifts, both directions).
// Wall and CPU time of each (CPU: this process, all threads), and the load average, since the
// machine may be shared. Targets (issue 35): modal analysis ≤ 5 s, drift table ≤ 1 s.
// Run: npm run bench:modal -w desktop   (BENCH_REPEAT, default 3: the best of the repeats counts)
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatch } from '../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../src/adapters/standin/adapter.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const STORIES = 25,
  BAYS = 8;

async function building(diaphragms: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-modal-'));
  const adapter = new StandinFrameAdapter('etabs', dir);
  const adapters = new Map([['etabs' as const, adapter]]);
  let n = 0;
  const call = async (tool: string, args: unknown) => {
    const out = await dispatch(adapters, { callId: String(++n), program: 'etabs', tool, args });
    if (!out.ok) throw new Error(`${tool}: ${out.error.message}`);
    return out.result as any;
  };
  const model = await call('new_model', {
    units: 'kN_m_C',
    dimension: '3d',
    template: {
      kind: 'building',
      stories: STORIES,
      story_height: 3.5,
      bays_x: BAYS,
      bay_width_x: 6,
      bays_y: BAYS,
      bay_width_y: 6,
      diaphragms,
    },
    default_section: 'COL',
    beam_section: 'BEAM',
  });
  await call('define_material', {
    name: 'C40',
    e: 3.3e7,
    poisson: 0.2,
    unit_weight: 25,
    kind: 'concrete',
    fc: 40_000,
    rebar_fy: 420_000,
  });
  await call('define_section', {
    name: 'COL',
    material: 'C40',
    section: { shape: 'rectangle', depth: 0.7, width: 0.7 },
  });
  await call('define_section', {
    name: 'BEAM',
    material: 'C40',
    section: { shape: 'rectangle', depth: 0.6, width: 0.4 },
  });
  await call('define_mass_source', { elements: true, joint_masses: true });
  return {
    call,
    close: async () => {
      await adapter.close();
      rmSync(dir, { recursive: true, force: true });
    },
    frames: model.frames as number,
    joints: model.joints as number,
  };
}

async function measure<T>(run: () => Promise<T>): Promise<{ wall: number; cpu: number; value: T }> {
  let best: { wall: number; cpu: number; value: T } | null = null;
  for (let r = 0; r < REPEAT; r++) {
    const c = process.cpuUsage(),
      t = performance.now();
    const value = await run();
    const wall = performance.now() - t,
      u = process.cpuUsage(c);
    const cpu = (u.user + u.system) / 1000;
    if (!best || wall < best.wall) best = { wall, cpu, value };
  }
  return best!;
}

// The figures after the last "load average: " (a string scan: uptime's line has no other use here).
const load = () => {
  const line = execSync('uptime').toString().trim();
  const at = line.lastIndexOf('load average: ');
  return at < 0 ? line : line.slice(at + 'load average: '.length);
};
const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(`${STORIES}-storey building, ${BAYS} × ${BAYS} bays; best of ${REPEAT}; load average at start ${load()}`);
console.log(
  '| diaphragms | members | equations | static only (wall / CPU) | static + 12 modes + 2 spectra (wall / CPU) | modal part (wall) | T1, T2, T3 | drift table, first read (wall / CPU) | drift table, best |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const diaphragms of [true, false]) {
  const b = await building(diaphragms);
  await b.call('assign_loads', {
    pattern: 'DEAD',
    loads: [{ type: 'joint', joint: { grid_x: 'A', grid_y: '1', story: 'L1' }, force: [0, 0, -1] }],
  });
  const base = await measure(() => b.call('run_analysis', {}));
  await b.call('define_modal_case', { name: 'MODAL', modes: 12 });
  for (const dir of ['X', 'Y'] as const)
    await b.call('define_response_spectrum', {
      name: `RS${dir}`,
      spectrum: { code: 'ASCE7-16', sds: 1.0, sd1: 0.6, tl: 8, r: 8, ie: 1 },
      direction: dir,
      combination: 'CQC',
    });
  let first: { wall: number; cpu: number } | null = null;
  const modal = await measure(async () => {
    const a = await b.call('run_analysis', {});
    // The first read of the drift table after each analysis (results are worked out when read).
    const c = process.cpuUsage(),
      t = performance.now();
    await b.call('story_drifts', { case: 'RSX', direction: 'both', amplification: 5.5, limit: 0.02 });
    const u = process.cpuUsage(c);
    const f = { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
    if (!first || f.wall < first.wall) first = f;
    return a;
  });
  const modes = (await b.call('read_modal_results', { case: 'MODAL' })).modes as {
    period: number;
    sum_ux: number;
    sum_uy: number;
  }[];
  const drifts = await measure(() =>
    b.call('story_drifts', { case: 'RSX', direction: 'both', amplification: 5.5, limit: 0.02 }),
  );
  const f = first!;
  console.log(
    `| ${diaphragms ? 'rigid, every floor' : 'none'} | ${b.frames} | ${modal.value.equations} | ${ms(base.wall)} / ${ms(base.cpu)} | ${ms(modal.wall - f.wall)} / ${ms(modal.cpu - f.cpu)} | ${ms(modal.wall - f.wall - base.wall)} | ${modes
      .slice(0, 3)
      .map((m) => m.period.toFixed(3))
      .join(
        ', ',
      )} s (12 modes: ΣUX ${(100 * modes.at(-1)!.sum_ux).toFixed(0)} %, ΣUY ${(100 * modes.at(-1)!.sum_uy).toFixed(0)} %) | ${ms(f.wall)} / ${ms(f.cpu)} | ${ms(drifts.wall)} |`,
  );
  await b.close();
}
console.log(`load average at the end ${load()}`);
