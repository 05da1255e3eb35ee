// The tool interface the desktop client implements and the platform's agents call
// (issue 19: "one schema shared with the client"). Its own workspace package,
// @structural-platform/tool-schema, so that neither side depends on the other: the platform
// (subgraphs/agents/) and the desktop workspace both import it. Both sides validate: the
// platform validates a call before sending it down the bridge and a result when it comes
// back; the client validates a call before handing it to an adapter and the adapter's
// result before sending it up. The same zod schemas give the JSON Schema of each tool's
// arguments for the model's tool definitions (toolDefinitions).
//
// Conventions every adapter follows (they are part of the interface, not of one program):
// - Global axes X, Y, Z with Z up; gravity acts in -Z (as in SAP2000 and ETABS).
// - A 2D model lies in the XZ plane (CSI's plane-frame convention); its out-of-plane
//   freedoms (UY, RX, RZ) are not active.
// - Units are the model's units (new_model's `units`); values are never converted silently.
// - Frame local axes follow CSI: local 1 runs from end i to end j; for a member that is not
//   vertical, local 2 lies in the vertical plane through local 1 and points up; for a
//   vertical member local 2 is global +X; local 3 = 1 × 2; `angle` rotates 2 and 3 about 1.
// - Member forces at a station are the resultants on the face at that station looking
//   toward end j (the positive face), acting on the part between end i and the station,
//   in local axes: P (tension positive), V2, V3, T, M2, M3 (right-hand rule about local
//   axes). With local 2 up, a sagging beam has positive M3. A station exactly at a point
//   load gives the value just before the load.
import { z } from 'zod';

/** Programs the client drives. SAP2000 and ETABS share the frame tools (both are CSI OAPI). */
export const PROGRAMS = ['sap2000', 'etabs', 'mathcad'] as const;
export const Program = z.enum(PROGRAMS);
export type Program = z.infer<typeof Program>;

const name = z.string().trim().min(1).max(64).describe('A name as the program shows it');
// zod 4 numbers are finite: NaN and ±Infinity are refused.
const finite = z.number();
const positive = z.number().positive();
const path = z.string().min(1).max(1024).describe('A file path on the machine running the program');
export const Point = z.tuple([finite, finite, finite]).describe('Global coordinates [X, Y, Z]');
const vector3 = z.tuple([finite, finite, finite]);

/** A joint is named by the name the program gave it or by its coordinates (within 1e-6 of the model's length unit). */
export const JointRef = z.union([name, Point]);

/** CSI's unit systems (eUnits), force_length_temperature. */
export const UNITS = ['N_m_C', 'kN_m_C', 'N_mm_C', 'kN_mm_C', 'kgf_m_C', 'tonf_m_C', 'lb_in_F', 'lb_ft_F', 'kip_in_F', 'kip_ft_F'] as const;
export const Units = z.enum(UNITS);

const Template = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('blank') }),
  z.object({
    kind: z.literal('beam'),
    spans: z.int().min(1).max(100),
    span_length: positive,
  }).describe('A continuous beam along X from the origin, pinned at its first support and on rollers at the others'),
  z.object({
    kind: z.literal('portal_frame'),
    stories: z.int().min(1).max(100),
    story_height: positive,
    bays: z.int().min(1).max(100),
    bay_width: positive,
  }).describe('A plane frame in the XZ plane with fixed bases; beams and columns take the default section'),
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
export const Load = z.discriminatedUnion('type', [JointLoad, FramePointLoad, FrameDistributedLoad]);
export type Load = z.infer<typeof Load>;

/** Restraints in the order UX, UY, UZ, RX, RY, RZ (true = restrained). */
export const Restraint = z.tuple([z.boolean(), z.boolean(), z.boolean(), z.boolean(), z.boolean(), z.boolean()]);
const RESTRAINT_PRESETS = { fixed: [true, true, true, true, true, true], pinned: [true, true, true, false, false, false], roller_z: [false, false, true, false, false, false] } as const;
export function restraintOf(r: z.infer<typeof Restraint> | keyof typeof RESTRAINT_PRESETS): boolean[] {
  return typeof r === 'string' ? [...RESTRAINT_PRESETS[r]] : [...r];
}

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

