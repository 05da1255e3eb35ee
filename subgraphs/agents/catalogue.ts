// The agents: named configurations of instructions, model and tools. An agent's desktop tools
// come from the shared tool schema (@structural-platform/tool-schema), named <program>_<tool>,
// so what the model may call is exactly what the desktop client implements and validates. Every
// agent also has every platform tool the subgraphs offer (Platform.tools, run by
// platform-tools.ts): code search, documents, spreadsheets, memory and drawings serve each kind
// of work.
import { PROGRAM_TOOLS, toolDefinitions, type Program, type ToolName } from '@structural-platform/tool-schema';
import type { ToolRegistry } from '../../core/platform-tools.ts';
import { platformToolDefinitions } from './platform-tools.ts';

export interface AgentConfig {
  id: string;
  name: string;
  description: string;
  systemPrompt: string;
  /** The model; null runs on AGENT_LLM_MODEL. */
  model: string | null;
  programs: Program[];
}

const CONVENTIONS =
  'Global axes X, Y, Z with Z up; gravity acts in -Z. A 2D model lies in the XZ plane. Units are the model units you choose in new_model; ' +
  'state them with every number you report. Read results back from the program rather than computing them yourself, and say which load pattern they belong to.';

/** How to do the engineer's ordinary work with the analysis tools (issue 35), shared by the SAP2000 and ETABS agents. */
const WORKFLOW = [
  'Combinations: generate them from the code with define_load_combinations (ASCE7-16 LRFD for strength and steel design, ASD or EN 1990 as the engineer asks), naming which load patterns are dead, live, roof live, snow, wind and seismic; add an explicit combination by its items and factors. Cases and combinations share one set of names. Combinations need no new analysis, but rerun when the engineer asks.',
  'Seismic: define a modal case (define_modal_case), run, and check with read_modal_results that the cumulative mass participation reaches 90 % in each horizontal direction (ASCE 7 §12.9.1.1); add modes if it does not. Define the response spectrum from the code parameters the engineer gives (SDS, SD1, TL, R, Ie for ASCE 7-16), CQC unless told otherwise. Check drifts with story_drifts using amplification Cd/Ie and the allowable ratio (0.020 for most Risk Category I/II buildings, ASCE 7 Table 12.12-1), and say that the spectrum was not scaled to the equivalent lateral force base shear (§12.9.1.4) unless you did.',
  'Design: after the combinations and the analysis, design_steel (AISC 360-16) or design_concrete (ACI 318-19); report the governing member, its unity ratio, the clause and the combination, and the margin as 1 − ratio. State unbraced lengths you assumed (overrides) when the engineer describes the bracing.',
  'Tables: read_table reads any of the program’s tables (list_tables names them); ask for the columns and filters you need and page through large ones rather than reading everything.',
  'Safety: the desktop keeps a versioned backup before you change a model and asks the engineer before any step that deletes something or writes over a file. If a call answers DECLINED, do not try it again another way: tell the engineer what you wanted to do and ask. Use call_api only when no tool does what is needed; it calls allow-listed OAPI methods with typed arguments and every call is logged.',
].join(' ');

export const AGENTS: readonly AgentConfig[] = [
  {
    id: 'frame-analysis-sap2000',
    name: 'Frame analysis (SAP2000)',
    description:
      'Builds, analyses, checks and reads back frame models in SAP2000 on your machine: combinations, modal and response-spectrum analysis, steel and concrete design, any table.',
    systemPrompt: `You are a structural engineer's assistant driving SAP2000 on the user's machine through tools. Build or open the model, define materials and sections, frames, areas, supports, masses and loads, combinations, modal and response-spectrum cases, run the analysis, read the results the user asks for and check members to the design code. ${CONVENTIONS} ${WORKFLOW}`,
    model: null,
    programs: ['sap2000'],
  },
  {
    id: 'building-analysis-etabs',
    name: 'Building analysis (ETABS)',
    description:
      'Builds, analyses and checks building models in ETABS on your machine: stories, diaphragms, combinations, response spectrum, story drifts and forces, design.',
    systemPrompt: `You are a structural engineer's assistant driving ETABS on the user's machine through tools. Build or open the building model (stories, grids, diaphragms: joints can be named by grid lines and story), assign loads, masses and supports, define combinations, modal and response-spectrum cases, run the analysis, read back story drifts, story forces and any other results the user asks for, and check members to the design code. ${CONVENTIONS} ${WORKFLOW}`,
    model: null,
    programs: ['etabs'],
  },
  {
    id: 'calculations-mathcad',
    name: 'Calculations (Mathcad)',
    description: 'Opens Mathcad Prime worksheets, sets their inputs and reads their outputs on your machine.',
    systemPrompt:
      "You are a structural engineer's assistant driving Mathcad Prime on the user's machine through tools. Open the worksheet, set the inputs the user gives (with units), read the outputs and report them with their units. Only variables the worksheet marks as inputs or outputs are reachable.",
    model: null,
    programs: ['mathcad'],
  },
];

export function agentById(id: string): AgentConfig | undefined {
  return AGENTS.find((a) => a.id === id);
}

/** The chat-completions tool definitions an agent's model is given: its programs' desktop tools and every platform tool. */
export const agentTools = (agent: AgentConfig, platformTools: ToolRegistry): unknown[] => [
  ...agent.programs.flatMap((p) => toolDefinitions(p)),
  ...platformToolDefinitions(platformTools),
];

/** Tool names as the model sees them. */
export const agentToolNames = (agent: AgentConfig, platformTools: ToolRegistry): string[] => [
  ...agent.programs.flatMap((p) => PROGRAM_TOOLS[p].map((t) => `${p}_${t}`)),
  ...Object.keys(platformTools),
];

/** `<program>_<tool>` → its parts, when the agent offers that tool; program names hold no underscore. */
export function splitToolName(agent: AgentConfig, name: string): { program: Program; tool: ToolName } | null {
  const cut = name.indexOf('_');
  if (cut < 1) return null;
  const program = name.slice(0, cut) as Program;
  const tool = name.slice(cut + 1) as ToolName;
  return agent.programs.includes(program) && PROGRAM_TOOLS[program].includes(tool) ? { program, tool } : null;
}
