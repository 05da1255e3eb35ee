// Modal and response-spectrum analysis on the stand-in against a hand calculation: uniform shear
// buildings of 2 and 3 storeys (rigid beams, axially rigid columns, storey stiffness
// k = 2·12EI/h³, floor mass m), whose modes are known in closed form (../../helpers/shear-building.ts:
// periods, mass participation, modal base shears, storey drifts and shears by SRSS and CQC).
import { describe, expect, it } from 'vitest';
import { buildShearBuilding, shearBuildingByHand, type ShearBuilding } from '../../helpers/shear-building.ts';
import { rel, standin } from './helpers.ts';

const k = 40_000,
  m = 100,
  h = 3.5;
const SPEC = { code: 'ASCE7-16', sds: 1.0, sd1: 0.4, tl: 8, r: 8, ie: 1 } as const;
const CD = 5.5;
const params = (n: number): ShearBuilding => ({ stories: n, k, m, h, spectrum: SPEC, cd: CD });
const hand = (n: number) => shearBuildingByHand(params(n));

/** The shear building in the stand-in (ETABS: stories), analysed with a modal case and CQC and SRSS spectrum cases. */
async function building(n: number) {
  const s = standin('etabs');
  await buildShearBuilding(s.call, params(n));
  await s.call('define_modal_case', { name: 'MODAL', modes: n });
  await s.call('define_response_spectrum', { name: 'RSX', spectrum: SPEC, direction: 'X', combination: 'CQC' });
  await s.call('define_response_spectrum', { name: 'RSX-SRSS', spectrum: SPEC, direction: 'X', combination: 'SRSS' });
  await s.call('run_analysis', {});
  return s;
}

