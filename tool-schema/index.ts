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
import * as analysis from './analysis-tools.ts';
import * as api from './api-tools.ts';
import * as building from './building-tools.ts';
import * as design from './design-tools.ts';
import * as frame from './frame-tools.ts';
import * as mathcad from './mathcad-tools.ts';
import * as results from './result-tools.ts';

export * from './common.ts';
export { Load, LoadDirection, Section } from './frame-tools.ts';
export { COMBINATION_CODES, CombinationCode, Generate, Spectrum, type Combination } from './analysis-tools.ts';
export { TABLE_PAGE_CHARS, TABLE_PAGE_MAX, TablePage } from './result-tools.ts';
export {
  CSI_UNITS,
  OAPI_METHODS,
  oapiArgsSchema,
  oapiMethod,
  type OapiEffect,
  type OapiMethod,
  type OapiParam,
  type OapiType,
} from './oapi.ts';

/** Programs the client drives. SAP2000 and ETABS share the frame tools (both are CSI OAPI). */
export const PROGRAMS = ['sap2000', 'etabs', 'mathcad'] as const;
export const Program = z.enum(PROGRAMS);
export type Program = z.infer<typeof Program>;

/** Argument schemas, one per tool. */
export const TOOL_ARGS = {
  ...frame.ARGS,
  ...building.ARGS,
  ...analysis.ARGS,
  ...results.ARGS,
  ...design.ARGS,
  ...api.ARGS,
  ...mathcad.ARGS,
} as const;

export type ToolName = keyof typeof TOOL_ARGS;
export const TOOL_NAMES = Object.keys(TOOL_ARGS) as ToolName[];
export type ToolArgs<T extends ToolName> = z.output<(typeof TOOL_ARGS)[T]>;

/** Tools of both CSI programs. */
const CSI_TOOLS = [
  'open_model',
  'new_model',
  'define_material',
  'define_section',
  'define_frames',
  'assign_supports',
  'assign_loads',
  'assign_diaphragm',
  'assign_joint_masses',
  'define_mass_source',
  'define_area_section',
  'define_areas',
  'define_load_combinations',
  'define_modal_case',
  'define_response_spectrum',
  'run_analysis',
  'read_results',
  'read_modal_results',
  'design_steel',
  'design_concrete',
  'list_tables',
  'read_table',
  'delete_objects',
  'call_api',
  'save_model',
] as const satisfies readonly ToolName[];
/** ETABS's building tools: stories, grids, story results (SAP2000 has no stories). */
const ETABS_TOOLS = [
  'define_stories',
  'define_grids',
  'story_drifts',
  'story_forces',
] as const satisfies readonly ToolName[];
const CALC_TOOLS = [
  'open_worksheet',
  'set_inputs',
  'read_outputs',
  'save_worksheet',
] as const satisfies readonly ToolName[];

/** Which tools each program offers. */
export const PROGRAM_TOOLS: Record<Program, readonly ToolName[]> = {
  sap2000: CSI_TOOLS,
  etabs: [...CSI_TOOLS, ...ETABS_TOOLS],
  mathcad: CALC_TOOLS,
};

export const TOOL_DESCRIPTIONS: Record<ToolName, string> = {
  ...frame.DESCRIPTIONS,
  ...building.DESCRIPTIONS,
  ...analysis.DESCRIPTIONS,
  ...results.DESCRIPTIONS,
  ...design.DESCRIPTIONS,
  ...api.DESCRIPTIONS,
  ...mathcad.DESCRIPTIONS,
};

export const TOOL_RESULTS = {
  ...frame.RESULTS,
  ...building.RESULTS,
  ...analysis.RESULTS,
  ...results.RESULTS,
  ...design.RESULTS,
  ...api.RESULTS,
  ...mathcad.RESULTS,
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
  'DECLINED', // the engineer declined the change in the desktop client (or did not answer in time)
] as const;
export const ToolErrorCode = z.enum(TOOL_ERROR_CODES);
export const ToolError = z.object({
  code: ToolErrorCode,
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ToolError = z.infer<typeof ToolError>;

// ---- envelopes and validation -----------------------------------------------------------

export const ToolCall = z.object({
  callId: z.string().min(1).max(128).describe('Idempotency key: a call delivered twice is run once'),
  program: Program,
  tool: z.enum(TOOL_NAMES as [ToolName, ...ToolName[]]),
  args: z.unknown(),
});
export type ValidToolCall = {
  [T in ToolName]: { callId: string; program: Program; tool: T; args: ToolArgs<T> };
}[ToolName];

export type ToolOutcome =
  { callId: string; ok: true; result: unknown } | { callId: string; ok: false; error: ToolError };

type Parsed<T> = { ok: true; value: T } | { ok: false; error: ToolError };

function invalid(issues: z.core.$ZodIssue[], prefix: (string | number)[]): ToolError {
  const first = issues[0]!;
  const field = [...prefix, ...first.path.map((p) => (typeof p === 'symbol' ? String(p) : p))].join('.');
  return {
    code: 'INVALID_ARGUMENTS',
    message: `${field || 'call'}: ${first.message}`,
    details: {
      issues: issues
        .slice(0, 20)
        .map((i) => ({ path: [...prefix, ...i.path.map(String)].join('.'), message: i.message })),
    },
  };
}

/** Validates a call as it arrives: the envelope, that the program offers the tool, and the tool's arguments (defaults applied). */
export function parseToolCall(raw: unknown): Parsed<ValidToolCall> {
  const envelope = ToolCall.safeParse(raw);
  if (!envelope.success) return { ok: false, error: invalid(envelope.error.issues, []) };
  const { callId, program, tool } = envelope.data;
  if (!PROGRAM_TOOLS[program].includes(tool)) {
    return {
      ok: false,
      error: {
        code: 'INVALID_ARGUMENTS',
        message: `tool: ${program} does not offer ${tool}`,
        details: { tools: [...PROGRAM_TOOLS[program]] },
      },
    };
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
