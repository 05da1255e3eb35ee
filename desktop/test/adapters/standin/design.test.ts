// Member design checks through the stand-in's tools against worked examples.
//
// Steel, AISC 360-16 (LRFD), on the AISC Design Examples companion's problems (inputs as the
// examples state them; W-shape properties from AISC Manual Table 1-1, given as catalogue
// properties). The expected figures are written down here from the specification's equations,
// step by step, and checked within 1 %; the examples' own published results are quoted beside
// them and checked within 1 % too.
//
// E.1A  W14×132, A992 (Fy = 50 ksi, E = 29 000 ksi), L = 30 ft pinned both ways,
//       PD = 140 k, PL = 420 k: Pu = 1.2(140) + 1.6(420) = 840 k.
//       Lc/ry = 360/3.76 = 95.74; Fe = π²E/(Lc/ry)² = 31.22 ksi (E3-4); Fy/Fe = 1.601 ≤ 2.25 so
//       Fcr = 0.658^1.601·50 = 25.58 ksi (E3-2); φPn = 0.9·25.58·38.8 = 893.2 k (E3-1).
//       Ratio 840/893.2 = 0.9405 (H1-1a with no moment). Published: φcPn = 893 k.
// F.1-1A W18×50, simple span 35 ft, continuously braced, wD = 0.45 klf, wL = 0.75 klf:
//       wu = 1.74 klf, Mu = 1.74·35²/8 = 266.4 k-ft; compact, Lb = 0: φMn = 0.9·50·101/12 =
//       378.8 k-ft (F2-1). Ratio 0.7034 (H1-1b). Published: φbMn = 379 k-ft.
// F.1-3A The same beam unbraced over its span (Lb = 35 ft): Lr = 16.95 ft (F2-6) < Lb, so with
//       Cb = 12.5·(1/8)/(2.5/8 + 3·3/32 + 4/8 + 3·3/32) = 1.136 for the uniform load (F1-1),
//       rts = 1.982 in, Jc/(Sx ho) = 1.24/(88.9·17.43) = 8.00e-4:
//       Fcr = Cb π²E/(Lb/rts)² √(1 + 0.078·8.00e-4·(Lb/rts)²) = 14.12 ksi (F2-4),
//       φMn = 0.9·14.12·88.9/12 = 94.2 k-ft (F2-3): ratio 266.4/94.2 = 2.83 (overstressed).
// H.1A  W14×99, L = 14 ft braced at the ends, Pu = 400 k, Mux = 250 k-ft, Muy = 80 k-ft
//       (uniform moment, Cb = 1): φPn = 1128 k (E3, Lc/ry = 45.2, Fe = 140.1 ksi, Fcr = 43.06 ksi);
//       φMnx = 642.3 k-ft (F2.2: Lp = 13.13 ft < Lb = 14 ft < Lr = 45.2 ft, F2-2), the flange
//       noncompact (bf/2tf = 9.36 > 9.15) but its local buckling (F3-1) 717 k-ft does not govern;
//       φMny = 311.2 k-ft (F6-2, noncompact flange); Pr/Pc = 0.3547 ≥ 0.2 so H1-1a:
//       0.3547 + 8/9·(250/642.3 + 80/311.2) = 0.929. Published: 0.928.
//
// Concrete, ACI 318-19: a 300 × 600 mm beam, d = 540 mm, f'c = 30 MPa, fy = 420 MPa, simple
// span 6 m, wu = 50 kN/m: Mu = 225 kN·m; a = d − √(d² − 2Mu/(φ·0.85 f'c b)) = 64.35 mm,
// As = 0.85 f'c b a / fy = 1172 mm² (above As,min = 1.4/fy·b·d = 540 mm²); at the support
// Vu = 150 kN, Vc = 0.17√f'c b d = 150.8 kN, (Vu/φ − Vc)/(fy d) = 0.217 mm²/mm, less than the
// minimum max(0.062√f'c, 0.35) b/fy = 0.250 mm²/mm. A 400 × 400 mm column under Pu = 4000 kN
// alone: φPn,max = 0.8·0.65·[0.85 f'c (Ag − As) + fy As] = Pu gives As = 9157 mm² (5.7 %).
import { describe, expect, it } from 'vitest';
import { rel, standin } from './helpers.ts';

