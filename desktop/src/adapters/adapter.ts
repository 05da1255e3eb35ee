// What every program adapter implements (the stand-in solver; the CSI OAPI and Mathcad Prime
// COM adapters on Windows, com/), and the one place a raw call from the bridge is
// validated, run and its outcome validated against the shared schema.
import {
  parseToolCall,
  parseToolOutcome,
  type Program,
  type ToolError,
  type ToolName,
  type ToolOutcome,
  type ValidToolCall,
} from '@structural-platform/tool-schema';

export interface Adapter {
  readonly program: Program;
  /** Shown in logs and in the program's settings tab, e.g. "stand-in frame solver". */
  readonly label: string;
  /** Runs one validated call; throws ToolFailure for an answer the caller should see as a tool error. */
  run(call: ValidToolCall): Promise<unknown>;
  /**
   * Whether a program session started by this client is open (work that quitting or updating
   * would close: the confirmation asks first). Only sessions the client started count.
   */
  hasOwnSession(): boolean;
  /** Closes the session this client started (never an instance the user started), and its helpers. */
  close(): Promise<void>;
  /**
   * What the model holds, for the change preview of a step (../safety/): null when no model is
   * open. Reads only; a program that cannot say returns null and the preview says so.
   */
  inspect?(): Promise<ModelInspection | null>;
}

/** The open model as far as a change preview needs it. */
export interface ModelInspection {
  /** The model's file, when it has one. */
  path: string | null;
  names: {
    joints: string[];
    frames: string[];
    areas: string[];
    patterns: string[];
    combinations: string[];
    materials: string[];
    sections: string[];
    area_sections: string[];
    cases: string[];
    stories: string[];
  };
  /** Loads in a pattern (null: the program does not count them). */
  loadCount(pattern: string): number | null;
}

export class ToolFailure extends Error {
  readonly code: ToolError['code'];
  readonly details?: Record<string, unknown>;
  constructor(code: ToolError['code'], message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/**
 * Validates a raw call, runs it on the adapter for its program, and validates what comes back.
 * Never throws: every failure is a tool error the platform can show the model. An adapter
 * result that does not match the schema is reported as PROGRAM_ERROR (an adapter bug), not sent.
 */
export async function dispatch(adapters: ReadonlyMap<Program, Adapter>, raw: unknown): Promise<ToolOutcome> {
  const callId = typeof (raw as { callId?: unknown })?.callId === 'string' ? (raw as { callId: string }).callId : '';
  const parsed = parseToolCall(raw);
  if (!parsed.ok) return { callId, ok: false, error: parsed.error };
  const call = parsed.value;
  const adapter = adapters.get(call.program);
  if (!adapter)
    return {
      callId,
      ok: false,
      error: { code: 'PROGRAM_NOT_AVAILABLE', message: `${call.program} is not available on this machine` },
    };
  let result: unknown;
  try {
    result = await adapter.run(call);
  } catch (err) {
    if (err instanceof ToolFailure)
      return {
        callId,
        ok: false,
        error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
      };
    return {
      callId,
      ok: false,
      error: { code: 'PROGRAM_ERROR', message: `${adapter.label} failed: ${(err as Error).message}` },
    };
  }
  const checked = parseToolOutcome(call.tool as ToolName, { callId, ok: true, result });
  if (!checked.ok)
    return {
      callId,
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: `${adapter.label} returned a result that does not match the tool schema: ${checked.error.message}`,
      },
    };
  return checked.value;
}
