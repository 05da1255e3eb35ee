// A uniform shear building by hand (rigid beams, axially rigid columns, storey stiffness k, floor
// mass m, storey height h), and the same building as stand-in tool calls. Its modes are known in
// closed form (a fixed–free chain):
//   ω_j² = (k/m)·2(1 − cos((2j − 1)π/(2n + 1))),  φ_ij = sin(i(2j − 1)π/(2n + 1)), i = 1…n,
// normalised here to unit modal mass; Γ_j = m Σ_i φ̂_ij, effective mass Γ_j², modal base shear
// V_j = Γ_j² A_j with A_j = S_a(T_j)·g·Ie/R (ASCE 7-16 §11.4.6), combined by SRSS or by CQC with
// the Der Kiureghian coefficient (ζ = 5 %). Drifts: modal storey drift Γ_j A_j/ω_j² (φ̂_sj − φ̂_(s−1)j)/h,
// combined the same way, times Cd/Ie. Used by the stand-in's dynamics tests and the agent
// evaluations (desktop/eval/agents), so both check against the same independent figures.
const G = 9.80665; // m/s², kN-m models: masses in t

export interface ShearBuilding {
  stories: number;
  /** Storey stiffness, kN/m. */
  k: number;
  /** Floor mass, t. */
  m: number;
  /** Storey height, m. */
  h: number;
  spectrum: { sds: number; sd1: number; tl: number; r: number; ie: number };
  cd: number;
}

/** ASCE 7-16 §11.4.6 design spectral acceleration, g. */
export function asce7Sa(s: ShearBuilding['spectrum'], T: number): number {
  const T0 = (0.2 * s.sd1) / s.sds,
    TS = s.sd1 / s.sds;
  if (T < T0) return s.sds * (0.4 + (0.6 * T) / T0);
  if (T <= TS) return s.sds;
  if (T <= s.tl) return s.sd1 / T;
  return (s.sd1 * s.tl) / T ** 2;
}

/** Der Kiureghian's CQC correlation coefficient of two modes with equal damping. */
function rho(wi: number, wj: number, z = 0.05): number {
  const b = wj / wi;
  return (8 * z * z * (1 + b) * b ** 1.5) / ((1 - b * b) ** 2 + 4 * z * z * b * (1 + b) ** 2);
}
const combine = (v: number[], w: number[], cqc: boolean) =>
  Math.sqrt(
    v.reduce((s, vi, i) => s + v.reduce((t, vj, j) => t + (cqc ? rho(w[i]!, w[j]!) : i === j ? 1 : 0) * vi * vj, 0), 0),
  );

/** The hand calculation. Storeys are counted from 0 at the bottom. */
export function shearBuildingByHand(b: ShearBuilding) {
  const { stories: n, k, m, h, spectrum: s } = b;
  const modes = Array.from({ length: n }, (_, jj) => {
    const a = ((2 * jj + 1) * Math.PI) / (2 * n + 1);
    const w2 = (k / m) * 2 * (1 - Math.cos(a));
    const raw = Array.from({ length: n }, (_, i) => Math.sin((i + 1) * a));
    const norm = Math.sqrt(m * raw.reduce((t, v) => t + v * v, 0));
    const phi = raw.map((v) => v / norm);
    const gamma = m * phi.reduce((t, v) => t + v, 0);
    const w = Math.sqrt(w2),
      T = (2 * Math.PI) / w;
    const A = asce7Sa(s, T) * G * (s.ie / s.r);
    return { w, T, phi, gamma, A, V: gamma * gamma * A };
  });
  const w = modes.map((q) => q.w);
  const drift = (st: number) =>
    modes.map((q) => (((q.gamma * q.A) / q.w ** 2) * (q.phi[st]! - (st > 0 ? q.phi[st - 1]! : 0))) / h);
  const shear = (st: number) => modes.map((q) => q.gamma * q.A * m * q.phi.slice(st).reduce((t, v) => t + v, 0));
  return {
    modes,
    base: {
      srss: combine(
        modes.map((q) => q.V),
        w,
        false,
      ),
      cqc: combine(
        modes.map((q) => q.V),
        w,
        true,
      ),
    },
    /** Design storey drift ratio (× Cd/Ie). */
    drift: (st: number, cqc: boolean) => (combine(drift(st), w, cqc) * b.cd) / s.ie,
    shear: (st: number, cqc: boolean) => combine(shear(st), w, cqc),
    massRatio: modes.map((q) => (q.gamma * q.gamma) / (n * m)),
  };
}

type Call = (
  tool:
    | 'new_model'
    | 'define_stories'
    | 'define_material'
    | 'define_section'
    | 'define_frames'
    | 'assign_supports'
    | 'assign_joint_masses',
  args: unknown,
) => Promise<unknown>;

/** Builds the shear building in an ETABS stand-in (kN-m, stories S1…Sn): two columns 6 m apart with a rigid beam per floor, fixed bases, the floor mass split between the two floor joints. */
export async function buildShearBuilding(call: Call, b: ShearBuilding): Promise<void> {
  const { stories: n, k, m, h } = b;
  const E = 2e8;
  const I = (k * h ** 3) / 24 / E; // two fixed-fixed columns per storey: k = 24 EI / h³
  await call('new_model', { units: 'kN_m_C', dimension: '2d' });
  await call('define_stories', { stories: Array.from({ length: n }, (_, i) => ({ name: `S${i + 1}`, height: h })) });
  await call('define_material', { name: 'STEEL', e: E });
  await call('define_section', {
    name: 'COL',
    material: 'STEEL',
    section: { shape: 'general', area: 1e3, i33: I, i22: I, j: I },
  });
  await call('define_section', {
    name: 'BEAM',
    material: 'STEEL',
    section: { shape: 'general', area: 1e3, i33: I * 1e6, i22: I, j: I },
  });
  const frames = [];
  for (let i = 0; i < n; i++) {
    frames.push(
      { start: [0, 0, i * h], end: [0, 0, (i + 1) * h], section: 'COL' },
      { start: [6, 0, i * h], end: [6, 0, (i + 1) * h], section: 'COL' },
    );
    frames.push({ start: [0, 0, (i + 1) * h], end: [6, 0, (i + 1) * h], section: 'BEAM' });
  }
  await call('define_frames', { frames });
  await call('assign_supports', {
    joints: [
      [0, 0, 0],
      [6, 0, 0],
    ],
    restraint: 'fixed',
  });
  const floors = Array.from({ length: n }, (_, i) => [
    [0, 0, (i + 1) * h],
    [6, 0, (i + 1) * h],
  ]).flat();
  await call('assign_joint_masses', { joints: floors, mass: [m / 2, 0, 0] });
}
