// The stand-in frame solver against textbook closed forms (Euler–Bernoulli beams; the frames
// use axially rigid members, as the closed forms assume), to 1e-6 relative. Every case runs
// through the tool calls the agents make.
import { describe, expect, it } from 'vitest';
import { rel, standin } from './helpers.ts';

const TOL = 1e-6;
const E = 210e9;
const NU = 0.3;
const G = E / (2 * (1 + NU));
// 300 deep × 200 wide rectangle.
const I33 = (0.2 * 0.3 ** 3) / 12;

async function beamModel(dimension: '2d' | '3d') {
  const s = standin();
  await s.call('new_model', { units: 'N_m_C', dimension });
  await s.call('define_material', { name: 'S', e: E, poisson: NU });
  await s.call('define_section', { name: 'R', material: 'S', section: { shape: 'rectangle', depth: 0.3, width: 0.2 } });
  return s;
}

const atJoint = (res: { joints: { joint: string; values: number[] }[] }, j: string) =>
  res.joints.find((r) => r.joint === j)!.values;

describe.each(['2d', '3d'] as const)('closed-form beams (%s model)', (dimension) => {
  const L = 6;
  // In 3D the supports also hold torsion and lateral movement, as a real bearing does.
  const pin = dimension === '2d' ? 'pinned' : [true, true, true, true, false, false];
  const roller = dimension === '2d' ? 'roller_z' : [false, true, true, true, false, false];

  it('simply supported beam, uniform load: midspan deflection, end rotation, reactions, midspan moment', async () => {
    const s = await beamModel(dimension);
    const w = 12e3;
    const { frames } = await s.call('define_frames', {
      frames: [
        { start: [0, 0, 0], end: [L / 2, 0, 0], section: 'R' },
        { start: [L / 2, 0, 0], end: [L, 0, 0], section: 'R' },
      ],
    });
    await s.call('assign_supports', { joints: [[0, 0, 0]], restraint: pin });
    await s.call('assign_supports', { joints: [[L, 0, 0]], restraint: roller });
    await s.call('assign_loads', {
      pattern: 'DEAD',
      loads: frames.map((f: { name: string }) => ({
        type: 'frame_distributed',
        frame: f.name,
        direction: 'gravity',
        value: w,
      })),
    });
    await s.call('run_analysis', {});
    const d = await s.call('read_results', { case: 'DEAD', kind: 'displacements' });
    const mid = atJoint(d, frames[0].joint_j);
    expect(rel(-mid[2], (5 * w * L ** 4) / (384 * E * I33))).toBeLessThan(TOL);
    // Beam along +X: rotation about Y of the left end under a downward load is positive (right-hand rule, Z up).
    expect(rel(atJoint(d, frames[0].joint_i)[4], (w * L ** 3) / (24 * E * I33))).toBeLessThan(TOL);
    const r = await s.call('read_results', { case: 'DEAD', kind: 'reactions' });
    expect(r.joints).toHaveLength(2);
    for (const j of r.joints) expect(rel(j.values[2], (w * L) / 2)).toBeLessThan(TOL);
    const f = await s.call('read_results', {
      case: 'DEAD',
      kind: 'member_forces',
      frames: [frames[0].name],
      stations: 3,
    });
    const st = f.frames[0].stations;
    expect(rel(st[2].values[5], (w * L ** 2) / 8)).toBeLessThan(TOL); // sagging M3 positive at midspan
    expect(rel(st[1].values[5], (w * (L / 4) * (L - L / 4)) / 2)).toBeLessThan(TOL); // quarter point: w x (L − x) / 2
    expect(rel(st[0].values[1], -(w * L) / 2)).toBeLessThan(TOL); // V2 on the positive face at end i
    expect(Math.abs(st[2].values[1])).toBeLessThan(1e-6 * w * L);
  });

  it('simply supported beam, point load off centre (one member, load inside it)', async () => {
    const s = await beamModel(dimension);
    const P = 50e3,
      a = 2,
      b = L - a;
    await s.call('define_frames', { frames: [{ name: 'B1', start: [0, 0, 0], end: [L, 0, 0], section: 'R' }] });
    await s.call('assign_supports', { joints: ['1'], restraint: pin });
    await s.call('assign_supports', { joints: ['2'], restraint: roller });
    await s.call('assign_loads', {
      pattern: 'P',
      loads: [{ type: 'frame_point', frame: 'B1', direction: 'gravity', value: P, distance: a, relative: false }],
    });
    await s.call('run_analysis', {});
    const r = await s.call('read_results', { case: 'P', kind: 'reactions' });
    expect(rel(atJoint(r, '1')[2], (P * b) / L)).toBeLessThan(TOL);
    expect(rel(atJoint(r, '2')[2], (P * a) / L)).toBeLessThan(TOL);
    const d = await s.call('read_results', { case: 'P', kind: 'displacements' });
    // End rotations: θA = P a b (L + b) / (6 E I L), θB = −P a b (L + a) / (6 E I L)
    expect(rel(atJoint(d, '1')[4], (P * a * b * (L + b)) / (6 * E * I33 * L))).toBeLessThan(TOL);
    expect(rel(atJoint(d, '2')[4], -(P * a * b * (L + a)) / (6 * E * I33 * L))).toBeLessThan(TOL);
    // Moment under the load: stations every 1 m put one at x = a.
    const f = await s.call('read_results', { case: 'P', kind: 'member_forces', stations: 7 });
    expect(rel(f.frames[0].stations[2].values[5], (P * a * b) / L)).toBeLessThan(TOL);
  });

  it('cantilever, tip point load and uniform load: tip deflection and rotation, fixed-end reactions', async () => {
    const s = await beamModel(dimension);
    const Lc = 3,
      P = 10e3,
      w = 4e3;
    const { frames } = await s.call('define_frames', { frames: [{ start: [0, 0, 0], end: [Lc, 0, 0], section: 'R' }] });
    await s.call('assign_supports', { joints: [[0, 0, 0]], restraint: 'fixed' });
    await s.call('assign_loads', { pattern: 'TIP', loads: [{ type: 'joint', joint: [Lc, 0, 0], force: [0, 0, -P] }] });
    await s.call('assign_loads', {
      pattern: 'UDL',
      loads: [{ type: 'frame_distributed', frame: frames[0].name, direction: 'Z', value: -w }],
    });
    await s.call('run_analysis', {});
    const tip = atJoint(await s.call('read_results', { case: 'TIP', kind: 'displacements' }), frames[0].joint_j);
    expect(rel(-tip[2], (P * Lc ** 3) / (3 * E * I33))).toBeLessThan(TOL);
    expect(rel(tip[4], (P * Lc ** 2) / (2 * E * I33))).toBeLessThan(TOL);
    const rt = atJoint(await s.call('read_results', { case: 'TIP', kind: 'reactions' }), frames[0].joint_i);
    expect(rel(rt[2], P)).toBeLessThan(TOL);
    expect(rel(rt[4], -P * Lc)).toBeLessThan(TOL); // MY at the root holds the hogging moment
    const tipU = atJoint(await s.call('read_results', { case: 'UDL', kind: 'displacements' }), frames[0].joint_j);
    expect(rel(-tipU[2], (w * Lc ** 4) / (8 * E * I33))).toBeLessThan(TOL);
    const f = await s.call('read_results', { case: 'UDL', kind: 'member_forces', stations: 2 });
    expect(rel(f.frames[0].stations[0].values[5], -(w * Lc ** 2) / 2)).toBeLessThan(TOL);
  });

  it('cantilever, triangular load rising to the tip: 11 w L⁴ / 120 E I', async () => {
    const s = await beamModel(dimension);
    const Lc = 4,
      w = 6e3;
    await s.call('define_frames', { frames: [{ name: 'C', start: [0, 0, 0], end: [Lc, 0, 0], section: 'R' }] });
    await s.call('assign_supports', { joints: ['1'], restraint: 'fixed' });
    await s.call('assign_loads', {
      pattern: 'T',
      loads: [{ type: 'frame_distributed', frame: 'C', direction: 'gravity', value: 0, value_end: w }],
    });
    await s.call('run_analysis', {});
    const tip = atJoint(await s.call('read_results', { case: 'T', kind: 'displacements' }), '2');
    expect(rel(-tip[2], (11 * w * Lc ** 4) / (120 * E * I33))).toBeLessThan(TOL);
  });

  it('moment release: a fixed–fixed member released at one end is a propped cantilever (3wL/8)', async () => {
    const s = await beamModel(dimension);
    const w = 10e3;
    await s.call('define_frames', {
      frames: [
        {
          name: 'B',
          start: [0, 0, 0],
          end: [L, 0, 0],
          section: 'R',
          releases: { j: [false, false, false, false, false, true] },
        },
      ],
    });
    await s.call('assign_supports', { joints: ['1', '2'], restraint: 'fixed' });
    await s.call('assign_loads', {
      pattern: 'W',
      loads: [{ type: 'frame_distributed', frame: 'B', direction: 'gravity', value: w }],
    });
    await s.call('run_analysis', {});
    const r = await s.call('read_results', { case: 'W', kind: 'reactions' });
    expect(rel(atJoint(r, '2')[2], (3 * w * L) / 8)).toBeLessThan(TOL);
    expect(rel(atJoint(r, '1')[2], (5 * w * L) / 8)).toBeLessThan(TOL);
    expect(rel(Math.abs(atJoint(r, '1')[4]), (w * L ** 2) / 8)).toBeLessThan(TOL);
    expect(Math.abs(atJoint(r, '2')[4])).toBeLessThan(1e-9 * w * L ** 2);
  });
});

