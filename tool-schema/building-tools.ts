// Building tools: stories, grids and diaphragms (ETABS), joint masses and the mass source,
// area sections and area objects (slabs and walls: loads and diaphragms).
import { z } from 'zod';
import { finite, JointRef, name, positive } from './common.ts';

const GridLine = z.object({ label: name, ordinate: finite });

export const ARGS = {
  define_stories: z.object({
    base_elevation: finite.default(0),
    stories: z
      .array(z.object({ name, height: positive }))
      .min(1)
      .max(200)
      .describe('From the bottom up; each story is named at its top'),
  }),
  define_grids: z.object({
    x: z.array(GridLine).min(1).max(200).describe('Grid lines at X ordinates (running along Y)'),
    y: z.array(GridLine).min(1).max(200).describe('Grid lines at Y ordinates (running along X)'),
  }),
  assign_diaphragm: z
    .object({
      name: name.default('D1'),
      rigid: z
        .boolean()
        .default(true)
        .describe("false: semi-rigid (the floor's own in-plane stiffness; needs the program, not the stand-in)"),
      joints: z.array(JointRef).max(100_000).optional(),
      stories: z.array(name).max(200).optional().describe("Every joint at these stories' elevations"),
      areas: z.array(name).max(100_000).optional().describe('Area objects (slabs): their corner joints'),
    })
    .refine((a) => a.joints?.length || a.stories?.length || a.areas?.length, {
      message: 'give joints, stories or areas',
    }),
  assign_joint_masses: z.object({
    joints: z.array(JointRef).min(1).max(100_000),
    mass: z
      .tuple([z.number().min(0), z.number().min(0), z.number().min(0)])
      .describe('[MX, MY, MZ] translational masses (force × time² / length)'),
    rotational: z
      .tuple([z.number().min(0), z.number().min(0), z.number().min(0)])
      .default([0, 0, 0])
      .describe('[MRX, MRY, MRZ] mass moments of inertia'),
    replace: z.boolean().default(true),
  }),
  define_mass_source: z.object({
    name: name.default('MSSSRC1'),
    elements: z.boolean().default(true).describe('Mass of the frame and area elements (unit weight ÷ g)'),
    joint_masses: z.boolean().default(true).describe('Masses assigned to joints'),
    loads: z
      .array(z.object({ pattern: name, factor: z.number().positive() }))
      .max(50)
      .default([])
      .describe('Gravity loads of these patterns (÷ g) times the factor, e.g. dead 1.0 and live 0.25'),
  }),
  define_area_section: z.object({
    name,
    material: name,
    kind: z.enum(['slab', 'wall', 'shell', 'membrane']),
    thickness: positive,
  }),
  define_areas: z.object({
    areas: z
      .array(
        z.object({
          name: name.optional(),
          joints: z.array(JointRef).min(3).max(20).describe('Corners in order around the area'),
          section: name,
        }),
      )
      .min(1)
      .max(10_000),
  }),
};

const Story = z.object({ name: z.string(), elevation: finite, height: positive });

export const RESULTS = {
  define_stories: z.object({
    base: z.string().describe("The base level's name"),
    base_elevation: finite,
    stories: z.array(Story),
  }),
  define_grids: z.object({ x: z.array(GridLine), y: z.array(GridLine) }),
  assign_diaphragm: z.object({ diaphragm: z.string(), rigid: z.boolean(), joints: z.array(z.string()) }),
  assign_joint_masses: z.object({ joints: z.array(z.string()) }),
  define_mass_source: z.object({
    name: z.string(),
    elements: z.boolean(),
    joint_masses: z.boolean(),
    loads: z.array(z.object({ pattern: z.string(), factor: finite })),
  }),
  define_area_section: z.object({ name: z.string() }),
  define_areas: z.object({
    areas: z.array(z.object({ name: z.string(), joints: z.array(z.string()), area: z.number().min(0) })),
  }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  define_stories:
    'Define the stories from the bottom up (replaces the story definition; ETABS allows it only while the model has no objects).',
  define_grids: 'Define the grid lines along X and Y (replaces the grid).',
  assign_diaphragm:
    'Constrain joints (given, on stories, or the corners of slabs) to a rigid diaphragm: they move together in their horizontal plane.',
  assign_joint_masses: 'Assign lumped masses to joints.',
  define_mass_source:
    'Define the mass used by modal and response-spectrum analysis: element self-mass, joint masses and gravity loads of given patterns with factors.',
  define_area_section: 'Define an area section (slab, wall, shell or membrane) of a material and thickness.',
  define_areas:
    'Add area objects (slabs, walls) between joints; they carry area loads to their corners, add their mass, and can make diaphragms.',
};