const Section = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('rectangle'), depth: positive.describe('Along local 2 (CSI t3)'), width: positive.describe('Along local 3 (CSI t2)') }),
  z.object({
    shape: z.literal('general'),
    area: positive,
    i33: positive.describe('Second moment about local 3 (major axis)'),
    i22: positive.describe('Second moment about local 2'),
    j: positive.describe('Torsion constant'),
  }),
]);

const Case = name.describe('A load pattern name; every pattern is analysed as its own linear static case');

/** Argument schemas, one per tool. */
export const TOOL_ARGS = {
  // Frame programs (SAP2000, ETABS)
  open_model: z.object({ path }),
  new_model: z.object({
    units: Units,
    dimension: z.enum(['2d', '3d']).default('3d').describe('2d: a plane frame in the XZ plane'),
    template: Template.default({ kind: 'blank' }),
    default_section: name.optional().describe('Section the template assigns; defined by define_section before or after, required before run_analysis'),
  }),
  define_material: z.object({
    name,
    e: positive.describe('Modulus of elasticity'),
    poisson: z.number().gt(-1).lt(0.5).default(0.3),
    unit_weight: z.number().min(0).default(0),
  }),
  define_section: z.object({ name, material: name, section: Section }),
  define_frames: z.object({ frames: z.array(FrameDef).min(1).max(10_000) }),
  assign_supports: z.object({
    joints: z.array(JointRef).min(1).max(10_000),
    restraint: z.union([Restraint, z.enum(['fixed', 'pinned', 'roller_z'])]),
  }),
  assign_loads: z.object({
    pattern: Case,
    replace: z.boolean().default(false).describe('true: remove the pattern’s earlier loads first'),
    loads: z.array(Load).min(1).max(10_000),
  }),
  run_analysis: z.object({}),
  read_results: z.object({
    case: Case,
    kind: z.enum(['displacements', 'reactions', 'member_forces']),
    joints: z.array(JointRef).max(10_000).optional().describe('Only these joints (displacements, reactions)'),
    frames: z.array(name).max(10_000).optional().describe('Only these frames (member_forces)'),
    stations: z.int().min(2).max(101).default(3).describe('Equally spaced output stations per frame, ends included'),
  }),
  save_model: z.object({ path: path.optional().describe('Defaults to the path the model was opened from or last saved to') }),
  // Calculation program (Mathcad Prime): only variables marked as inputs or outputs in the worksheet are reachable.
  open_worksheet: z.object({ path }),
  set_inputs: z.object({
    inputs: z.array(z.object({ alias: name, value: z.union([finite, z.string().max(10_000)]), unit: z.string().max(64).optional() })).min(1).max(1000),
  }),
  read_outputs: z.object({
    outputs: z.array(z.object({ alias: name, unit: z.string().max(64).optional() })).max(1000).optional().describe('Default: every output'),
  }),
  save_worksheet: z.object({ path: path.optional() }),
} as const;

export type ToolName = keyof typeof TOOL_ARGS;
export const TOOL_NAMES = Object.keys(TOOL_ARGS) as ToolName[];
export type ToolArgs<T extends ToolName> = z.output<(typeof TOOL_ARGS)[T]>;

const FRAME_TOOLS = ['open_model', 'new_model', 'define_material', 'define_section', 'define_frames', 'assign_supports', 'assign_loads', 'run_analysis', 'read_results', 'save_model'] as const satisfies readonly ToolName[];
const CALC_TOOLS = ['open_worksheet', 'set_inputs', 'read_outputs', 'save_worksheet'] as const satisfies readonly ToolName[];