describe('portal frame (fixed bases, lateral load at beam level)', () => {
  // Slope-deflection with axially rigid members, k = (Ib / b) / (Ic / h):
  // sway Δ = H h³ (3k + 2) / (12 E Ic (6k + 1)), base moments (H h / 2)(3k + 1)/(6k + 1),
  // vertical reactions ±3 k H h / ((6k + 1) b).
  const h = 4,
    b = 6,
    H = 10e3,
    Ic = 2e-4;
  async function check(s: ReturnType<typeof standin>, Ib: number) {
    await s.call('assign_loads', { pattern: 'WIND', loads: [{ type: 'joint', joint: [0, 0, h], force: [H, 0, 0] }] });
    await s.call('run_analysis', {});
    const k = Ib / b / (Ic / h);
    const d = await s.call('read_results', {
      case: 'WIND',
      kind: 'displacements',
      joints: [
        [0, 0, h],
        [b, 0, h],
      ],
    });
    const sway = (H * h ** 3 * (3 * k + 2)) / (12 * E * Ic * (6 * k + 1));
    for (const j of d.joints) expect(rel(j.values[0], sway)).toBeLessThan(TOL);
    const r = await s.call('read_results', {
      case: 'WIND',
      kind: 'reactions',
      joints: [
        [0, 0, 0],
        [b, 0, 0],
      ],
    });
    const [left, right] = r.joints.map((j: { values: number[] }) => j.values);
    const mBase = ((H * h) / 2) * ((3 * k + 1) / (6 * k + 1));
    const v = (3 * k * H * h) / ((6 * k + 1) * b);
    expect(rel(left[0], -H / 2)).toBeLessThan(TOL);
    expect(rel(right[0], -H / 2)).toBeLessThan(TOL);
    expect(rel(left[4], -mBase)).toBeLessThan(TOL);
    expect(rel(right[4], -mBase)).toBeLessThan(TOL);
    expect(rel(left[2], -v)).toBeLessThan(TOL); // the windward column lifts
    expect(rel(right[2], v)).toBeLessThan(TOL);
  }
  // A very large area makes the members axially rigid (the closed form's assumption).
  const general = (i: number) => ({ shape: 'general', area: 1e6, i33: i, i22: i, j: 1e-4 });

  it('2D model from the portal template (one section throughout)', async () => {
    const s = standin();
    await s.call('new_model', {
      units: 'N_m_C',
      dimension: '2d',
      template: { kind: 'portal_frame', stories: 1, story_height: h, bays: 1, bay_width: b },
      default_section: 'COL',
    });
    await s.call('define_material', { name: 'S', e: E, poisson: NU });
    await s.call('define_section', { name: 'COL', material: 'S', section: general(Ic) });
    await check(s, Ic);
  });

  it('3D model built member by member (a stiffer beam)', async () => {
    const s = standin();
    const Ib = 5e-4;
    await s.call('new_model', { units: 'N_m_C', dimension: '3d' });
    await s.call('define_material', { name: 'S', e: E, poisson: NU });
    await s.call('define_section', { name: 'COL', material: 'S', section: general(Ic) });
    await s.call('define_section', { name: 'BEAM', material: 'S', section: general(Ib) });
    await s.call('define_frames', {
      frames: [
        { start: [0, 0, 0], end: [0, 0, h], section: 'COL' },
        { start: [b, 0, 0], end: [b, 0, h], section: 'COL' },
        { start: [0, 0, h], end: [b, 0, h], section: 'BEAM' },
      ],
    });
    await s.call('assign_supports', {
      joints: [
        [0, 0, 0],
        [b, 0, 0],
      ],
      restraint: 'fixed',
    });
    await check(s, Ib);
  });
});

