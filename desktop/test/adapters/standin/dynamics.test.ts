// Modal and response-spectrum analysis on the stand-in against a hand calculation: uniform shear
// buildings of 2 and 3 storeys (rigid beams, axially rigid columns, storey stiffness
// k = 2·12EI/h³, floor mass m). Their modes are known in closed form (a fixed–free chain):
//   ω_j² = (k/m)·2(1 − cos((2j − 1)π/(2n + 1))),  φ_ij = sin(i(2j − 1)π/(2n + 1)), i = 1…n,
// normalised here to unit modal mass; Γ_j = m Σ_i φ̂_ij, effective mass Γ_j², modal base shear
// V_j = Γ_j² A_j with A_j = S_a(T_j)·g·Ie/R (ASCE 7-16 §11.4.6), combined by SRSS or by CQC with
// the Der Kiureghian coefficient (ζ = 5 %). Drifts: modal storey drift Γ_j A_j/ω_j² (φ̂_sj − φ̂_(s−1)j)/h,
// combined the same way, times Cd/Ie.
import { describe, expect, it } from 'vitest';
import { rel, standin } from './helpers.ts';

const G = 9.80665; // m/s², kN-m model: masses in t
const k = 40_000, m = 100, h = 3.5, E = 2e8;
const I = (k * h ** 3) / 24 / E; // two fixed-fixed columns per storey: k = 24 EI / h³
const SPEC = { code: 'ASCE7-16', sds: 1.0, sd1: 0.4, tl: 8, r: 8, ie: 1 } as const;
const CD = 5.5;

function sa(T: number): number {
  const T0 = (0.2 * SPEC.sd1) / SPEC.sds, TS = SPEC.sd1 / SPEC.sds;
  if (T < T0) return SPEC.sds * (0.4 + (0.6 * T) / T0);
  if (T <= TS) return SPEC.sds;
  if (T <= SPEC.tl) return SPEC.sd1 / T;
  return (SPEC.sd1 * SPEC.tl) / T ** 2;
}
function rho(wi: number, wj: number, z = 0.05): number {
  const b = wj / wi;
  return (8 * z * z * (1 + b) * b ** 1.5) / ((1 - b * b) ** 2 + 4 * z * z * b * (1 + b) ** 2);
}
const combine = (v: number[], w: number[], cqc: boolean) => Math.sqrt(v.reduce((s, vi, i) => s + v.reduce((t, vj, j) => t + (cqc ? rho(w[i]!, w[j]!) : i === j ? 1 : 0) * vi * vj, 0), 0));

/** The hand calculation for n storeys. */
function hand(n: number) {
  const modes = Array.from({ length: n }, (_, jj) => {
    const a = ((2 * jj + 1) * Math.PI) / (2 * n + 1);
    const w2 = (k / m) * 2 * (1 - Math.cos(a));
    const raw = Array.from({ length: n }, (_, i) => Math.sin((i + 1) * a));
    const norm = Math.sqrt(m * raw.reduce((s, v) => s + v * v, 0));
    const phi = raw.map((v) => v / norm);
    const gamma = m * phi.reduce((s, v) => s + v, 0);
    const w = Math.sqrt(w2), T = (2 * Math.PI) / w;
    const A = sa(T) * G * (SPEC.ie / SPEC.r);
    return { w, T, phi, gamma, A, V: gamma * gamma * A };
  });
  const w = modes.map((q) => q.w);
  const drift = (s: number) => modes.map((q) => ((q.gamma * q.A) / q.w ** 2) * (q.phi[s]! - (s > 0 ? q.phi[s - 1]! : 0)) / h);
  const shear = (s: number) => modes.map((q) => q.gamma * q.A * m * q.phi.slice(s).reduce((t, v) => t + v, 0));
  return {
    modes,
    base: { srss: combine(modes.map((q) => q.V), w, false), cqc: combine(modes.map((q) => q.V), w, true) },
    drift: (s: number, cqc: boolean) => (combine(drift(s), w, cqc) * CD) / SPEC.ie,
    shear: (s: number, cqc: boolean) => combine(shear(s), w, cqc),
    massRatio: modes.map((q) => (q.gamma * q.gamma) / (n * m)),
  };
}

