// The stand-in's model file (JSON), validated on open like any other input. Version 2 adds
// what the building tools define; a version 1 file opens as a version 2 file without them.
import { z } from 'zod';
import { Section, Spectrum, Units } from '@structural-platform/tool-schema';

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
const flags = z.array(z.boolean()).length(6);
const six = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]);

export const MaterialDef = z.object({
  e: z.number().positive(),
  poisson: z.number().gt(-1).lt(0.5),
  unit_weight: z.number().min(0),
  kind: z.enum(['steel', 'concrete', 'other']).default('other'),
  fy: z.number().positive().optional(),
  fu: z.number().positive().optional(),
  fc: z.number().positive().optional(),
  rebar_fy: z.number().positive().optional(),
});
export type MaterialDef = z.infer<typeof MaterialDef>;

export const SectionDef = z.object({
  material: z.string(),
  area: z.number().positive(),
  i33: z.number().positive(),
  i22: z.number().positive(),
  j: z.number().positive(),
  /** The shape as defined (design needs it); absent in version 1 files. */
  shape: Section.optional(),
});
export type SectionDef = z.infer<typeof SectionDef>;

export const CombinationDef = z.object({
  type: z.enum(['linear', 'envelope', 'absolute', 'srss']),
  items: z.array(z.object({ case: z.string(), factor: z.number() })),
  design: z.enum(['strength', 'service', 'none']),
  source: z.string(),
});
export type CombinationDef = z.infer<typeof CombinationDef>;

export const ResponseSpectrumDef = z.object({
  spectrum: Spectrum,
  direction: z.enum(['X', 'Y', 'Z']),
  modal_case: z.string(),
  combination: z.enum(['CQC', 'SRSS']),
  damping: z.number().min(0).max(0.5),
});
export type ResponseSpectrumDef = z.infer<typeof ResponseSpectrumDef>;

export const ModelFile = z.object({
  format: z.literal('structural-platform/standin-frame-model'),
  version: z.union([z.literal(1), z.literal(2)]),
  units: Units,
  dimension: z.enum(['2d', '3d']),
  materials: z.record(z.string(), MaterialDef),
  sections: z.record(z.string(), SectionDef),
  joints: z.array(z.object({ name: z.string(), xyz: vec3, restraint: flags })).max(100_000),
  frames: z
    .array(
      z.object({
        name: z.string(),
        i: z.string(),
        j: z.string(),
        section: z.string(),
        angle: z.number(),
        releases: z.object({ i: flags, j: flags }).optional(),
      }),
    )
    .max(100_000),
  patterns: z.record(z.string(), z.array(z.unknown())),
  stories: z
    .object({
      base: z.string(),
      base_elevation: z.number(),
      stories: z.array(z.object({ name: z.string(), height: z.number().positive() })),
    })
    .nullable()
    .default(null),
  grids: z
    .object({
      x: z.array(z.object({ label: z.string(), ordinate: z.number() })),
      y: z.array(z.object({ label: z.string(), ordinate: z.number() })),
    })
    .nullable()
    .default(null),
  diaphragms: z.record(z.string(), z.object({ rigid: z.boolean(), joints: z.array(z.string()) })).default({}),
  joint_masses: z.record(z.string(), six).default({}),
  mass_source: z
    .object({
      name: z.string(),
      elements: z.boolean(),
      joint_masses: z.boolean(),
      loads: z.array(z.object({ pattern: z.string(), factor: z.number().positive() })),
    })
    .nullable()
    .default(null),
  area_sections: z
    .record(
      z.string(),
      z.object({
        material: z.string(),
        kind: z.enum(['slab', 'wall', 'shell', 'membrane']),
        thickness: z.number().positive(),
      }),
    )
    .default({}),
  areas: z
    .array(z.object({ name: z.string(), joints: z.array(z.string()).min(3), section: z.string() }))
    .max(100_000)
    .default([]),
  modal_cases: z.record(z.string(), z.object({ modes: z.int().min(1) })).default({}),
  response_spectrum_cases: z.record(z.string(), ResponseSpectrumDef).default({}),
  combinations: z.record(z.string(), CombinationDef).default({}),
});
export type ModelFile = z.infer<typeof ModelFile>;