/** Which tools each program offers. */
export const PROGRAM_TOOLS: Record<Program, readonly ToolName[]> = { sap2000: FRAME_TOOLS, etabs: FRAME_TOOLS, mathcad: CALC_TOOLS };

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  open_model: 'Open a model file in the analysis program.',
  new_model: 'Start a new model, blank or from a template (continuous beam, portal frame), in the given units.',
  define_material: 'Define or redefine an isotropic material.',
  define_section: 'Define or redefine a frame section of a material.',
  define_frames: 'Add frame members between joints given by name or coordinates; joints are created as needed. Returns the frame and joint names.',
  assign_supports: 'Set the restraints of joints (replaces their earlier restraints).',
  assign_loads: 'Add joint and member loads to a load pattern (created if new).',
  run_analysis: 'Run the linear static analysis of every load pattern.',
  read_results: 'Read joint displacements, support reactions or member forces of an analysed load pattern.',
  save_model: 'Save the model.',
  open_worksheet: 'Open a Mathcad Prime worksheet.',
  set_inputs: 'Set worksheet input variables (by alias) and recalculate.',
  read_outputs: 'Read worksheet output variables, optionally in given units.',
  save_worksheet: 'Save the worksheet, optionally under a new path.',
};

// ---- results ----------------------------------------------------------------------------

const six = z.tuple([finite, finite, finite, finite, finite, finite]);
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

export const TOOL_RESULTS = {
  open_model: ModelSummary,
  new_model: ModelSummary.extend({ created_frames: z.array(z.string()), created_joints: z.array(z.string()) }),
  define_material: z.object({ name: z.string() }),
  define_section: z.object({ name: z.string() }),
  define_frames: z.object({ frames: z.array(z.object({ name: z.string(), joint_i: z.string(), joint_j: z.string(), length: finite })) }),
  assign_supports: z.object({ joints: z.array(z.string()) }),
  assign_loads: z.object({ pattern: z.string(), load_count: z.int().min(0) }),
  run_analysis: z.object({ cases: z.array(z.string()), equations: z.int().min(0), elapsed_ms: finite }),
  read_results: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('displacements'), case: z.string(), joints: z.array(z.object({ joint: z.string(), values: six.describe('[UX, UY, UZ, RX, RY, RZ]') })) }),
    z.object({ kind: z.literal('reactions'), case: z.string(), joints: z.array(z.object({ joint: z.string(), values: six.describe('[FX, FY, FZ, MX, MY, MZ]') })) }),
    z.object({
      kind: z.literal('member_forces'),
      case: z.string(),
      frames: z.array(z.object({
        frame: z.string(),
        stations: z.array(z.object({ distance: finite, values: six.describe('[P, V2, V3, T, M2, M3]') })),
      })),
    }),
  ]),
  save_model: z.object({ path: z.string() }),
  open_worksheet: z.object({ path: z.string(), inputs: z.array(z.string()), outputs: z.array(z.string()) }),
  set_inputs: z.object({ set: z.array(z.string()), errors: z.int().min(0) }),
  read_outputs: z.object({ outputs: z.array(z.object({ alias: z.string(), value: z.union([finite, z.string()]), unit: z.string().nullable() })) }),
  save_worksheet: z.object({ path: z.string() }),
} as const satisfies Record<ToolName, z.ZodType>;

export type ToolResult<T extends ToolName> = z.output<(typeof TOOL_RESULTS)[T]>;

/** Error codes a tool answers with; the bridge carries them up unchanged. */
export const TOOL_ERROR_CODES = [
  'INVALID_ARGUMENTS', // the call does not match the schema, or names something that does not exist
  'NO_MODEL', // a model tool before open_model/new_model
  'NOT_FOUND', // a named joint, frame, section, material, pattern or file does not exist
  'UNSTABLE_STRUCTURE', // the stiffness matrix is singular: a mechanism or missing supports
  'NOT_ANALYSED', // read_results before run_analysis (or after a change)
  'UNSUPPORTED_FILE', // the file is not one this adapter can open
  'PROGRAM_NOT_AVAILABLE', // the program is not installed, not running, or not driven on this machine
  'PROGRAM_ERROR', // the program refused the call (its own return code and message in details)
  'TOO_LARGE', // the model is larger than the adapter handles
] as const;
export const ToolErrorCode = z.enum(TOOL_ERROR_CODES);
export const ToolError = z.object({ code: ToolErrorCode, message: z.string(), details: z.record(z.string(), z.unknown()).optional() });
export type ToolError = z.infer<typeof ToolError>;

