// Analysis cases beyond the linear static case of each pattern: load combinations (explicit or
// generated from ASCE 7 or EN 1990), modal cases, response-spectrum cases.
import { z } from 'zod';
import { finite, name, positive } from './common.ts';

export const COMBINATION_CODES = [
  'ASCE7-16 LRFD',
  'ASCE7-16 ASD',
  'EN1990 STR',
  'EN1990 SLS characteristic',
  'EN1990 SLS quasi-permanent',
  'EN1990 seismic',
] as const;
export const CombinationCode = z.enum(COMBINATION_CODES);
export type CombinationCode = z.infer<typeof CombinationCode>;

const Combination = z.object({
  name,
  type: z
    .enum(['linear', 'envelope', 'absolute', 'srss'])
    .default('linear')
    .describe(
      'linear: factored sum; envelope: max and min over the items; absolute: sum of absolute values; srss: square root of the sum of squares',
    ),
  items: z
    .array(
      z.object({ case: name.describe("A load pattern's case, another case, or another combination"), factor: finite }),
    )
    .min(1)
    .max(100),
  design: z.enum(['strength', 'service', 'none']).default('none').describe('strength: design checks use it'),
});
export type Combination = z.infer<typeof Combination>;

export const Generate = z.object({
  code: CombinationCode,
  dead: z.array(name).max(20).default([]),
  live: z.array(name).max(20).default([]),
  roof_live: z.array(name).max(20).default([]),
  snow: z.array(name).max(20).default([]),
  rain: z.array(name).max(20).default([]),
  wind: z.array(name).max(20).default([]).describe('One pattern per wind direction'),
  seismic: z
    .array(name)
    .max(20)
    .default([])
    .describe('Horizontal seismic patterns or response-spectrum cases (E_h, with redundancy already in them)'),
  opposite_lateral: z
    .boolean()
    .default(true)
    .describe('Also take each wind and seismic pattern with a negative factor'),
  live_factor_half: z
    .boolean()
    .default(false)
    .describe('ASCE 7 §2.3.1 exception: 0.5 L in combinations 3, 4 and 6 where L ≤ 100 psf (not garages or assembly)'),
  sds: z
    .number()
    .min(0)
    .optional()
    .describe('ASCE 7 S_DS: adds the vertical seismic effect E_v = 0.2 S_DS D (§12.4.2.2)'),
  imposed_category: z
    .enum(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'])
    .default('A')
    .describe('EN 1990 Table A1.1 category of the live (imposed) loads'),
  snow_above_1000m: z.boolean().default(false).describe('EN 1990 Table A1.1: sites above 1000 m (ψ for snow)'),
  prefix: z.string().max(16).optional().describe('Names start with this (default: from the code)'),
});
export type Generate = z.infer<typeof Generate>;

const Asce7Spectrum = z
  .object({
    code: z.literal('ASCE7-16'),
    sds: positive.describe('S_DS, g'),
    sd1: positive.describe('S_D1, g'),
    tl: positive.default(8).describe('Long-period transition period T_L, s'),
    r: positive.default(1).describe('Response modification coefficient R (the case is scaled by g·Ie/R)'),
    ie: positive.default(1).describe('Importance factor Ie'),
  })
  .describe('ASCE 7-16 §11.4.6 design response spectrum');
const Ec8Spectrum = z
  .object({
    code: z.literal('EN1998-1'),
    type: z.union([z.literal(1), z.literal(2)]).default(1),
    ground: z.enum(['A', 'B', 'C', 'D', 'E']),
    ag: positive.describe('Design ground acceleration on type A ground a_g = γI·a_gR, in g'),
    q: z.number().min(1).default(1.5).describe('Behaviour factor'),
    beta: z.number().min(0).default(0.2).describe('Lower bound factor β'),
  })
  .describe('EN 1998-1 §3.2.2.5 design spectrum (horizontal)');
const UserSpectrum = z.object({
  code: z.literal('user'),
  points: z
    .array(z.tuple([z.number().min(0), z.number().min(0)]))
    .min(2)
    .max(2000)
    .describe('[period s, Sa in g], periods increasing'),
  factor: positive.default(1).describe('The case is scaled by g times this'),
});
export const Spectrum = z.discriminatedUnion('code', [Asce7Spectrum, Ec8Spectrum, UserSpectrum]);
export type Spectrum = z.infer<typeof Spectrum>;

export const ARGS = {
  define_load_combinations: z
    .object({
      replace: z.boolean().default(false).describe('true: delete every existing combination first'),
      combinations: z.array(Combination).max(500).default([]),
      generate: Generate.optional(),
    })
    .refine((a) => a.combinations.length > 0 || a.generate, { message: 'give combinations or generate' }),
  define_modal_case: z.object({
    name: name.default('MODAL'),
    modes: z.int().min(1).max(500).default(12),
  }),
  define_response_spectrum: z.object({
    name,
    spectrum: Spectrum,
    direction: z.enum(['X', 'Y', 'Z']),
    modal_case: name.default('MODAL'),
    combination: z.enum(['CQC', 'SRSS']).default('CQC'),
    damping: z.number().min(0).max(0.5).default(0.05).describe('Modal damping ratio for CQC'),
  }),
};

const CombinationOut = z.object({
  name: z.string(),
  type: z.enum(['linear', 'envelope', 'absolute', 'srss']),
  items: z.array(z.object({ case: z.string(), factor: finite })),
  design: z.enum(['strength', 'service', 'none']),
  source: z.string().describe('The code and equation it comes from, or "explicit"'),
});

export const RESULTS = {
  define_load_combinations: z.object({ combinations: z.array(CombinationOut), deleted: z.array(z.string()) }),
  define_modal_case: z.object({ name: z.string(), modes: z.int() }),
  define_response_spectrum: z.object({
    name: z.string(),
    function: z.string().describe("The spectrum function's name in the program"),
    scale_factor: finite.describe('g in model units, times Ie/R (ASCE 7) or the user factor'),
    points: z.int().describe('Period-value pairs given to the program'),
    direction: z.enum(['X', 'Y', 'Z']),
    combination: z.enum(['CQC', 'SRSS']),
    damping: finite,
  }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  define_load_combinations:
    'Define load combinations, explicitly or generated from ASCE 7-16 (LRFD §2.3, ASD §2.4) or EN 1990 (6.10 STR, characteristic, quasi-permanent, seismic) for the load patterns given; each answers with its source equation.',
  define_modal_case: 'Define (or redefine) a modal eigenvalue case with the number of modes.',
  define_response_spectrum:
    'Define a response-spectrum case from a code spectrum (ASCE 7-16, EN 1998-1) or given points, in one direction, combining modes by CQC or SRSS.',
};