describe('modal and response-spectrum analysis against a hand calculation (shear buildings)', () => {
  for (const n of [2, 3]) {
    it(`${n} storeys: periods, mass participation, base shear (CQC, SRSS), storey drifts and shears`, async () => {
      const s = await building(n);
      const want = hand(n);
      const modal = await s.call('read_modal_results', { case: 'MODAL' });
      expect(modal.modes).toHaveLength(n);
      modal.modes.forEach((mode: { period: number; ux: number }, j: number) => {
        expect(rel(mode.period, want.modes[j]!.T)).toBeLessThan(1e-4);
        expect(rel(mode.ux, want.massRatio[j]!)).toBeLessThan(1e-4);
      });
      expect(rel(modal.modes.at(-1).sum_ux, 1)).toBeLessThan(1e-9);
      expect(rel(modal.total_mass[0], n * m)).toBeLessThan(1e-12);

      for (const [name, cqc] of [
        ['RSX', true],
        ['RSX-SRSS', false],
      ] as const) {
        const base = await s.call('read_results', { case: name, kind: 'base_reactions' });
        expect(base.rows).toHaveLength(1);
        expect(base.rows[0].step).toBe('max');
        const V = Math.abs(base.rows[0].values[0]);
        console.log(
          `[rs] ${n} storeys ${name}: base shear ${V.toFixed(3)} kN, hand ${(cqc ? want.base.cqc : want.base.srss).toFixed(3)} kN`,
        );
        expect(rel(V, cqc ? want.base.cqc : want.base.srss)).toBeLessThan(0.01);
        expect(rel(V, cqc ? want.base.cqc : want.base.srss)).toBeLessThan(1e-4);

        const drifts = await s.call('story_drifts', {
          case: name,
          direction: 'X',
          amplification: CD / SPEC.ie,
          limit: 0.02,
        });
        for (let st = 0; st < n; st++) {
          const row = drifts.stories.find((r: { story: string }) => r.story === `S${st + 1}`);
          expect(rel(row.drift, want.drift(st, cqc))).toBeLessThan(1e-4);
        }
        expect(drifts.passes).toBe(drifts.stories.every((r: { drift: number }) => r.drift <= 0.02));

        const forces = await s.call('story_forces', { case: name });
        for (let st = 0; st < n; st++) {
          const bottom = forces.stories.find(
            (r: { story: string; location: string }) => r.story === `S${st + 1}` && r.location === 'bottom',
          );
          expect(rel(Math.abs(bottom.vx), want.shear(st, cqc))).toBeLessThan(1e-4);
        }
      }
      // CQC of well-separated modes is close to SRSS, and not below it here (all modal base shears are positive).
      expect(want.base.cqc).toBeGreaterThanOrEqual(want.base.srss);
    });
  }

  it('more modes asked than the masses can move in: as many modes as there are, none made of round-off (ETABS asks 12 by default)', async () => {
    // 5 floors of 2 massed joints (X only): 10 massed freedoms, 5 storey modes and 5 of the
    // beams' axial stretching. Asking 12 once gave spurious Ritz vectors (sum UX 1.36).
    const s = standin('etabs');
    await buildShearBuilding(s.call, params(5));
    await s.call('define_modal_case', { name: 'MODAL', modes: 12 });
    await s.call('run_analysis', {});
    const modal = await s.call('read_modal_results', { case: 'MODAL' });
    expect(modal.modes).toHaveLength(10);
    const want = hand(5);
    for (let j = 0; j < 5; j++) expect(rel(modal.modes[j].period, want.modes[j]!.T)).toBeLessThan(1e-4);
    expect(rel(modal.modes.at(-1).sum_ux, 1)).toBeLessThan(1e-9);
    for (const m of modal.modes) expect(m.ux).toBeLessThanOrEqual(1 + 1e-9);
    // One point mass on a rigid diaphragm: three massed freedoms (X, Y, RZ of the diaphragm) but two motions.
    const one = standin('etabs');
    await one.call('new_model', {
      units: 'kN_m_C',
      dimension: '3d',
      template: { kind: 'building', stories: 1, story_height: 3, bays_x: 1, bay_width_x: 6, bays_y: 1, bay_width_y: 6 },
      default_section: 'C',
    });
    await one.call('define_material', { name: 'S', e: 2e8 });
    await one.call('define_section', {
      name: 'C',
      material: 'S',
      section: { shape: 'rectangle', depth: 0.4, width: 0.4 },
    });
    await one.call('assign_joint_masses', { joints: [{ grid_x: 'A', grid_y: '1', story: 'L1' }], mass: [10, 10, 0] });
    await one.call('define_modal_case', { name: 'MODAL', modes: 12 });
    await one.call('run_analysis', {});
    const two = await one.call('read_modal_results', { case: 'MODAL' });
    expect(two.modes).toHaveLength(2);
    expect(two.modes.at(-1).sum_ux).toBeCloseTo(1, 9);
    expect(two.modes.at(-1).sum_uy).toBeCloseTo(1, 9);
  });

  it('static drifts and story forces under lateral loads: storey shear over storey stiffness', async () => {
    const s = await building(3);
    await s.call('assign_loads', {
      pattern: 'EQ',
      loads: [1, 2, 3].map((i) => ({ type: 'joint', joint: [0, 0, i * h], force: [10 * i, 0, 0] })),
    });
    await s.call('run_analysis', {});
    const drifts = await s.call('story_drifts', { case: 'EQ', direction: 'X' });
    // Storey shears 60, 50, 30 kN from the bottom.
    const shear = [60, 50, 30];
    for (let st = 0; st < 3; st++)
      expect(
        rel(drifts.stories.find((r: { story: string }) => r.story === `S${st + 1}`).drift, shear[st]! / k / h),
      ).toBeLessThan(1e-4);
    const forces = await s.call('story_forces', { case: 'EQ' });
    for (let st = 0; st < 3; st++) {
      const bottom = forces.stories.find(
        (r: { story: string; location: string }) => r.story === `S${st + 1}` && r.location === 'bottom',
      );
      expect(bottom.vx).toBeCloseTo(-shear[st]!, 6); // the part above is held back by the part below
    }
  });
});
