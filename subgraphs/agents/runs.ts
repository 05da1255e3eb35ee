// Agent runs: the loop that calls the model, executes the tool calls it asks for and calls it
// again until it answers. Rules (each applied below where named):
// - One run works a conversation at a time. A message sent meanwhile steers it (appended to the
//   history before the next model call; a paused run resumes) or waits in its queue and is
//   answered by a new run once it is done (the user's "Enter while working" setting).
// - A step is one model answer that asks for tools (its calls run as a batch). When a run has
//   taken stepLimit steps since it started or was last resumed, it pauses before the next model
//   call; resumeRun gives it another stepLimit steps.
// - Credits are checked before every model call: a run past the account's limit stops
//   interrupted with OUT_OF_CREDITS.
// - Working statuses live in memory: the database records a run's status when it settles
//   (paused, done, interrupted) and with each step's one write, since a working run is read from
//   memory (latestRun, runEvents) and a restart interrupts it whatever it was doing. A step
//   writes its messages (the call and its results) together once its calls are done, and the
//   run keeps the history it sends the model rather than reading it again each step.
// - A tool call the model gets wrong (unknown tool, arguments the shared schema refuses) is
//   answered to the model as that tool's INVALID_ARGUMENTS error, not sent to the desktop.
//   The platform's own tools (Platform.tools, run by platform-tools.ts) run here, as the run's account; their priced
//   work is added to the run's cost, and credits are checked before each. A
//   DESKTOP_TIMEOUT is the step's tool result (the model decides what to do); no desktop
//   within AGENT_DESKTOP_WAIT_MS interrupts the run with DESKTOP_UNAVAILABLE.
// - A run that stops early ends interrupted with reasonCode and reason (MODEL_ERROR,
//   DESKTOP_UNAVAILABLE, OUT_OF_CREDITS, RUN_INTERRUPTED); retryRun takes back what it wrote and
//   runs the turn again from the same user messages.
// - cancelRun stops a run at its next safe point and ends it `stopped`: a model call is abandoned
//   (it changes nothing); a tool call already on the desktop is left to complete and its result
//   is kept, and the step's calls not yet sent are never sent (each answered CANCELLED in the
//   history, which chat-completions needs complete). So the program sees at most the one call it
//   had when the user pressed Stop. A paused run stops at once.
// - The user's design standard and formatting standards (SendMessageInput.instructions) follow
//   the agent's own instructions in the system message of every model call of the conversation.
import { parseToolCall } from '@structural-platform/tool-schema';
import type { Logger } from 'pino';
import type { Principal } from '../../core/auth/keys.ts';
import type { Platform } from '../../core/platform.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import type { Bridge, BridgeOutcome } from './bridge.ts';
import { AGENTS, agentById, agentTools, splitToolName, type AgentConfig } from './catalogue.ts';
import { liveStream } from '../../core/live-stream.ts';
import { callModel, ModelError, type ChatMessage, type ChatToolCall } from './llm.ts';
import { PRICES_USD } from '../../core/platform-tools.ts';
import { runPlatformTool } from './platform-tools.ts';
import {
  ACTIVE_STATUSES,
  chatMessage,
  type AgentStore,
  type Conversation,
  type NewMessage,
  type Run,
  type RunStatus,
} from './store.ts';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { argumentsTooLarge, boundToolCalls, callForHistory, toolResultBody } from './tool-limits.ts';
import { tokenCost, type Usage } from './usage.ts';

export type EnterWhileWorking = 'steer' | 'queue';

export interface RunEvent {
  conversationId: string;
  runId: string | null;
  type: 'status' | 'reasoning' | 'content' | 'tool_call' | 'tool_result' | 'message';
  status: RunStatus | null;
  text: string | null;
  toolCall: {
    callId: string;
    name: string;
    arguments: unknown;
    result: unknown;
    errorCode: string | null;
    errorMessage: string | null;
  } | null;
  step: number;
  stepLimit: number;
  /** The step count at which the run pauses next (steps since the start or the last Resume reach stepLimit). */
  pauseStep: number;
  elapsedMs: number;
  reasonCode: string | null;
  reason: string | null;
  at: Date;
}

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

