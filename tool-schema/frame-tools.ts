// The frame model tools of SAP2000 and ETABS: models, materials, sections, frames, supports,
// loads, analysis, results, saving.
import { z } from 'zod';
import {
  CaseName,
  finite,
  JointRef,
  name,
  path,
  positive,
  Restraint,
  RestraintSpec,
  six,
  Step,
  Units,
  vector3,
} from './common.ts';

const Template = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('blank') }),
  z
    .object({
      kind: z.literal('beam'),
      spans: z.int().min(1).max(100),
      span_length: positive,
    })
    .describe('A continuous beam along X from the origin, pinned at its first support and on rollers at the others'),
  z
    .object({
      kind: z.literal('portal_frame'),
      stories: z.int().min(1).max(100),
      story_height: positive,
      bays: z.int().min(1).max(100),
      bay_width: positive,
    })
    .describe('A plane frame in the XZ plane with fixed bases; beams and columns take the default section'),
  z
    .object({
      kind: z.literal('building'),
      stories: z.int().min(1).max(100),
      story_height: positive,
      bays_x: z.int().min(1).max(30),
      bay_width_x: positive,
      bays_y: z.int().min(1).max(30),
      bay_width_y: positive,
      diaphragms: z.boolean().default(true).describe('A rigid diaphragm at every story level'),
    })
    .describe(
      'A 3D moment frame (3d models): stories L1… over a base named Base, grid lines A, B, … along X and 1, 2, … along Y, columns on every grid crossing with fixed bases, beams along both directions; columns take default_section, beams beam_section (or default_section)',
    ),
]);

/** Load directions: global axes, gravity (-Z, the value is the magnitude downward), or member local axes. */
export const LoadDirection = z.enum(['X', 'Y', 'Z', 'gravity', 'local_1', 'local_2', 'local_3']);

const JointLoad = z.object({
  type: z.literal('joint'),
  joint: JointRef,
  force: vector3.default([0, 0, 0]).describe('[FX, FY, FZ] in global axes'),
  moment: vector3.default([0, 0, 0]).describe('[MX, MY, MZ] in global axes'),
});
const FramePointLoad = z.object({
  type: z.literal('frame_point'),
  frame: name,
  direction: LoadDirection,
  value: finite,
  distance: finite.describe('Where the load sits, from end i'),
  relative: z.boolean().default(true).describe('true: distance is a fraction of the length (0 to 1); false: a length'),
});
const FrameDistributedLoad = z.object({
  type: z.literal('frame_distributed'),
  frame: name,
  direction: LoadDirection,
  value: finite.describe('Load per unit length at `from` (and everywhere when value_end is absent)'),
  value_end: finite.optional().describe('Load per unit length at `to`, for a linearly varying load'),
  from: finite.default(0),
  to: finite.default(1),
  relative: z.boolean().default(true).describe('true: from and to are fractions of the length'),
});
const AreaUniformLoad = z.object({
  type: z.literal('area_uniform'),
  area: name,
  direction: z.enum(['gravity', 'X', 'Y', 'Z']).describe('gravity: the value is the magnitude downward'),
  value: finite.describe('Force per unit area'),
});
export const Load = z.discriminatedUnion('type', [JointLoad, FramePointLoad, FrameDistributedLoad, AreaUniformLoad]);
export type Load = z.infer<typeof Load>;

/** End releases of a frame, each six flags in local order P, V2, V3, T, M2, M3 (true = released). */
const Releases = z.object({
  i: Restraint.default([false, false, false, false, false, false]),
  j: Restraint.default([false, false, false, false, false, false]),
});

const FrameDef = z.object({
  name: name.optional().describe('Defaults to the next free number'),
  start: JointRef,
  end: JointRef,
  section: name,
  angle: finite.default(0).describe('Rotation of local axes 2 and 3 about local 1, degrees'),
  releases: Releases.optional(),
});

/** Catalogue properties of a rolled shape (AISC Manual Table 1-1 and the like), which include the fillets the plate dimensions leave out. */
const Catalogue = z
  .object({
    area: positive,
    i33: positive,
    i22: positive,
    j: positive,
    cw: positive.describe('Warping constant'),
    s33: positive.describe('Elastic section modulus about local 3'),
    s22: positive,
    z33: positive.describe('Plastic section modulus about local 3'),
    z22: positive,
  })
  .describe('Tabulated properties; when given they are used instead of those computed from the plates');

export const Section = z.discriminatedUnion('shape', [
  z.object({
    shape: z.literal('rectangle'),
    depth: positive.describe('Along local 2 (CSI t3)'),
    width: positive.describe('Along local 3 (CSI t2)'),
  }),
  z
    .object({
      shape: z.literal('i_section'),
      depth: positive.describe('Overall depth d (CSI t3)'),
      flange_width: positive.describe('bf (CSI t2)'),
      flange_thickness: positive.describe('tf'),
      web_thickness: positive.describe('tw'),
      catalogue: Catalogue.optional(),
    })
    .describe('A doubly symmetric I-shape (W, HE, UB); steel design checks it to AISC 360'),
  z.object({
    shape: z.literal('general'),
    area: positive,
    i33: positive.describe('Second moment about local 3 (major axis)'),
    i22: positive.describe('Second moment about local 2'),
    j: positive.describe('Torsion constant'),
  }),
]);
export type Section = z.infer<typeof Section>;

const ModelSummary = z.object({
  joints: z.int().min(0),
  frames: z.int().min(0),
  materials: z.array(z.string()),
  sections: z.array(z.string()),
  patterns: z.array(z.string()),
  units: Units,
  dimension: z.enum(['2d', '3d']),
  path: z.string().nullable(),
});

const JointRows = z.array(z.object({ joint: z.string(), step: Step, values: six }));