const A992 = { name: 'A992', e: 29_000, poisson: 0.3, kind: 'steel', fy: 50, fu: 65 };
const W14X132 = {
  shape: 'i_section',
  depth: 14.7,
  flange_width: 14.7,
  flange_thickness: 1.03,
  web_thickness: 0.645,
  catalogue: { area: 38.8, i33: 1530, i22: 548, j: 12.3, cw: 25500, s33: 209, s22: 74.5, z33: 234, z22: 113 },
};
const W18X50 = {
  shape: 'i_section',
  depth: 18.0,
  flange_width: 7.5,
  flange_thickness: 0.57,
  web_thickness: 0.355,
  catalogue: { area: 14.7, i33: 800, i22: 40.1, j: 1.24, cw: 3040, s33: 88.9, s22: 10.7, z33: 101, z22: 16.6 },
};
const W14X99 = {
  shape: 'i_section',
  depth: 14.2,
  flange_width: 14.6,
  flange_thickness: 0.78,
  web_thickness: 0.485,
  catalogue: { area: 29.1, i33: 1110, i22: 402, j: 5.37, cw: 18000, s33: 157, s22: 55.2, z33: 173, z22: 83.6 },
};

async function steelModel(section: object) {
  const s = standin();
  await s.call('new_model', { units: 'kip_in_F', dimension: '3d' });
  await s.call('define_material', A992);
  await s.call('define_section', { name: 'W', material: 'A992', section });
  return s;
}

/** A column along Z, pinned at both ends (torsion held), of length L inches. */
async function column(section: object, L: number) {
  const s = await steelModel(section);
  await s.call('define_frames', { frames: [{ name: 'C1', start: [0, 0, 0], end: [0, 0, L], section: 'W' }] });
  await s.call('assign_supports', { joints: [[0, 0, 0]], restraint: [true, true, true, false, false, true] });
  await s.call('assign_supports', { joints: [[0, 0, L]], restraint: [true, true, false, false, false, true] });
  return s;
}

