// Member design checks: steel (AISC 360-16: governing unity ratio and the clause it comes from)
// and concrete (ACI 318-19: required reinforcement).
import { z } from 'zod';
import { finite, name, positive } from './common.ts';

const SteelOverride = z.object({
  frame: name,
  k_major: positive
    .optional()
    .describe('Effective length factor for buckling about local 3 (default 1: the direct analysis method)'),
  k_minor: positive.optional(),
  unbraced_major: positive
    .optional()
    .describe("Unbraced length for buckling about local 3 (default: the member's length)"),
  unbraced_minor: positive.optional(),
  unbraced_ltb: z
    .number()
    .min(0)
    .optional()
    .describe(
      "Distance between lateral-torsional bracing points (0: continuously braced; default: the member's length)",
    ),
  cb: positive
    .optional()
    .describe('Lateral-torsional buckling modification factor (default: from the moment diagram, AISC F1-1)'),
});

const Component = z.object({ ratio: finite, demand: finite, capacity: finite, clause: z.string() }).nullable();

export const ARGS = {
  design_steel: z.object({
    code: z.literal('AISC360-16').default('AISC360-16'),
    frames: z.array(name).max(10_000).optional().describe('Default: every frame of a steel material'),
    combinations: z.array(name).max(500).optional().describe('Default: every combination marked for strength design'),
    overrides: z.array(SteelOverride).max(10_000).default([]),
  }),
  design_concrete: z.object({
    code: z.literal('ACI318-19').default('ACI318-19'),
    frames: z
      .array(name)
      .max(10_000)
      .optional()
      .describe('Default: every frame of a concrete material with a rectangular section'),
    combinations: z.array(name).max(500).optional(),
    cover: positive
      .optional()
      .describe('From the face to the centroid of the longitudinal bars (default 60 mm in model units)'),
  }),
};

export const RESULTS = {
  design_steel: z.object({
    code: z.string(),
    combinations: z.array(z.string()),
    frames: z.array(
      z.object({
        frame: z.string(),
        section: z.string(),
        status: z.enum(['ok', 'overstressed', 'not_checked']),
        ratio: finite.nullable().describe('Governing unity ratio (demand/capacity)'),
        clause: z.string().nullable().describe('The equation of the governing ratio, e.g. H1-1a, G2.1'),
        combination: z.string().nullable(),
        station: finite.nullable().describe('Distance from end i where it governs'),
        axial: Component,
        major: Component,
        minor: Component,
        shear_major: Component,
        shear_minor: Component,
        message: z.string().nullable(),
      }),
    ),
    governing: z.object({ frame: z.string(), ratio: finite, clause: z.string(), combination: z.string() }).nullable(),
  }),
  design_concrete: z.object({
    code: z.string(),
    combinations: z.array(z.string()),
    beams: z.array(
      z.object({
        frame: z.string(),
        station: finite,
        top_area: finite,
        top_combination: z.string().nullable(),
        bottom_area: finite,
        bottom_combination: z.string().nullable(),
        shear_area_per_length: finite.describe('Av/s'),
        shear_combination: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
    columns: z.array(
      z.object({
        frame: z.string(),
        required_area: finite.describe('Total longitudinal steel'),
        ratio: finite.describe('Required area / gross area'),
        combination: z.string().nullable(),
        station: finite,
        message: z.string().nullable(),
      }),
    ),
  }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  design_steel:
    "Check steel frames to AISC 360-16 (compression E3/E4/E7, flexure F2/F3/F6, shear G2/G6, combined H1-1) under the strength combinations: each frame's governing unity ratio, the clause, combination and station, and the governing frame.",
  design_concrete:
    "Design concrete frames to ACI 318-19: beams' required top and bottom flexural steel and shear reinforcement, columns' required longitudinal steel.",
};
