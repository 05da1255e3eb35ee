// What a user's message brings to a run: its content and step limit, checked once, and the
// standards (design code, house formatting) the agent is told in every model call.
import { AppError, fieldError } from '../../../core/errors.ts';
import type { AgentConfig } from '../catalogue.ts';

export type EnterWhileWorking = 'steer' | 'queue';

export interface RunInstructions {
  /** One of DESIGN_STANDARDS' keys: the codes the agent designs and checks to. */
  designStandard?: string | null;
  /** The user's formatting standards (their folder's text files, as the desktop read them). */
  formattingStandards?: string | null;
}

export interface SendMessageInput {
  conversationId?: string | null;
  agentId?: string | null;
  content: string;
  stepLimit?: number | null;
  whileWorking?: EnterWhileWorking | null;
  instructions?: RunInstructions | null;
}

/** The desktop's design-standard options (spec: US, Eurocode, Australia/NZ, Canada, Philippines, Singapore) as the agent is told them. */
export const DESIGN_STANDARDS: Record<string, string> = {
  us: 'US practice: ASCE 7 loads and combinations, AISC 360 for steel, ACI 318 for concrete, NDS for timber',
  eurocode:
    'the Eurocodes: EN 1990 basis of design and combinations, EN 1991 actions, EN 1992 concrete, EN 1993 steel, EN 1995 timber, with the national annex the user names',
  'aus-nz':
    'the Australian/New Zealand standards: AS/NZS 1170 actions and combinations, AS 4100 steel, AS 3600 concrete, NZS 3404 and NZS 3101 in New Zealand',
  canada:
    'Canadian practice: the National Building Code of Canada loads and combinations, CSA S16 steel, CSA A23.3 concrete, CSA O86 timber',
  philippines: 'the National Structural Code of the Philippines (NSCP 2015) loads, combinations and member design',
  singapore: 'the Eurocodes as adopted in Singapore, with the Singapore National Annexes (SS EN 1990 to SS EN 1998)',
};
/** Characters of formatting standards a message may carry: a house style guide is a few pages; the model's context is the bound. */
export const MAX_FORMATTING_STANDARDS_CHARS = 20_000;
/** Characters of a conversation title: a line in the history list. */
export const MAX_TITLE_CHARS = 200;
/** The desktop settings' range and default for the step limit (desktop/src/settings/schema.ts). */
export const STEP_LIMIT = { min: 1, max: 500, default: 25 } as const;
export const MAX_MESSAGE_CHARS = 100_000;

/** The system message: the agent's instructions, then the user's standards. */
export function systemPrompt(agent: AgentConfig, instructions: RunInstructions | null): string {
  const parts = [agent.systemPrompt];
  const standard = instructions?.designStandard ? DESIGN_STANDARDS[instructions.designStandard] : null;
  if (standard)
    parts.push(
      `Design standard: the user works to ${standard}. Use its load combinations, partial factors, notation and clause references, and say which clause a check comes from.`,
    );
  const formatting = instructions?.formattingStandards?.trim();
  if (formatting)
    parts.push(
      `The user's formatting standards for calculations and reports follow. Lay out answers, tables and calculation records to them.\n<formatting-standards>\n${formatting}\n</formatting-standards>`,
    );
  return parts.join('\n\n');
}

/** A message's content and step limit checked; returns the step limit (its default when absent). */
export function checkMessage(input: SendMessageInput): number {
  if (!input.content.trim()) throw new AppError('UNPROCESSABLE', 'content: must not be empty', { field: 'content' });
  if (input.content.length > MAX_MESSAGE_CHARS)
    throw fieldError('UNPROCESSABLE', 'content', `at most ${MAX_MESSAGE_CHARS} characters`, { field: 'content' });
  const stepLimit = input.stepLimit ?? STEP_LIMIT.default;
  if (!Number.isInteger(stepLimit) || stepLimit < STEP_LIMIT.min || stepLimit > STEP_LIMIT.max) {
    throw fieldError('UNPROCESSABLE', 'stepLimit', `must be an integer from ${STEP_LIMIT.min} to ${STEP_LIMIT.max}`, {
      field: 'stepLimit',
    });
  }
  return stepLimit;
}

/** A new conversation's title: its first message's first line, cut at a word near MAX_TITLE_CHARS / 2. */
export function titleFrom(content: string): string {
  const line = content.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, ' ');
  const max = MAX_TITLE_CHARS / 2;
  if (line.length <= max) return line;
  const cut = line.lastIndexOf(' ', max);
  return `${line.slice(0, cut > max / 2 ? cut : max)}…`;
}

export function parseInstructions(raw: RunInstructions | null | undefined): RunInstructions | null {
  if (!raw) return null;
  const designStandard = raw.designStandard ?? null;
  if (designStandard !== null && !Object.hasOwn(DESIGN_STANDARDS, designStandard)) {
    throw fieldError(
      'UNPROCESSABLE',
      'instructions.designStandard',
      `one of ${Object.keys(DESIGN_STANDARDS).join(', ')}`,
      { field: 'instructions.designStandard' },
    );
  }
  const formattingStandards = raw.formattingStandards ?? null;
  if (formattingStandards !== null && formattingStandards.length > MAX_FORMATTING_STANDARDS_CHARS) {
    throw fieldError(
      'UNPROCESSABLE',
      'instructions.formattingStandards',
      `at most ${MAX_FORMATTING_STANDARDS_CHARS} characters`,
      { field: 'instructions.formattingStandards' },
    );
  }
  return { designStandard, formattingStandards };
}
