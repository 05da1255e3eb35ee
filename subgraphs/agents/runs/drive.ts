// A run's life: started (or resumed) and driven step by step, the model called and the tool
// calls it asks for run as a batch, until the model answers without tools, the run pauses at its
// step limit, the user stops it, or it ends interrupted (the rules are listed in ../runs.ts).
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Principal } from '../../../core/auth/keys.ts';
import { AppError } from '../../../core/errors.ts';
import type { AgentConfig } from '../catalogue.ts';
import { callModel, ModelError, type ChatMessage, type ChatToolCall } from '../llm.ts';
import type { Conversation, NewMessage, Run } from '../store.ts';
import { boundToolCalls, callForHistory, toolResultBody } from '../tool-limits.ts';
import { tokenCost } from '../usage.ts';
import { systemPrompt } from './input.ts';
import { activeRun, append, emit, setStatus, type ActiveRun, type EngineState, type RunEvent } from './state.ts';
import { runTool } from './tool-call.ts';

/** Ends a run early with a reason the user sees. */
class Interrupt extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

/** Ends a run at a safe point because the user stopped it. */
class Stopped extends Error {}

type ModelAnswer = Awaited<ReturnType<typeof callModel>>;
type AddTokens = { prompt: number; completion: number; costUsd: number };

const NOT_RUN = 'not run: the user stopped the run';

/** Characters of a model request's messages (what its prompt tokens are bounded by). */
function requestChars(messages: ChatMessage[]): number {
  let n = 0;
  for (const m of messages) {
    n += 16 + (m.content?.length ?? 0);
    if ('tool_calls' in m)
      for (const c of m.tool_calls ?? []) n += 32 + c.function.name.length + c.function.arguments.length;
  }
  return n;
}

export async function startRun(
  s: EngineState,
  principal: Principal,
  conversation: Conversation,
  agent: AgentConfig,
  messages: string[],
  stepLimit: number,
): Promise<Run> {
  const run = await s.store.createRun(principal.accountId, conversation.id, stepLimit, s.platform.config.replica);
  for (const text of messages)
    await s.store.appendMessage(conversation.id, { role: 'user', content: text, runId: run.id });
  const a = activeRun({ run, principal, conversation, agent, pauseStep: stepLimit });
  launch(s, a);
  emit(s, a, { type: 'status' });
  return run;
}

/** A paused run given another stepLimit steps. */
export function resumeActive(s: EngineState, a: ActiveRun) {
  a.pauseStep = a.run.steps + a.run.stepLimit;
  a.run = { ...a.run, status: 'thinking' };
  launch(s, a);
}

function launch(s: EngineState, a: ActiveRun) {
  s.active.set(a.conversation.id, a);
  const p = drive(s, a).finally(() => s.running.delete(p));
  s.running.add(p);
}

export async function finish(
  s: EngineState,
  a: ActiveRun,
  status: 'done' | 'interrupted' | 'stopped',
  reasonCode: string | null = null,
  reason: string | null = null,
) {
  await setStatus(s, a, status, { reasonCode, reason, endedAt: new Date() });
  s.active.delete(a.conversation.id);
  const queued = a.queue.splice(0);
  if (!queued.length) return;
  if (status === 'done') {
    await startRun(s, a.principal, a.conversation, a.agent, queued, a.run.stepLimit);
    return;
  }
  // Stopped: what the user queued meanwhile stays in the history, unanswered. Interrupted: kept in
  // the history, so that retryRun answers them too.
  for (const text of queued)
    await s.store.appendMessage(a.conversation.id, { role: 'user', content: text, runId: null });
}

async function drive(s: EngineState, a: ActiveRun): Promise<void> {
  try {
    for (;;) {
      if (a.stopRequested) throw new Stopped();
      if (a.run.steps >= a.pauseStep) {
        await setStatus(s, a, 'paused');
        return;
      }
      const steered = a.steer.splice(0);
      if (steered.length)
        await append(
          s,
          a,
          steered.map((text) => ({ role: 'user', content: text, runId: a.run.id })),
        );
      const { answer, costUsd } = await askModel(s, a);
      if (a.stopRequested) throw new Stopped();
      const addTokens = { prompt: answer.promptTokens, completion: answer.completionTokens, costUsd };
      // At most AGENT_MAX_TOOL_CALLS_PER_ANSWER calls run; the model reads why the rest did not.
      const bounded = boundToolCalls(answer.toolCalls, answer.notRun);
      if (bounded.calls.length) {
        await runStep(s, a, answer, bounded, addTokens);
        continue;
      }
      a.run = { ...(await s.store.updateRun(a.run.id, { addTokens })), status: a.run.status };
      await append(s, a, [{ role: 'assistant', content: answer.content, runId: a.run.id }]);
      emit(s, a, { type: 'message', text: answer.content });
      // A message that steered the run during this model call still needs its answer.
      if (a.steer.length) continue;
      await finish(s, a, 'done');
      return;
    }
  } catch (err) {
    await endOnError(s, a, err);
  }
}

