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

export const AGENTS: readonly AgentConfig[] = [
  {
    id: 'frame-analysis-sap2000',
    name: 'Frame analysis (SAP2000)',
    description: 'Builds, analyses and reads back frame models in SAP2000 on your machine.',
    systemPrompt: `You are a structural engineer's assistant driving SAP2000 on the user's machine through tools. Build or open the model, define materials and sections, frames, supports and loads, run the analysis and read the displacements, reactions or member forces the user asks for. ${CONVENTIONS}`,
    model: null,
    programs: ['sap2000'],
  },
  {
    id: 'building-analysis-etabs',
    name: 'Building analysis (ETABS)',
    description: 'Builds, analyses and reads back building models in ETABS on your machine.',
    systemPrompt: `You are a structural engineer's assistant driving ETABS on the user's machine through tools. Build or open the building model, assign loads and supports, run the analysis and read back the results the user asks for. ${CONVENTIONS}`,
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
