// Modal analysis of the stand-in against CalculiX's *FREQUENCY step on the same frames: point
// masses at joints (CalculiX MASS elements, acting along X, Y and Z like the stand-in's lumped
// masses), B32R beams, 16 per member. CalculiX's beams are bricks with rigid "knots" where
// members meet at an angle and shear deformation, so it is a little stiffer at corners and a
// little softer along members (see calculix.test.ts); on slender members the periods agree to a
// few tenths of a per cent. Target: every compared period within 0.5 %.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  calculixAvailable,
  calculixFrequencyDeck,
  runCalculixFrequencies,
} from '../../../src/adapters/standin/calculix.ts';
import { ModelFile } from '../../../src/adapters/standin/model/file.ts';
import { standin } from './helpers.ts';

const TOLERANCE = 0.005;
/** B32R elements per member: CalculiX converges to the stand-in's periods as they get shorter (planar portal: 1.35 % at 8, 0.65 % at 16, 0.31 % at 32, 0.15 % at 64). */
const DIVISIONS = 32;
const available = calculixAvailable();
if (!available)
  console.warn('SKIPPED: the CalculiX modal cross-check needs `ccx` (Debian package calculix-ccx) on PATH');

type Frame = { start: number[]; end: number[] };

async function compare(
  label: string,
  frames: Frame[],
  supports: number[][],
  masses: [number[], number][],
  section: { depth: number; width: number },
  modes: number,
  dimension: '2d' | '3d' = '3d',
  torsionScale = 1,
  divisions = DIVISIONS,
) {
  const s = standin();
  await s.call('new_model', { units: 'N_m_C', dimension });
  await s.call('define_material', { name: 'S', e: 210e9, poisson: 0.3 });
  await s.call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', ...section } });
  if (torsionScale !== 1) {
    // Diagnostic only: the same section with its torsion constant scaled (CalculiX's bricks are stiffer in torsion).
    const { d, w } = { d: section.depth, w: section.width };
    const a = Math.max(d, w),
      b = Math.min(d, w);
    const j = a * b ** 3 * (1 / 3 - 0.21 * (b / a) * (1 - b ** 4 / (12 * a ** 4)));
    await s.call('define_section', {
      name: 'R',
      material: 'S',
      section: { shape: 'general', area: d * w, i33: (w * d ** 3) / 12, i22: (d * w ** 3) / 12, j: j * torsionScale },
    });
  }
  await s.call('define_frames', { frames: frames.map((f) => ({ ...f, section: 'R' })) });
  await s.call('assign_supports', { joints: supports, restraint: 'fixed' });
  for (const [joint, mass] of masses)
    await s.call('assign_joint_masses', { joints: [joint], mass: [mass, mass, mass] });
  await s.call('define_modal_case', { name: 'MODAL', modes });
  await s.call('run_analysis', {});
  const modal = (await s.call('read_modal_results', { case: 'MODAL' })).modes as {
    frequency: number;
    ux: number;
    uy: number;
    rz: number;
  }[];
  const ours = modal.map((m) => m.frequency);
  const { path } = await s.call('save_model', { path: 'm.json' });
  const file = ModelFile.parse(JSON.parse(await readFile(path, 'utf8')));
  const byXyz = (p: number[]) => file.joints.find((j) => j.xyz.every((v, a) => Math.abs(v - p[a]!) < 1e-9))!.name;
  const started = performance.now();
  const ccx = runCalculixFrequencies(
    calculixFrequencyDeck(file, { R: section }, new Map(masses.map(([j, mass]) => [byXyz(j), mass])), modes, divisions),
  );
  console.log(
    `[modal] ${label}: CalculiX with ${divisions} B32R per member took ${(performance.now() - started).toFixed(0)} ms`,
  );
  const rows = ours.map((f: number, k: number) => ({
    mode: k + 1,
    standin: 1 / f,
    calculix: 1 / ccx[k]!,
    diff: Math.abs(1 / f - 1 / ccx[k]!) / (1 / ccx[k]!),
    twist: modal[k]!.rz > modal[k]!.ux + modal[k]!.uy,
  }));
  void modal;
  for (const r of rows)
    console.log(
      `[modal] ${label} mode ${r.mode}${r.twist ? ' (twisting)' : ''}: T stand-in ${r.standin.toFixed(5)} s, CalculiX ${r.calculix.toFixed(5)} s, ${(r.diff * 100).toFixed(3)}%`,
    );
  return rows;
}