/** One model call over the history, its credits reserved before and settled once it answers (usage.ts). */
async function askModel(s: EngineState, a: ActiveRun): Promise<{ answer: ModelAnswer; costUsd: number }> {
  const conversationId = a.conversation.id;
  a.history ??= await s.store.history(conversationId);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(a.agent, s.instructionsOf.get(conversationId) ?? null) },
    ...a.history.messages,
  ];
  const reservation = await s.usage.reserve(
    a.principal,
    s.usage.reservationFor(requestChars(messages) + s.toolsChars.get(a.agent)!),
  );
  await setStatus(s, a, 'thinking');
  a.modelCall = new AbortController();
  let answer: ModelAnswer;
  try {
    answer = await callModel(
      endpoint(s, a.agent),
      messages,
      s.toolsOf.get(a.agent)!,
      (kind, text) => emit(s, a, { type: kind, text }),
      AbortSignal.any([a.abort.signal, a.modelCall.signal]),
    );
  } catch (err) {
    await s.usage.settle(reservation, err instanceof ModelError && err.chargeReservation ? reservation.amountUsd : 0);
    if (a.stopRequested) throw new Stopped();
    throw err;
  } finally {
    a.modelCall = null;
  }
  const costUsd = await s.usage.settle(reservation, tokenCost(s.config, answer.promptTokens, answer.completionTokens));
  return { answer, costUsd };
}

const endpoint = (s: EngineState, agent: AgentConfig) => ({
  url: s.config.agentLlmUrl!,
  model: agent.model ?? s.config.agentLlmModel,
  apiKey: s.config.agentLlmApiKey,
  allowPrivate: s.config.agentLlmAllowPrivate,
  timeoutMs: s.config.agentLlmTimeoutMs,
});

/** A step: the answer's tool calls run in order, then the call and its results written together. */
async function runStep(
  s: EngineState,
  a: ActiveRun,
  answer: ModelAnswer,
  bounded: ReturnType<typeof boundToolCalls>,
  addTokens: AddTokens,
) {
  // One write per step: its tokens, the step and its tool calls counted, the run's working status.
  a.run = await s.store.updateRun(a.run.id, {
    addTokens,
    steps: a.run.steps + 1,
    addToolCalls: bounded.calls.length,
    status: 'calling_tool',
  });
  const content = [answer.content, bounded.note].filter(Boolean).join('\n\n') || null;
  const written: NewMessage[] = [
    { role: 'assistant', content, toolCalls: bounded.calls.map(callForHistory), runId: a.run.id },
  ];
  for (const [i, tc] of bounded.calls.entries()) {
    if (a.stopRequested) {
      // Never sent: the program sees no call after Stop.
      written.push(cancelledResult(a, tc));
      continue;
    }
    // Platform tools run on this thread: the event loop serves other requests between calls.
    if (i > 0) await yieldToLoop();
    written.push(await runStepCall(s, a, tc));
  }
  await append(s, a, written);
}

const cancelledResult = (a: ActiveRun, tc: ChatToolCall): NewMessage => ({
  role: 'tool',
  content: JSON.stringify({ error: { code: 'CANCELLED', message: NOT_RUN } }),
  toolCallId: tc.id,
  runId: a.run.id,
});

/** One call of a step, shown as it starts and ends; returns its result as the history keeps it. */
async function runStepCall(s: EngineState, a: ActiveRun, tc: ChatToolCall): Promise<NewMessage> {
  let args: unknown = callForHistory(tc).function.arguments;
  try {
    args = JSON.parse(args as string);
  } catch {
    // Shown as the model wrote it.
  }
  const shown: NonNullable<RunEvent['toolCall']> = {
    callId: tc.id,
    name: tc.function.name,
    arguments: args,
    result: null,
    errorCode: null,
    errorMessage: null,
  };
  a.run = { ...a.run, status: 'calling_tool' };
  emit(s, a, { type: 'tool_call', toolCall: shown });
  const outcome = await runTool(s, a, tc);
  if (a.stopRequested && !outcome.ok && outcome.error.code === 'DESKTOP_UNAVAILABLE') {
    // Stopped while it waited for a desktop: it never reached the program.
    emit(s, a, { type: 'tool_result', toolCall: { ...shown, errorCode: 'CANCELLED', errorMessage: NOT_RUN } });
    return cancelledResult(a, tc);
  }
  if (!outcome.ok && outcome.error.code === 'DESKTOP_UNAVAILABLE')
    throw new Interrupt('DESKTOP_UNAVAILABLE', outcome.error.message);
  // A result over AGENT_MAX_TOOL_RESULT_BYTES is kept (and shown, and sent to the model) as TOO_LARGE.
  const raw = outcome.ok ? outcome.result : { error: outcome.error };
  const body = toolResultBody(tc.function.name, raw);
  const error =
    body !== raw ? (body as { error: { code: string; message: string } }).error : outcome.ok ? null : outcome.error;
  emit(s, a, {
    type: 'tool_result',
    toolCall: error
      ? { ...shown, errorCode: error.code, errorMessage: error.message }
      : { ...shown, result: outcome.ok ? outcome.result : null },
  });
  return { role: 'tool', content: JSON.stringify(body), toolCallId: tc.id, runId: a.run.id };
}

/** A run that threw ends stopped (the user's Stop) or interrupted with the reason the user reads. */
async function endOnError(s: EngineState, a: ActiveRun, err: unknown) {
  const { log } = s;
  if (err instanceof Stopped) {
    await finish(s, a, 'stopped', 'STOPPED_BY_USER', 'stopped by the user').catch((e) =>
      log.error({ err: e }, 'could not record a stopped run'),
    );
    return;
  }
  let code = 'RUN_INTERRUPTED';
  let reason = 'the run failed';
  if (err instanceof Interrupt) [code, reason] = [err.code, err.message];
  else if (err instanceof ModelError) {
    log.warn({ reason: err.reason, runId: a.run.id }, 'model call failed');
    [code, reason] = ['MODEL_ERROR', err.message];
  } else if (err instanceof AppError && err.code === 'OUT_OF_CREDITS') [code, reason] = ['OUT_OF_CREDITS', err.message];
  else log.error({ err, runId: a.run.id }, 'run failed');
  await finish(s, a, 'interrupted', code, reason).catch((e) =>
    log.error({ err: e }, 'could not record an interrupted run'),
  );
}