export const ARGS = {
  open_model: z.object({ path }),
  new_model: z.object({
    units: Units,
    dimension: z.enum(['2d', '3d']).default('3d').describe('2d: a plane frame in the XZ plane'),
    template: Template.default({ kind: 'blank' }),
    default_section: name
      .optional()
      .describe(
        'Section the template assigns; defined by define_section before or after, required before run_analysis',
      ),
    beam_section: name.optional().describe("Section of the building template's beams (default: default_section)"),
  }),
  define_material: z
    .object({
      name,
      e: positive.describe('Modulus of elasticity'),
      poisson: z.number().gt(-1).lt(0.5).default(0.3),
      unit_weight: z
        .number()
        .min(0)
        .default(0)
        .describe("Weight per unit volume; its mass (÷ g) is the elements' mass in a mass source"),
      kind: z
        .enum(['steel', 'concrete', 'other'])
        .default('other')
        .describe('steel and concrete members can be designed'),
      fy: positive.optional().describe('Steel: minimum yield stress'),
      fu: positive.optional().describe('Steel: minimum tensile strength'),
      fc: positive.optional().describe("Concrete: specified compressive strength f'c"),
      rebar_fy: positive.optional().describe('Concrete: yield stress of its reinforcement'),
    })
    .superRefine((m, ctx) => {
      if (m.kind === 'steel' && m.fy === undefined)
        ctx.addIssue({ code: 'custom', path: ['fy'], message: 'a steel material needs fy' });
      if (m.kind === 'concrete' && (m.fc === undefined || m.rebar_fy === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [m.fc === undefined ? 'fc' : 'rebar_fy'],
          message: 'a concrete material needs fc and rebar_fy',
        });
    }),
  define_section: z.object({ name, material: name, section: Section }),
  define_frames: z.object({ frames: z.array(FrameDef).min(1).max(10_000) }),
  assign_supports: z.object({
    joints: z.array(JointRef).min(1).max(10_000),
    restraint: RestraintSpec,
  }),
  assign_loads: z.object({
    pattern: name.describe('A load pattern (created if new); every pattern is analysed as its own linear static case'),
    replace: z.boolean().default(false).describe('true: remove the pattern’s earlier loads first'),
    loads: z.array(Load).min(1).max(10_000),
  }),
  run_analysis: z.object({}),
  read_results: z.object({
    case: CaseName,
    kind: z.enum(['displacements', 'reactions', 'member_forces', 'base_reactions']),
    joints: z.array(JointRef).max(10_000).optional().describe('Only these joints (displacements, reactions)'),
    frames: z.array(name).max(10_000).optional().describe('Only these frames (member_forces)'),
    stations: z.int().min(2).max(101).default(3).describe('Equally spaced output stations per frame, ends included'),
  }),
  save_model: z.object({
    path: path.optional().describe('Defaults to the path the model was opened from or last saved to'),
  }),
};

export const RESULTS = {
  open_model: ModelSummary,
  new_model: ModelSummary.extend({ created_frames: z.array(z.string()), created_joints: z.array(z.string()) }),
  define_material: z.object({ name: z.string() }),
  define_section: z.object({ name: z.string() }),
  define_frames: z.object({
    frames: z.array(z.object({ name: z.string(), joint_i: z.string(), joint_j: z.string(), length: finite })),
  }),
  assign_supports: z.object({ joints: z.array(z.string()) }),
  assign_loads: z.object({ pattern: z.string(), load_count: z.int().min(0) }),
  run_analysis: z.object({
    cases: z.array(z.string()).describe('Every case analysed: linear static, modal, response spectrum'),
    equations: z.int().min(0),
    elapsed_ms: finite,
  }),
  read_results: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('displacements'),
      case: z.string(),
      joints: JointRows.describe('[UX, UY, UZ, RX, RY, RZ]'),
    }),
    z.object({
      kind: z.literal('reactions'),
      case: z.string(),
      joints: JointRows.describe('[FX, FY, FZ, MX, MY, MZ]'),
    }),
    z.object({
      kind: z.literal('member_forces'),
      case: z.string(),
      frames: z.array(
        z.object({
          frame: z.string(),
          stations: z.array(z.object({ distance: finite, step: Step, values: six.describe('[P, V2, V3, T, M2, M3]') })),
        }),
      ),
    }),
    z.object({
      kind: z.literal('base_reactions'),
      case: z.string(),
      rows: z.array(
        z.object({ step: Step, values: six.describe('[FX, FY, FZ, MX, MY, MZ], moments about the global origin') }),
      ),
    }),
  ]),
  save_model: z.object({ path: z.string() }),
};

export const DESCRIPTIONS: Record<keyof typeof ARGS, string> = {
  open_model: 'Open a model file in the analysis program.',
  new_model:
    'Start a new model, blank or from a template (continuous beam, portal frame, 3D building with stories, grids and diaphragms), in the given units.',
  define_material:
    'Define or redefine an isotropic material; steel (fy, fu) and concrete (fc, rebar_fy) materials can be designed.',
  define_section:
    'Define or redefine a frame section of a material: rectangle, I-shape (with optional catalogue properties) or general properties.',
  define_frames:
    'Add frame members between joints given by name, coordinates or grid lines and story; joints are created as needed. Returns the frame and joint names.',
  assign_supports: 'Set the restraints of joints (replaces their earlier restraints).',
  assign_loads: 'Add joint, member and area loads to a load pattern (created if new).',
  run_analysis:
    'Run the analysis of every case: each load pattern as a linear static case, modal cases, response-spectrum cases. Combinations follow from their cases.',
  read_results:
    'Read joint displacements, support reactions, member forces or base reactions of an analysed case or combination.',
  save_model: 'Save the model.',
};