/** A square building centred on the origin (so rotation about Z through the origin is its twist). */
function building(bays: number, storeys: number, bay: number, height: number, mass: number) {
  const frames: Frame[] = [];
  const bases: number[][] = [],
    masses: [number[], number][] = [];
  const c = (i: number) => bay * (i - bays / 2);
  for (let z = 0; z < storeys; z++)
    for (let i = 0; i <= bays; i++)
      for (let j = 0; j <= bays; j++) {
        frames.push({ start: [c(i), c(j), height * z], end: [c(i), c(j), height * (z + 1)] });
        if (i < bays) frames.push({ start: [c(i), c(j), height * (z + 1)], end: [c(i + 1), c(j), height * (z + 1)] });
        if (j < bays) frames.push({ start: [c(i), c(j), height * (z + 1)], end: [c(i), c(j + 1), height * (z + 1)] });
      }
  for (let i = 0; i <= bays; i++)
    for (let j = 0; j <= bays; j++) {
      bases.push([c(i), c(j), 0]);
      for (let z = 1; z <= storeys; z++) masses.push([[c(i), c(j), height * z], mass]);
    }
  return { frames, bases, masses };
}

// CalculiX's eigen-solve of 32 bricks per member takes 35 s for the 3D frame on a loaded 2-core
// machine (1 s for the cantilever): the time limit is for a hang, far from both.
describe.skipIf(!available)('stand-in modal analysis vs CalculiX *FREQUENCY', { timeout: 300_000 }, () => {
  it('a column 3 m high with a 1 t mass at its top: bending about both axes', async () => {
    const rows = await compare(
      'cantilever',
      [{ start: [0, 0, 0], end: [0, 0, 3] }],
      [[0, 0, 0]],
      [[[0, 0, 3], 1000]],
      { depth: 0.2, width: 0.15 },
      2,
    );
    for (const r of rows) expect(r.diff).toBeLessThan(TOLERANCE);
  });

  it('a planar portal 4 m × 6 m with 2 t at each top corner (2D): sway', async () => {
    const rows = await compare(
      'planar portal',
      [
        { start: [0, 0, 0], end: [0, 0, 4] },
        { start: [6, 0, 0], end: [6, 0, 4] },
        { start: [0, 0, 4], end: [6, 0, 4] },
      ],
      [
        [0, 0, 0],
        [6, 0, 0],
      ],
      [
        [[0, 0, 4], 2000],
        [[6, 0, 4], 2000],
      ],
      { depth: 0.15, width: 0.15 },
      1,
      '2d',
    );
    for (const r of rows) expect(r.diff).toBeLessThan(TOLERANCE);
  });

  it('a planar frame of 2 bays and 3 storeys with 3 t at every floor joint (2D): three sway modes', async () => {
    const frames: Frame[] = [],
      masses: [number[], number][] = [];
    for (let z = 0; z < 3; z++)
      for (let i = 0; i <= 2; i++) {
        frames.push({ start: [6 * i, 0, 3.5 * z], end: [6 * i, 0, 3.5 * (z + 1)] });
        if (i < 2) frames.push({ start: [6 * i, 0, 3.5 * (z + 1)], end: [6 * (i + 1), 0, 3.5 * (z + 1)] });
        masses.push([[6 * i, 0, 3.5 * (z + 1)], 3000]);
      }
    const rows = await compare(
      'planar 2×3 frame',
      frames,
      [
        [0, 0, 0],
        [6, 0, 0],
        [12, 0, 0],
      ],
      masses,
      { depth: 0.15, width: 0.15 },
      3,
      '2d',
    );
    for (const r of rows) expect(r.diff).toBeLessThan(TOLERANCE);
  });

  it('a 3D frame of one 6 m bay each way and 3 storeys with 2 t at every floor joint: the first sway pair within 0.5 %, every mode within 2 %', async () => {
    const { frames, bases, masses } = building(1, 3, 6, 3.5, 2000);
    const rows = await compare('3D frame', frames, bases, masses, { depth: 0.15, width: 0.15 }, 6);
    // In 3D the members twist as the frame sways and the floor turns: CalculiX's single brick
    // across a section is stiffer in torsion, so modes with twist come out shorter there (the
    // diagnostic below: with the stand-in's J × 1.2 every mode is within 0.4 %).
    for (const r of rows.slice(0, 2)) expect(r.diff).toBeLessThan(TOLERANCE);
    for (const r of rows) expect(r.diff).toBeLessThan(0.02);
  });
});

describe.skipIf(!available || !process.env.MODAL_DIAGNOSTIC)(
  "diagnostic: the 3D frame with the stand-in's torsion constant scaled (MODAL_DIAGNOSTIC=1)",
  { timeout: 300_000 },
  () => {
    for (const scale of [1.1, 1.2, 1.3])
      it(`J × ${scale}`, async () => {
        const { frames, bases, masses } = building(1, 3, 6, 3.5, 2000);
        await compare(`3D frame J×${scale}`, frames, bases, masses, { depth: 0.15, width: 0.15 }, 6, '3d', scale);
      });
  },
);