/** The desktop settings' range and default for the step limit (desktop/src/settings/schema.ts). */
export const STEP_LIMIT = { min: 1, max: 500, default: 25 } as const;
export const MAX_MESSAGE_CHARS = 100_000;

interface ActiveRun {
  run: Run;
  principal: Principal;
  conversation: Conversation;
  agent: AgentConfig;
  steer: string[];
  queue: string[];
  /** The run pauses before its next model call once steps reach this. */
  pauseStep: number;
  abort: AbortController;
  /** Set by cancelRun: the run ends `stopped` at its next safe point. */
  stopRequested: boolean;
  /** The model call in flight, abandoned on cancelRun. */
  modelCall: AbortController | null;
  /** A desktop call still waiting for a desktop (not delivered), abandoned on cancelRun. */
  desktopWait: AbortController | null;
  /** The conversation's history as the model reads it, and its last seq: read once per drive, then kept as the run writes. */
  history: { messages: ChatMessage[]; lastSeq: number } | null;
}

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

/** A tool call's end as the model reads it: a desktop tool's outcome, the bridge's failure, or a platform tool's. */
type StepOutcome =
  | BridgeOutcome
  | { callId: string; ok: false; error: { code: string; message: string; details?: Record<string, unknown> } };

export function createRunEngine(deps: {
  platform: Platform;
  store: AgentStore;
  usage: Usage;
  bridge: Bridge;
  log: Logger;
}) {
  const { platform, store, usage, bridge, log } = deps;
  // Each agent's tool definitions, built once: the JSON Schemas are the same for every model call.
  const toolsOf = new Map(AGENTS.map((agent) => [agent, agentTools(agent, platform.tools)]));
  const toolsChars = new Map(AGENTS.map((agent) => [agent, JSON.stringify(toolsOf.get(agent)).length]));
  const { config } = platform;
  const active = new Map<string, ActiveRun>();
  const listeners = new Map<string, Set<(e: RunEvent) => void>>();
  const locks = new Map<string, Promise<unknown>>();
  const running = new Set<Promise<void>>();
  /** Each conversation's latest instructions (sendMessage): kept in memory, so a run resumed after a restart has the agent's own only. */
  const instructionsOf = new Map<string, RunInstructions>();

  /** Runs fn after every earlier fn of the same conversation: a conversation's state changes one at a time. */
  function serial<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = locks.get(key) ?? Promise.resolve();
    const next = before.then(fn, fn);
    const tail = next.catch(() => undefined);
    locks.set(key, tail);
    void tail.then(() => {
      if (locks.get(key) === tail) locks.delete(key);
    });
    return next;
  }

  function eventOf(
    a: ActiveRun | { run: Run | null; conversationId: string },
    partial: Partial<RunEvent> & Pick<RunEvent, 'type'>,
  ): RunEvent {
    const run = a.run;
    const conversationId = 'conversation' in a ? a.conversation.id : a.conversationId;
    return {
      conversationId,
      runId: run?.id ?? null,
      status: run?.status ?? null,
      text: null,
      toolCall: null,
      step: run?.steps ?? 0,
      stepLimit: run?.stepLimit ?? 0,
      pauseStep: 'pauseStep' in a ? a.pauseStep : run?.status === 'paused' ? run.steps : (run?.stepLimit ?? 0),
      elapsedMs: run ? (run.endedAt ?? new Date()).getTime() - run.startedAt.getTime() : 0,
      reasonCode: run?.reasonCode ?? null,
      reason: run?.reason ?? null,
      at: new Date(),
      ...partial,
    };
  }

  function emit(a: ActiveRun, partial: Partial<RunEvent> & Pick<RunEvent, 'type'>) {
    const event = eventOf(a, partial);
    for (const l of listeners.get(event.conversationId) ?? []) l(event);
  }

  /** Rule "working statuses live in memory": only a settled status (paused, done, interrupted) is written here. */
  async function setStatus(
    a: ActiveRun,
    status: RunStatus,
    extra: Partial<Pick<Run, 'reasonCode' | 'reason' | 'endedAt'>> = {},
  ) {
    a.run = { ...a.run, status, ...extra };
    emit(a, { type: 'status' });
    if (!ACTIVE_STATUSES.includes(status)) a.run = await store.updateRun(a.run.id, { status, ...extra });
  }

  /** Writes messages of the working run in one transaction and keeps its history in step. */
  async function append(a: ActiveRun, messages: NewMessage[]) {
    a.history ??= await store.history(a.conversation.id);
    a.history.lastSeq = await store.appendMessages(a.conversation.id, a.history.lastSeq, messages);
    for (const m of messages)
      a.history.messages.push(
        chatMessage({
          role: m.role,
          content: m.content,
          toolCalls: m.toolCalls ?? null,
          toolCallId: m.toolCallId ?? null,
        }),
      );
  }

  const endpoint = (agent: AgentConfig) => ({
    url: config.agentLlmUrl!,
    model: agent.model ?? config.agentLlmModel,
    apiKey: config.agentLlmApiKey,
    allowPrivate: config.agentLlmAllowPrivate,
    timeoutMs: config.agentLlmTimeoutMs,
  });

  async function runTool(a: ActiveRun, tc: ChatToolCall): Promise<StepOutcome> {
    const name = tc.function.name;
    const platformTool = Object.hasOwn(platform.tools, name) ? name : null;
    const split = platformTool ? null : splitToolName(a.agent, name);
    if (!platformTool && !split)
      return {
        callId: tc.id,
        ok: false,
        error: { code: 'INVALID_ARGUMENTS', message: `tool: this agent has no tool ${name}` },
      };
    const tooLarge = argumentsTooLarge(tc.function.arguments || '');
    if (tooLarge) return { callId: tc.id, ok: false, error: tooLarge };
    let args: unknown;
    try {
      args = JSON.parse(tc.function.arguments || '{}');
    } catch {
      return { callId: tc.id, ok: false, error: { code: 'INVALID_ARGUMENTS', message: 'arguments: not valid JSON' } };
    }
    if (platformTool) {
      // Platform work may be priced: the account must still have credits (else the run stops OUT_OF_CREDITS).
      await usage.assertCredits(a.principal);
      const out = await runPlatformTool(
        { platform, principal: a.principal, signal: a.abort.signal },
        platformTool,
        args,
        log,
      );
      if (!out.ok) return { callId: tc.id, ok: false, error: out.error };
      if (out.charges.length) {
        const items = out.charges.map((c) => ({ ...c, costUsd: c.units * PRICES_USD[c.kind] }));
        a.run = { ...(await store.recordPlatformWork(a.run, items)), status: a.run.status };
        await usage.charge(
          a.principal,
          items.reduce((sum, i) => sum + i.costUsd, 0),
        );
      }
      return { callId: tc.id, ok: true, result: out.result };
    }
    const parsed = parseToolCall({
      callId: tc.id.slice(0, 128) || 'call',
      program: split!.program,
      tool: split!.tool,
      args,
    });
    if (!parsed.ok) return { callId: tc.id, ok: false, error: parsed.error };
    const machines = bridge.machines(a.principal.accountId);
    if (machines.length && !bridge.hasLane(a.principal.accountId, split!.program)) {
      return {
        callId: tc.id,
        ok: false,
        error: {
          code: 'PROGRAM_NOT_AVAILABLE',
          message: `${split!.program} is not installed on any of this account's desktops`,
        },
      };
    }
    a.desktopWait = new AbortController();
    try {
      return await bridge.call(a.principal.accountId, split!.program, split!.tool, parsed.value.args, {
        // Working statuses are not written (setStatus), so these settle at once.
        onWaiting: () => void setStatus(a, 'waiting_for_desktop'),
        onDelivered: () => void setStatus(a, 'calling_tool'),
        signal: AbortSignal.any([a.abort.signal, a.desktopWait.signal]),
        conversationId: a.conversation.id,
      });
    } finally {
      a.desktopWait = null;
    }
  }

  async function finish(
    a: ActiveRun,
    status: 'done' | 'interrupted' | 'stopped',
    reasonCode: string | null = null,
    reason: string | null = null,
  ) {
    await setStatus(a, status, { reasonCode, reason, endedAt: new Date() });
    active.delete(a.conversation.id);
    const queued = a.queue.splice(0);
    if (!queued.length) return;
    if (status === 'stopped') {
      // The user stopped the run: what they queued meanwhile stays in the history, unanswered.
      for (const text of queued)
        await store.appendMessage(a.conversation.id, { role: 'user', content: text, runId: null });
    } else if (status === 'done') {
      await startRun(a.principal, a.conversation, a.agent, queued, a.run.stepLimit);
    } else {
      // Kept in the history, so that retryRun answers them too.
      for (const text of queued)
        await store.appendMessage(a.conversation.id, { role: 'user', content: text, runId: null });
    }
  }

  async function drive(a: ActiveRun): Promise<void> {
    const conversationId = a.conversation.id;
    try {
      for (;;) {
        if (a.stopRequested) throw new Stopped();
        if (a.run.steps >= a.pauseStep) {
          await setStatus(a, 'paused');
          return;
        }
        const steered = a.steer.splice(0);
        if (steered.length)
          await append(
            a,
            steered.map((text) => ({ role: 'user', content: text, runId: a.run.id })),
          );
        a.history ??= await store.history(conversationId);
        const messages: ChatMessage[] = [
          { role: 'system', content: systemPrompt(a.agent, instructionsOf.get(conversationId) ?? null) },
          ...a.history.messages,
        ];
        // Credits reserved for the call before it is made, settled once it answers (usage.ts).
        const reservation = await usage.reserve(
          a.principal,
          usage.reservationFor(requestChars(messages) + toolsChars.get(a.agent)!),
        );
        await setStatus(a, 'thinking');
        a.modelCall = new AbortController();
        let answer: Awaited<ReturnType<typeof callModel>>;
        try {
          answer = await callModel(
            endpoint(a.agent),
            messages,
            toolsOf.get(a.agent)!,
            (kind, text) => emit(a, { type: kind, text }),
            AbortSignal.any([a.abort.signal, a.modelCall.signal]),
          );
        } catch (err) {
          await usage.settle(
            reservation,
            err instanceof ModelError && err.chargeReservation ? reservation.amountUsd : 0,
          );
          if (a.stopRequested) throw new Stopped();
          throw err;
        } finally {
          a.modelCall = null;
        }
        const costUsd = await usage.settle(
          reservation,
          tokenCost(config, answer.promptTokens, answer.completionTokens),
        );
        if (a.stopRequested) throw new Stopped();
        const addTokens = { prompt: answer.promptTokens, completion: answer.completionTokens, costUsd };
        // At most AGENT_MAX_TOOL_CALLS_PER_ANSWER calls run; the model reads why the rest did not.
        const bounded = boundToolCalls(answer.toolCalls, answer.notRun);
        if (!bounded.calls.length) {
          a.run = { ...(await store.updateRun(a.run.id, { addTokens })), status: a.run.status };
          await append(a, [{ role: 'assistant', content: answer.content, runId: a.run.id }]);
          emit(a, { type: 'message', text: answer.content });
          // A message that steered the run during this model call still needs its answer.
          if (a.steer.length) continue;
          await finish(a, 'done');
          return;
        }
        // One write per step: its tokens, the step and its tool calls counted, the run's working status.
        a.run = await store.updateRun(a.run.id, {
          addTokens,
          steps: a.run.steps + 1,
          addToolCalls: bounded.calls.length,
          status: 'calling_tool',
        });
        // The step's messages (the call and its results) are written together once its calls are done.
        const content = [answer.content, bounded.note].filter(Boolean).join('\n\n') || null;
        const written: NewMessage[] = [
          { role: 'assistant', content, toolCalls: bounded.calls.map(callForHistory), runId: a.run.id },
        ];
        for (const [i, tc] of bounded.calls.entries()) {
          if (a.stopRequested) {
            // Never sent: the program sees no call after Stop.
            written.push({
              role: 'tool',
              content: JSON.stringify({ error: { code: 'CANCELLED', message: 'not run: the user stopped the run' } }),
              toolCallId: tc.id,
              runId: a.run.id,
            });
            continue;
          }
          // Platform tools run on this thread: the event loop serves other requests between calls.
          if (i > 0) await yieldToLoop();
          let args: unknown = callForHistory(tc).function.arguments;
          try {
            args = JSON.parse(args as string);
          } catch {
            // Shown as the model wrote it.
          }
          const shown = {
            callId: tc.id,
            name: tc.function.name,
            arguments: args,
            result: null,
            errorCode: null,
            errorMessage: null,
          };
          a.run = { ...a.run, status: 'calling_tool' };
          emit(a, { type: 'tool_call', toolCall: shown });
          const outcome = await runTool(a, tc);
          if (a.stopRequested && !outcome.ok && outcome.error.code === 'DESKTOP_UNAVAILABLE') {
            // Stopped while it waited for a desktop: it never reached the program.
            written.push({
              role: 'tool',
              content: JSON.stringify({ error: { code: 'CANCELLED', message: 'not run: the user stopped the run' } }),
              toolCallId: tc.id,
              runId: a.run.id,
            });
            emit(a, {
              type: 'tool_result',
              toolCall: { ...shown, errorCode: 'CANCELLED', errorMessage: 'not run: the user stopped the run' },
            });
            continue;
          }
          if (!outcome.ok && outcome.error.code === 'DESKTOP_UNAVAILABLE')
            throw new Interrupt('DESKTOP_UNAVAILABLE', outcome.error.message);
          // A result over AGENT_MAX_TOOL_RESULT_BYTES is kept (and shown, and sent to the model) as TOO_LARGE.
          const raw = outcome.ok ? outcome.result : { error: outcome.error };
          const body = toolResultBody(tc.function.name, raw);
          written.push({ role: 'tool', content: JSON.stringify(body), toolCallId: tc.id, runId: a.run.id });
          const error =
            body !== raw
              ? (body as { error: { code: string; message: string } }).error
              : outcome.ok
                ? null
                : outcome.error;
          emit(a, {
            type: 'tool_result',
            toolCall: error
              ? { ...shown, errorCode: error.code, errorMessage: error.message }
              : { ...shown, result: outcome.ok ? outcome.result : null },
          });
        }
        await append(a, written);
      }
    } catch (err) {
      if (err instanceof Stopped) {
        await finish(a, 'stopped', 'STOPPED_BY_USER', 'stopped by the user').catch((e) =>
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
      } else if (err instanceof AppError && err.code === 'OUT_OF_CREDITS')
        [code, reason] = ['OUT_OF_CREDITS', err.message];
      else log.error({ err, runId: a.run.id }, 'run failed');
      await finish(a, 'interrupted', code, reason).catch((e) =>
        log.error({ err: e }, 'could not record an interrupted run'),
      );
    }
  }

  function launch(a: ActiveRun) {
    active.set(a.conversation.id, a);
    const p = drive(a).finally(() => running.delete(p));
    running.add(p);
  }

  async function startRun(
    principal: Principal,
    conversation: Conversation,
    agent: AgentConfig,
    messages: string[],
    stepLimit: number,
  ): Promise<Run> {
    const run = await store.createRun(principal.accountId, conversation.id, stepLimit, platform.config.replica);
    for (const text of messages)
      await store.appendMessage(conversation.id, { role: 'user', content: text, runId: run.id });
    const a: ActiveRun = {
      run,
      principal,
      conversation,
      agent,
      steer: [],
      queue: [],
      pauseStep: stepLimit,
      abort: new AbortController(),
      stopRequested: false,
      modelCall: null,
      desktopWait: null,
      history: null,
    };
    launch(a);
    emit(a, { type: 'status' });
    return run;
  }

  /** The run working or paused on a conversation, from memory or (a paused run after a restart) from the database. */
  async function current(principal: Principal, conversation: Conversation): Promise<ActiveRun | null> {
    const a = active.get(conversation.id);
    if (a) return a;
    const latest = await store.latestRun(conversation.id);
    if (latest?.status !== 'paused') return null;
    const restored: ActiveRun = {
      run: latest,
      principal,
      conversation,
      agent: agentById(conversation.agentId)!,
      steer: [],
      queue: [],
      pauseStep: latest.steps,
      abort: new AbortController(),
      stopRequested: false,
      modelCall: null,
      desktopWait: null,
      history: null,
    };
    active.set(conversation.id, restored);
    return restored;
  }

  function requireModel() {
    if (!config.agentLlmUrl)
      throw new AppError(
        'AGENT_MODEL_NOT_CONFIGURED',
        'Agent runs need a model: the operator has not set AGENT_LLM_URL',
      );
  }

  function resumeActive(a: ActiveRun) {
    a.pauseStep = a.run.steps + a.run.stepLimit;
    a.run = { ...a.run, status: 'thinking' };
    launch(a);
  }

  return {
    async sendMessage(principal: Principal, input: SendMessageInput) {
      if (!input.content.trim())
        throw new AppError('UNPROCESSABLE', 'content: must not be empty', { field: 'content' });
      if (input.content.length > MAX_MESSAGE_CHARS)
        throw fieldError('UNPROCESSABLE', 'content', `at most ${MAX_MESSAGE_CHARS} characters`, { field: 'content' });
      const stepLimit = input.stepLimit ?? STEP_LIMIT.default;
      if (!Number.isInteger(stepLimit) || stepLimit < STEP_LIMIT.min || stepLimit > STEP_LIMIT.max) {
        throw fieldError(
          'UNPROCESSABLE',
          'stepLimit',
          `must be an integer from ${STEP_LIMIT.min} to ${STEP_LIMIT.max}`,
          { field: 'stepLimit' },
        );
      }
      const instructions = parseInstructions(input.instructions);
      requireModel();
      let conversation: Conversation | null = null;
      let agent: AgentConfig;
      if (input.conversationId) {
        conversation = await store.conversation(principal.accountId, input.conversationId);
        if (input.agentId && input.agentId !== conversation.agentId) {
          throw new AppError(
            'AGENT_LOCKED',
            `agentId: this conversation's agent is ${conversation.agentId}, fixed at its first message; start a new conversation to switch`,
            {
              agent_id: conversation.agentId,
            },
          );
        }
        agent = agentById(conversation.agentId)!;
      } else {
        if (!input.agentId)
          throw new AppError('VALIDATION_ERROR', 'agentId: required to start a conversation', { field: 'agentId' });
        const found = agentById(input.agentId);
        if (!found)
          throw fieldError('UNPROCESSABLE', 'agentId', `unknown agent ${input.agentId}`, { field: 'agentId' });
        agent = found;
      }
      if (!conversation) {
        await usage.assertCredits(principal);
        conversation = await store.createConversation(principal.accountId, agent.id, titleFrom(input.content));
      }
      const conv = conversation;
      if (instructions) instructionsOf.set(conv.id, instructions);
      return serial(conv.id, async () => {
        const a = await current(principal, conv);
        if (a) {
          if ((input.whileWorking ?? 'steer') === 'queue') {
            a.queue.push(input.content);
            return { conversation: conv, disposition: 'queued' as const, run: a.run };
          }
          a.steer.push(input.content);
          if (a.run.status === 'paused') {
            await usage.assertCredits(principal);
            resumeActive(a);
          }
          return { conversation: conv, disposition: 'steered' as const, run: a.run };
        }
        await usage.assertCredits(principal);
        const run = await startRun(principal, conv, agent, [input.content], stepLimit);
        return { conversation: conv, disposition: 'started' as const, run };
      });
    },

    async resumeRun(principal: Principal, conversationId: string): Promise<Run> {
      const conversation = await store.conversation(principal.accountId, conversationId);
      requireModel();
      return serial(conversation.id, async () => {
        const a = await current(principal, conversation);
        if (!a || a.run.status !== 'paused')
          throw new AppError('RUN_STATE_CONFLICT', 'conversationId: no run of this conversation is paused');
        await usage.assertCredits(principal);
        resumeActive(a);
        return a.run;
      });
    },

    async retryRun(principal: Principal, conversationId: string): Promise<Run> {
      const conversation = await store.conversation(principal.accountId, conversationId);
      requireModel();
      return serial(conversation.id, async () => {
        if (active.has(conversation.id))
          throw new AppError('RUN_STATE_CONFLICT', 'conversationId: a run of this conversation is working or paused');
        const latest = await store.latestRun(conversation.id);
        if (latest?.status !== 'interrupted')
          throw new AppError(
            'RUN_STATE_CONFLICT',
            'conversationId: the last run of this conversation was not interrupted',
          );
        await usage.assertCredits(principal);
        await store.dropRunOutput(latest.id);
        return startRun(principal, conversation, agentById(conversation.agentId)!, [], latest.stepLimit);
      });
    },

    /**
     * Stops the conversation's working or paused run at its next safe point (rule "cancelRun");
     * answers the run as it is now: `stopped` when it was paused, else still working until it
     * reaches the safe point (its events show `stopped` then).
     */
    async cancelRun(principal: Principal, conversationId: string): Promise<Run> {
      const conversation = await store.conversation(principal.accountId, conversationId);
      return serial(conversation.id, async () => {
        const a = await current(principal, conversation);
        if (!a)
          throw new AppError('RUN_STATE_CONFLICT', 'conversationId: no run of this conversation is working or paused');
        a.stopRequested = true;
        if (a.run.status === 'paused') {
          await finish(a, 'stopped', 'STOPPED_BY_USER', 'stopped by the user');
          return a.run;
        }
        a.modelCall?.abort();
        // A call still waiting for a desktop has not reached a program; one delivered completes (rule "cancelRun").
        if (a.run.status === 'waiting_for_desktop') a.desktopWait?.abort();
        return a.run;
      });
    },

    async renameConversation(principal: Principal, conversationId: string, title: string): Promise<Conversation> {
      const trimmed = title.trim();
      if (!trimmed || trimmed.length > MAX_TITLE_CHARS)
        throw fieldError('UNPROCESSABLE', 'title', `1 to ${MAX_TITLE_CHARS} characters`, { field: 'title' });
      return store.renameConversation(principal.accountId, conversationId, trimmed);
    },

    async latestRun(conversationId: string): Promise<Run | null> {
      return active.get(conversationId)?.run ?? store.latestRun(conversationId);
    },

    /** runEvents: the conversation's current state, then every event as it happens. */
    async events(principal: Principal, conversationId: string): Promise<AsyncIterableIterator<RunEvent>> {
      await store.conversation(principal.accountId, conversationId);
      const latest = active.has(conversationId) ? null : await store.latestRun(conversationId);
      const set = listeners.get(conversationId) ?? new Set();
      listeners.set(conversationId, set);
      const live = liveStream<RunEvent>(() => {
        set.delete(live.push);
        if (!set.size && listeners.get(conversationId) === set) listeners.delete(conversationId);
      });
      // The snapshot and the listener are taken together (no await between), so no event falls between them.
      live.push(eventOf(active.get(conversationId) ?? { run: latest, conversationId }, { type: 'status' }));
      set.add(live.push);
      return live.iterator;
    },

    /** Stops every run (the server is closing): they end interrupted and can be retried. */
    async close() {
      for (const a of active.values()) a.abort.abort();
      await Promise.allSettled([...running]);
    },
  };
}

export type RunEngine = ReturnType<typeof createRunEngine>;

/** A new conversation's title: its first message's first line, cut at a word near MAX_TITLE_CHARS / 2. */
export function titleFrom(content: string): string {
  const line = content.trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, ' ');
  const max = MAX_TITLE_CHARS / 2;
  if (line.length <= max) return line;
  const cut = line.lastIndexOf(' ', max);
  return `${line.slice(0, cut > max / 2 ? cut : max)}…`;
}

function parseInstructions(raw: RunInstructions | null | undefined): RunInstructions | null {
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