/** A beam along X, simply supported (torsion held at both ends), with gravity loads D and L in kip/in. */
async function beam(L: number, wD: number, wL: number) {
  const s = await steelModel(W18X50);
  await s.call('define_frames', { frames: [{ name: 'B1', start: [0, 0, 0], end: [L, 0, 0], section: 'W' }] });
  await s.call('assign_supports', { joints: [[0, 0, 0]], restraint: [true, true, true, true, false, false] });
  await s.call('assign_supports', { joints: [[L, 0, 0]], restraint: [false, true, true, true, false, false] });
  await s.call('assign_loads', {
    pattern: 'D',
    loads: [{ type: 'frame_distributed', frame: 'B1', direction: 'gravity', value: wD }],
  });
  await s.call('assign_loads', {
    pattern: 'L',
    loads: [{ type: 'frame_distributed', frame: 'B1', direction: 'gravity', value: wL }],
  });
  await s.call('define_load_combinations', { generate: { code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'] } });
  await s.call('run_analysis', {});
  return s;
}

describe('AISC 360-16 member checks against the AISC Design Examples', () => {
  it('E.1A: W14×132 column, 30 ft, pinned: compression (E3)', async () => {
    const s = await column(W14X132, 360);
    await s.call('assign_loads', { pattern: 'D', loads: [{ type: 'joint', joint: [0, 0, 360], force: [0, 0, -140] }] });
    await s.call('assign_loads', { pattern: 'L', loads: [{ type: 'joint', joint: [0, 0, 360], force: [0, 0, -420] }] });
    const combos = await s.call('define_load_combinations', {
      generate: { code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'] },
    });
    expect(combos.combinations.map((c: { name: string; source: string }) => `${c.name}: ${c.source}`)).toEqual([
      'LRFD1: ASCE 7-16 §2.3.1 (1)',
      'LRFD2: ASCE 7-16 §2.3.1 (2)',
    ]);
    await s.call('run_analysis', {});
    const out = await s.call('design_steel', {});
    const f = out.frames[0];
    console.log(
      `[aisc] E.1A ratio ${f.ratio.toFixed(4)} (${f.clause}, ${f.combination}), φPn ${f.axial.capacity.toFixed(1)} k (${f.axial.clause})`,
    );
    expect(f).toMatchObject({ frame: 'C1', status: 'ok', clause: 'H1-1a', combination: 'LRFD2' });
    expect(f.axial.clause).toBe('E3');
    expect(rel(f.axial.capacity, 893.2)).toBeLessThan(0.01);
    expect(rel(f.ratio, 840 / 893.2)).toBeLessThan(0.01);
    expect(rel(f.axial.capacity, 893)).toBeLessThan(0.01); // published
    expect(out.governing).toMatchObject({ frame: 'C1', clause: 'H1-1a', combination: 'LRFD2' });
  });

  it('F.1-1A: W18×50 beam, 35 ft, continuously braced: flexure (F2.1)', async () => {
    const s = await beam(420, 0.45 / 12, 0.75 / 12);
    const out = await s.call('design_steel', { overrides: [{ frame: 'B1', unbraced_ltb: 0 }] });
    const f = out.frames[0];
    console.log(
      `[aisc] F.1-1A ratio ${f.ratio.toFixed(4)} (${f.clause}), φMn ${(f.major.capacity / 12).toFixed(1)} k-ft (${f.major.clause}), Mu ${(f.major.demand / 12).toFixed(1)} k-ft`,
    );
    expect(f).toMatchObject({ clause: 'H1-1b', combination: 'LRFD2', status: 'ok' });
    expect(f.major.clause).toBe('F2.1');
    expect(rel(f.major.demand / 12, 266.4)).toBeLessThan(0.001);
    expect(rel(f.major.capacity / 12, 378.8)).toBeLessThan(0.01);
    expect(rel(f.ratio, 266.4 / 378.8)).toBeLessThan(0.01);
    expect(rel(f.major.capacity / 12, 379)).toBeLessThan(0.01); // published
    expect(rel(f.station, 210)).toBeLessThan(1e-9); // midspan
  });

  it('F.1-3A: the same beam unbraced over 35 ft: lateral-torsional buckling (F2.2) with Cb from the moment diagram', async () => {
    const s = await beam(420, 0.45 / 12, 0.75 / 12);
    const out = await s.call('design_steel', {});
    const f = out.frames[0];
    console.log(
      `[aisc] F.1-3A ratio ${f.ratio.toFixed(4)} (${f.clause}), φMn ${(f.major.capacity / 12).toFixed(2)} k-ft (${f.major.clause})`,
    );
    expect(f.major.clause).toBe('F2.2');
    expect(f.status).toBe('overstressed');
    expect(rel(f.major.capacity / 12, 94.2)).toBeLessThan(0.01);
    expect(rel(f.ratio, 266.4 / 94.2)).toBeLessThan(0.01);
  });

  it('H.1A: W14×99 beam-column, 14 ft: combined axial force and biaxial flexure (H1-1a)', async () => {
    const s = await column(W14X99, 168);
    // Uniform moments (single curvature, Cb = 1): equal and opposite joint moments at the ends.
    // A vertical member's local 2 is +X, so its major axis (local 3) is global Y.
    await s.call('assign_loads', {
      pattern: 'U',
      loads: [
        { type: 'joint', joint: [0, 0, 168], force: [0, 0, -400], moment: [80 * 12, 250 * 12, 0] },
        { type: 'joint', joint: [0, 0, 0], moment: [-80 * 12, -250 * 12, 0] },
      ],
    });
    await s.call('define_load_combinations', {
      combinations: [{ name: 'ULS', items: [{ case: 'U', factor: 1 }], design: 'strength' }],
    });
    await s.call('run_analysis', {});
    const out = await s.call('design_steel', {});
    const f = out.frames[0];
    console.log(
      `[aisc] H.1A ratio ${f.ratio.toFixed(4)} (${f.clause}); φPn ${f.axial.capacity.toFixed(1)} k (${f.axial.clause}), φMnx ${(f.major.capacity / 12).toFixed(1)} k-ft (${f.major.clause}), φMny ${(f.minor.capacity / 12).toFixed(1)} k-ft (${f.minor.clause})`,
    );
    expect(f.clause).toBe('H1-1a');
    expect(f.axial.clause).toBe('E3');
    expect(f.major.clause).toBe('F2.2');
    expect(f.minor.clause).toBe('F6.2');
    expect(rel(f.axial.capacity, 1127.8)).toBeLessThan(0.01);
    expect(rel(f.major.capacity / 12, 642.3)).toBeLessThan(0.01);
    expect(rel(f.minor.capacity / 12, 311.2)).toBeLessThan(0.01);
    expect(rel(f.major.demand / 12, 250)).toBeLessThan(1e-9);
    expect(rel(f.minor.demand / 12, 80)).toBeLessThan(1e-9);
    expect(rel(f.ratio, 0.929)).toBeLessThan(0.01);
    expect(rel(f.ratio, 0.928)).toBeLessThan(0.01); // published
  });

  it('refuses to design without strength combinations, and leaves non-steel and non-I frames unchecked with the reason', async () => {
    const s = await column(W14X132, 360);
    await s.call('assign_loads', { pattern: 'D', loads: [{ type: 'joint', joint: [0, 0, 360], force: [0, 0, -140] }] });
    await s.call('run_analysis', {});
    expect(await s.raw('design_steel', {})).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENTS', message: expect.stringMatching(/no strength combinations/) },
    });
    await s.call('define_section', {
      name: 'RECT',
      material: 'A992',
      section: { shape: 'rectangle', depth: 10, width: 6 },
    });
    await s.call('define_frames', {
      frames: [{ name: 'R1', start: [0, 0, 360], end: [100, 0, 360], section: 'RECT' }],
    });
    await s.call('assign_supports', { joints: [[100, 0, 360]], restraint: 'fixed' });
    await s.call('define_load_combinations', {
      combinations: [{ name: '1.4D', items: [{ case: 'D', factor: 1.4 }], design: 'strength' }],
    });
    await s.call('run_analysis', {});
    const out = await s.call('design_steel', {});
    expect(out.frames.find((f: { frame: string }) => f.frame === 'R1')).toMatchObject({
      status: 'not_checked',
      ratio: null,
      message: expect.stringMatching(/not an I-shape/),
    });
  });
});

describe('ACI 318-19 reinforcement against a hand calculation', () => {
  it('a simply supported beam: bottom steel at midspan, shear steel at the support; a column under axial load', async () => {
    const s = standin();
    await s.call('new_model', { units: 'kN_m_C', dimension: '2d' });
    await s.call('define_material', { name: 'C30', e: 25e6, kind: 'concrete', fc: 30_000, rebar_fy: 420_000 });
    await s.call('define_section', {
      name: 'B',
      material: 'C30',
      section: { shape: 'rectangle', depth: 0.6, width: 0.3 },
    });
    await s.call('define_section', {
      name: 'C',
      material: 'C30',
      section: { shape: 'rectangle', depth: 0.4, width: 0.4 },
    });
    await s.call('define_frames', {
      frames: [
        { name: 'B1', start: [0, 0, 3], end: [6, 0, 3], section: 'B' },
        { name: 'C1', start: [10, 0, 0], end: [10, 0, 3], section: 'C' },
      ],
    });
    await s.call('assign_supports', { joints: [[0, 0, 3]], restraint: 'pinned' });
    await s.call('assign_supports', { joints: [[6, 0, 3]], restraint: 'roller_z' });
    await s.call('assign_supports', { joints: [[10, 0, 0]], restraint: 'fixed' });
    await s.call('assign_supports', { joints: [[10, 0, 3]], restraint: [true, true, false, true, true, true] });
    await s.call('assign_loads', {
      pattern: 'U',
      loads: [
        { type: 'frame_distributed', frame: 'B1', direction: 'gravity', value: 50 },
        { type: 'joint', joint: [10, 0, 3], force: [0, 0, -4000] },
      ],
    });
    await s.call('define_load_combinations', {
      combinations: [{ name: 'ULS', items: [{ case: 'U', factor: 1 }], design: 'strength' }],
    });
    await s.call('run_analysis', {});
    const out = await s.call('design_concrete', {});
    const mid = out.beams.find(
      (b: { frame: string; station: number }) => b.frame === 'B1' && Math.abs(b.station - 3) < 1e-9,
    );
    const end = out.beams.find((b: { frame: string; station: number }) => b.frame === 'B1' && b.station === 0);
    console.log(
      `[aci] beam As ${(mid.bottom_area * 1e6).toFixed(1)} mm², Av/s ${(end.shear_area_per_length * 1e3).toFixed(4)} mm²/mm; column As ${(out.columns[0].required_area * 1e6).toFixed(0)} mm²`,
    );
    expect(rel(mid.bottom_area * 1e6, 1172.1)).toBeLessThan(0.005);
    expect(mid.top_area).toBe(0);
    expect(rel(end.shear_area_per_length * 1e3, 0.25)).toBeLessThan(0.005);
    expect(rel(out.columns[0].required_area * 1e6, 9156.6)).toBeLessThan(0.005);
    expect(out.columns[0].ratio).toBeCloseTo(9156.6 / 160_000, 3);
  });
});