describe('space frame (3D only)', () => {
  it('L-shaped cantilever in plan, vertical tip load: bending of both legs plus torsion of the first', async () => {
    // Leg 1 along X (length a) fixed at the origin, leg 2 along Y (length c) from its end; P down at the tip.
    // Tip deflection = P c³/(3 E I) + P a³/(3 E I) + P c² a/(G J).
    const s = standin();
    const a = 3,
      c = 2,
      P = 5e3,
      I = 3e-4,
      J = 1.5e-4;
    await s.call('new_model', { units: 'N_m_C', dimension: '3d' });
    await s.call('define_material', { name: 'S', e: E, poisson: NU });
    await s.call('define_section', {
      name: 'G',
      material: 'S',
      section: { shape: 'general', area: 1e6, i33: I, i22: I, j: J },
    });
    await s.call('define_frames', {
      frames: [
        { start: [0, 0, 0], end: [a, 0, 0], section: 'G' },
        { start: [a, 0, 0], end: [a, c, 0], section: 'G' },
      ],
    });
    await s.call('assign_supports', { joints: [[0, 0, 0]], restraint: 'fixed' });
    await s.call('assign_loads', { pattern: 'P', loads: [{ type: 'joint', joint: [a, c, 0], force: [0, 0, -P] }] });
    await s.call('run_analysis', {});
    const tip = atJoint(await s.call('read_results', { case: 'P', kind: 'displacements' }), '3');
    expect(
      rel(-tip[2], (P * c ** 3) / (3 * E * I) + (P * a ** 3) / (3 * E * I) + (P * c ** 2 * a) / (G * J)),
    ).toBeLessThan(TOL);
    const root = atJoint(await s.call('read_results', { case: 'P', kind: 'reactions' }), '1');
    expect(rel(root[2], P)).toBeLessThan(TOL);
    expect(rel(Math.abs(root[3]), P * c)).toBeLessThan(TOL); // torque in leg 1
    expect(rel(Math.abs(root[4]), P * a)).toBeLessThan(TOL); // bending of leg 1
    const torque = await s.call('read_results', { case: 'P', kind: 'member_forces', frames: ['1'], stations: 2 });
    expect(rel(Math.abs(torque.frames[0].stations[0].values[3]), P * c)).toBeLessThan(TOL);
  });

  it('lateral load on a beam along X bends it about local 2 (I22) and the shear is V3', async () => {
    const s = standin();
    const L = 5,
      P = 2e3,
      I22 = 1e-5,
      I33b = 8e-5;
    await s.call('new_model', { units: 'N_m_C', dimension: '3d' });
    await s.call('define_material', { name: 'S', e: E, poisson: NU });
    await s.call('define_section', {
      name: 'G',
      material: 'S',
      section: { shape: 'general', area: 1e-2, i33: I33b, i22: I22, j: 2e-5 },
    });
    await s.call('define_frames', { frames: [{ start: [0, 0, 0], end: [L, 0, 0], section: 'G' }] });
    await s.call('assign_supports', { joints: ['1'], restraint: 'fixed' });
    await s.call('assign_loads', { pattern: 'Y', loads: [{ type: 'joint', joint: '2', force: [0, P, 0] }] });
    await s.call('run_analysis', {});
    const tip = atJoint(await s.call('read_results', { case: 'Y', kind: 'displacements' }), '2');
    expect(rel(tip[1], (P * L ** 3) / (3 * E * I22))).toBeLessThan(TOL);
    // Local 3 of a beam along +X is −Y, so the +Y load acts along −3; the root pushes the member
    // along +3, and the positive face at the root carries V3 = −P (the sign V2 has at a support).
    const f = await s.call('read_results', { case: 'Y', kind: 'member_forces', stations: 2 });
    expect(rel(f.frames[0].stations[0].values[2], -P)).toBeLessThan(TOL);
  });
});
