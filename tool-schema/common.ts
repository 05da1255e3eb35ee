// Building blocks every tool module uses: names, numbers, points, joint references, units.
import { z } from 'zod';

export const name = z.string().trim().min(1).max(64).describe('A name as the program shows it');
// zod 4 numbers are finite: NaN and ±Infinity are refused.
export const finite = z.number();
export const positive = z.number().positive();
export const path = z.string().min(1).max(1024).describe('A file path on the machine running the program');
export const Point = z.tuple([finite, finite, finite]).describe('Global coordinates [X, Y, Z]');
export const vector3 = z.tuple([finite, finite, finite]);
export const six = z.tuple([finite, finite, finite, finite, finite, finite]);

/** A joint at the crossing of two grid lines on a story (models with grids and stories: ETABS). */
export const GridRef = z.object({
  grid_x: name.describe('Label of a grid line along X (it has an X ordinate)'),
  grid_y: name.describe('Label of a grid line along Y'),
  story: name.describe('Story (the joint is at its top elevation); the base is named as define_stories answers'),
});

/**
 * A joint is named by the name the program gave it, by its coordinates (within 1e-6 of the
 * model's length unit), or by grid lines and story.
 */
export const JointRef = z.union([name, Point, GridRef]);
export type JointRef = z.infer<typeof JointRef>;

/** CSI's unit systems (eUnits), force_length_temperature. */
export const UNITS = [
  'N_m_C',
  'kN_m_C',
  'N_mm_C',
  'kN_mm_C',
  'kgf_m_C',
  'tonf_m_C',
  'lb_in_F',
  'lb_ft_F',
  'kip_in_F',
  'kip_ft_F',
] as const;
export const Units = z.enum(UNITS);
export type Units = z.infer<typeof Units>;

/** Restraints in the order UX, UY, UZ, RX, RY, RZ (true = restrained). */
export const Restraint = z.tuple([z.boolean(), z.boolean(), z.boolean(), z.boolean(), z.boolean(), z.boolean()]);
const RESTRAINT_PRESETS = {
  fixed: [true, true, true, true, true, true],
  pinned: [true, true, true, false, false, false],
  roller_z: [false, false, true, false, false, false],
} as const;
export function restraintOf(r: z.infer<typeof Restraint> | keyof typeof RESTRAINT_PRESETS): boolean[] {
  return typeof r === 'string' ? [...RESTRAINT_PRESETS[r]] : [...r];
}
export const RestraintSpec = z.union([Restraint, z.enum(['fixed', 'pinned', 'roller_z'])]);

/** A load case by name: a load pattern (each is analysed as its own linear static case), a modal or response-spectrum case, or a load combination. */
export const CaseName = name.describe(
  'A load case or combination: a load pattern (its linear static case), a response-spectrum case, or a load combination',
);

/** Results of a response-spectrum case, an envelope, or a combination with either, come as a maximum and a minimum row (CSI's step types Max and Min). */
export const Step = z
  .enum(['max', 'min'])
  .optional()
  .describe(
    'Present for cases with two bounds: response spectrum (max only, positive magnitudes), envelopes and combinations that include them',
  );
