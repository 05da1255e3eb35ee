// The model's unit system in SI: what a force and a length of the model are in newtons and
// metres, g in model units, and stresses in MPa (for code equations written in MPa).
import type { Units } from '@structural-platform/tool-schema';

const LB = 4.4482216152605,
  KIP = 4448.2216152605,
  KGF = 9.80665,
  TONF = 9806.65;
const FORCE_LENGTH: Record<Units, [number, number]> = {
  N_m_C: [1, 1],
  kN_m_C: [1000, 1],
  N_mm_C: [1, 0.001],
  kN_mm_C: [1000, 0.001],
  kgf_m_C: [KGF, 1],
  tonf_m_C: [TONF, 1],
  lb_in_F: [LB, 0.0254],
  lb_ft_F: [LB, 0.3048],
  kip_in_F: [KIP, 0.0254],
  kip_ft_F: [KIP, 0.3048],
};

export const STANDARD_GRAVITY = 9.80665; // m/s²

export interface UnitSystem {
  /** One model force unit in newtons. */
  force: number;
  /** One model length unit in metres. */
  length: number;
  /** Standard gravity in model length units per s². */
  g: number;
  /** A model stress in MPa. */
  toMpa(stress: number): number;
  /** A stress in MPa in model units. */
  fromMpa(mpa: number): number;
  /** A length in mm in model units. */
  fromMm(mm: number): number;
}

export function unitSystem(units: Units): UnitSystem {
  const [force, length] = FORCE_LENGTH[units];
  const pa = force / (length * length);
  return {
    force,
    length,
    g: STANDARD_GRAVITY / length,
    toMpa: (s) => (s * pa) / 1e6,
    fromMpa: (mpa) => (mpa * 1e6) / pa,
    fromMm: (mm) => mm / 1000 / length,
  };
}
