// The bounds on what a model answer and a tool's result may bring into a run (issue 29, findings 5
// and 17), each declared in core/limits.ts: tool calls run per answer, a call's arguments, a
// result's size. What is over a bound is refused with a note the model reads, and never kept whole
// in the history that is sent to the model again at every step.
import { LIMITS } from '../../core/limits.ts';
import type { ChatToolCall } from './llm.ts';

/**
 * True when `value` as JSON would be longer than `max` characters. Walks the value and stops as
 * soon as the count passes `max`, so a 13 MB result costs a walk of `max` characters, not a
 * stringify of 13 MB. Counts strings by length (escapes aside, a lower bound of their JSON).
 */
export function jsonLongerThan(value: unknown, max: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') count += v.length + 2;
    else if (Array.isArray(v)) {
      count += 2 + v.length;
      for (let i = v.length - 1; i >= 0 && count <= max; i--) stack.push(v[i]);
    } else if (v && typeof v === 'object') {
      const keys = Object.keys(v);
      count += 2;
      for (let i = 0; i < keys.length && count <= max; i++) {
        count += keys[i]!.length + 4;
        stack.push((v as Record<string, unknown>)[keys[i]!]);
      }
    } else count += String(v).length;
    if (count > max) return true;
  }
  return false;
}

export const tooLargeResult = (what: string) => ({
  code: 'TOO_LARGE' as const,
  message: `${what} was over ${LIMITS.agentMaxToolResultBytes} bytes as JSON (AGENT_MAX_TOOL_RESULT_BYTES) and was not kept: ask for less (a filter, a page, fewer rows)`,
});

/**
 * The calls of one model answer that are run, and what the model is told about the rest: at most
 * AGENT_MAX_TOOL_CALLS_PER_ANSWER calls; a call whose arguments pass AGENT_MAX_TOOL_ARGUMENT_BYTES
 * keeps its place (the model reads its INVALID_ARGUMENTS answer) but not its arguments.
 */
export function boundToolCalls(calls: ChatToolCall[], notRun: number): { calls: ChatToolCall[]; note: string | null } {
  const kept = calls.slice(0, LIMITS.agentMaxToolCallsPerAnswer);
  const dropped = calls.length - kept.length + notRun;
  const note =
    dropped > 0
      ? `[platform] ${dropped} more tool call${dropped === 1 ? '' : 's'} of this answer ${dropped === 1 ? 'was' : 'were'} not run: at most ${LIMITS.agentMaxToolCallsPerAnswer} tool calls are run per answer (AGENT_MAX_TOOL_CALLS_PER_ANSWER). Ask again for what you still need.`
      : null;
  return { calls: kept, note };
}

/** A call as the history keeps it: arguments over the limit are replaced by a note of their size. */
export const callForHistory = (c: ChatToolCall): ChatToolCall =>
  c.function.arguments.length > LIMITS.agentMaxToolArgumentBytes
    ? {
        ...c,
        function: {
          name: c.function.name,
          arguments: JSON.stringify({
            omitted: `arguments of ${c.function.arguments.length} bytes, over the limit of ${LIMITS.agentMaxToolArgumentBytes}`,
          }),
        },
      }
    : c;

/** A tool's outcome as the model reads it: its JSON, or TOO_LARGE when that passes AGENT_MAX_TOOL_RESULT_BYTES. */
export function toolResultBody(name: string, body: unknown): unknown {
  return jsonLongerThan(body, LIMITS.agentMaxToolResultBytes)
    ? { error: tooLargeResult(`the result of ${name}`) }
    : body;
}

/** The arguments a call sent, when they are over the limit: answered before they are parsed. */
export function argumentsTooLarge(raw: string): { code: string; message: string } | null {
  if (raw.length <= LIMITS.agentMaxToolArgumentBytes) return null;
  return {
    code: 'INVALID_ARGUMENTS',
    message: `arguments: ${raw.length} bytes, over the limit of ${LIMITS.agentMaxToolArgumentBytes} (AGENT_MAX_TOOL_ARGUMENT_BYTES)`,
  };
}