/** The shear building in the stand-in (ETABS: stories), analysed with a modal case and CQC and SRSS spectrum cases. */
async function building(n: number) {
  const s = standin('etabs');
  await s.call('new_model', { units: 'kN_m_C', dimension: '2d' });
  await s.call('define_stories', { stories: Array.from({ length: n }, (_, i) => ({ name: `S${i + 1}`, height: h })) });
  await s.call('define_material', { name: 'STEEL', e: E });
  await s.call('define_section', { name: 'COL', material: 'STEEL', section: { shape: 'general', area: 1e3, i33: I, i22: I, j: I } });
  await s.call('define_section', { name: 'BEAM', material: 'STEEL', section: { shape: 'general', area: 1e3, i33: I * 1e6, i22: I, j: I } });
  const frames = [];
  for (let i = 0; i < n; i++) {
    frames.push({ start: [0, 0, i * h], end: [0, 0, (i + 1) * h], section: 'COL' }, { start: [6, 0, i * h], end: [6, 0, (i + 1) * h], section: 'COL' });
    frames.push({ start: [0, 0, (i + 1) * h], end: [6, 0, (i + 1) * h], section: 'BEAM' });
  }
  await s.call('define_frames', { frames });
  await s.call('assign_supports', { joints: [[0, 0, 0], [6, 0, 0]], restraint: 'fixed' });
  const floors = Array.from({ length: n }, (_, i) => [[0, 0, (i + 1) * h], [6, 0, (i + 1) * h]]).flat();
  await s.call('assign_joint_masses', { joints: floors, mass: [m / 2, 0, 0] });
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

      for (const [name, cqc] of [['RSX', true], ['RSX-SRSS', false]] as const) {
        const base = await s.call('read_results', { case: name, kind: 'base_reactions' });
        expect(base.rows).toHaveLength(1);
        expect(base.rows[0].step).toBe('max');
        const V = Math.abs(base.rows[0].values[0]);
        console.log(`[rs] ${n} storeys ${name}: base shear ${V.toFixed(3)} kN, hand ${(cqc ? want.base.cqc : want.base.srss).toFixed(3)} kN`);
        expect(rel(V, cqc ? want.base.cqc : want.base.srss)).toBeLessThan(0.01);
        expect(rel(V, cqc ? want.base.cqc : want.base.srss)).toBeLessThan(1e-4);

        const drifts = await s.call('story_drifts', { case: name, direction: 'X', amplification: CD / SPEC.ie, limit: 0.02 });
        for (let st = 0; st < n; st++) {
          const row = drifts.stories.find((r: { story: string }) => r.story === `S${st + 1}`);
          expect(rel(row.drift, want.drift(st, cqc))).toBeLessThan(1e-4);
        }
        expect(drifts.passes).toBe(drifts.stories.every((r: { drift: number }) => r.drift <= 0.02));

        const forces = await s.call('story_forces', { case: name });
        for (let st = 0; st < n; st++) {
          const bottom = forces.stories.find((r: { story: string; location: string }) => r.story === `S${st + 1}` && r.location === 'bottom');
          expect(rel(Math.abs(bottom.vx), want.shear(st, cqc))).toBeLessThan(1e-4);
        }
      }
      // CQC of well-separated modes is close to SRSS, and not below it here (all modal base shears are positive).
      expect(want.base.cqc).toBeGreaterThanOrEqual(want.base.srss);
    });
  }

  it('static drifts and story forces under lateral loads: storey shear over storey stiffness', async () => {
    const s = await building(3);
    await s.call('assign_loads', { pattern: 'EQ', loads: [1, 2, 3].map((i) => ({ type: 'joint', joint: [0, 0, i * h], force: [10 * i, 0, 0] })) });
    await s.call('run_analysis', {});
    const drifts = await s.call('story_drifts', { case: 'EQ', direction: 'X' });
    // Storey shears 60, 50, 30 kN from the bottom.
    const shear = [60, 50, 30];
    for (let st = 0; st < 3; st++) expect(rel(drifts.stories.find((r: { story: string }) => r.story === `S${st + 1}`).drift, shear[st]! / k / h)).toBeLessThan(1e-4);
    const forces = await s.call('story_forces', { case: 'EQ' });
    for (let st = 0; st < 3; st++) {
      const bottom = forces.stories.find((r: { story: string; location: string }) => r.story === `S${st + 1}` && r.location === 'bottom');
      expect(bottom.vx).toBeCloseTo(-shear[st]!, 6); // the part above is held back by the part below
    }
  });
});