// ---- envelopes and validation -----------------------------------------------------------

export const ToolCall = z.object({
  callId: z.string().min(1).max(128).describe('Idempotency key: a call delivered twice is run once'),
  program: Program,
  tool: z.enum(TOOL_NAMES as [ToolName, ...ToolName[]]),
  args: z.unknown(),
});
export type ValidToolCall = { [T in ToolName]: { callId: string; program: Program; tool: T; args: ToolArgs<T> } }[ToolName];

export type ToolOutcome = { callId: string; ok: true; result: unknown } | { callId: string; ok: false; error: ToolError };

type Parsed<T> = { ok: true; value: T } | { ok: false; error: ToolError };

function invalid(issues: z.core.$ZodIssue[], prefix: (string | number)[]): ToolError {
  const first = issues[0]!;
  const field = [...prefix, ...first.path.map((p) => (typeof p === 'symbol' ? String(p) : p))].join('.');
  return {
    code: 'INVALID_ARGUMENTS',
    message: `${field || 'call'}: ${first.message}`,
    details: { issues: issues.slice(0, 20).map((i) => ({ path: [...prefix, ...i.path.map(String)].join('.'), message: i.message })) },
  };
}

/** Validates a call as it arrives: the envelope, that the program offers the tool, and the tool's arguments (defaults applied). */
export function parseToolCall(raw: unknown): Parsed<ValidToolCall> {
  const envelope = ToolCall.safeParse(raw);
  if (!envelope.success) return { ok: false, error: invalid(envelope.error.issues, []) };
  const { callId, program, tool } = envelope.data;
  if (!PROGRAM_TOOLS[program].includes(tool)) {
    return { ok: false, error: { code: 'INVALID_ARGUMENTS', message: `tool: ${program} does not offer ${tool}`, details: { tools: [...PROGRAM_TOOLS[program]] } } };
  }
  const args = TOOL_ARGS[tool].safeParse(envelope.data.args ?? {});
  if (!args.success) return { ok: false, error: invalid(args.error.issues, ['args']) };
  return { ok: true, value: { callId, program, tool, args: args.data } as ValidToolCall };
}

/** Validates an outcome as it comes back: a result must match its tool's result schema, an error the error shape. */
export function parseToolOutcome(tool: ToolName, raw: unknown): Parsed<ToolOutcome> {
  const base = z.object({ callId: z.string().min(1).max(128), ok: z.boolean() }).safeParse(raw);
  if (!base.success) return { ok: false, error: invalid(base.error.issues, []) };
  const o = raw as Record<string, unknown>;
  if (base.data.ok) {
    const result = TOOL_RESULTS[tool].safeParse(o.result);
    if (!result.success) return { ok: false, error: invalid(result.error.issues, ['result']) };
    return { ok: true, value: { callId: base.data.callId, ok: true, result: result.data } };
  }
  const error = ToolError.safeParse(o.error);
  if (!error.success) return { ok: false, error: invalid(error.error.issues, ['error']) };
  return { ok: true, value: { callId: base.data.callId, ok: false, error: error.data } };
}

/** Tool definitions in the chat-completions format, for the tools a program offers. Names are `<program>_<tool>`. */
export function toolDefinitions(program: Program) {
  return PROGRAM_TOOLS[program].map((tool) => ({
    type: 'function' as const,
    function: {
      name: `${program}_${tool}`,
      description: TOOL_DESCRIPTIONS[tool],
      parameters: z.toJSONSchema(TOOL_ARGS[tool], { io: 'input' }),
    },
  }));
}
