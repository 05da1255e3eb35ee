// The run engine's state (what createRunEngine holds) and the few operations every part of a run
// uses: one change at a time per conversation, events to the conversation's listeners, a run's
// status, and the messages it writes.
import type { Logger } from 'pino';
import type { Principal } from '../../../core/auth/keys.ts';
import type { Platform } from '../../../core/platform.ts';
import type { Bridge } from '../bridge.ts';
import { AGENTS, agentTools, type AgentConfig } from '../catalogue.ts';
import type { ChatMessage } from '../llm.ts';
import {
  ACTIVE_STATUSES,
  chatMessage,
  type AgentStore,
  type Conversation,
  type NewMessage,
  type Run,
  type RunStatus,
} from '../store.ts';
import type { Usage } from '../usage.ts';
import type { RunInstructions } from './input.ts';

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

export interface ActiveRun {
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

/** A run as it starts or resumes from the database: nothing steered, queued or in flight. */
export function activeRun(
  fields: Pick<ActiveRun, 'run' | 'principal' | 'conversation' | 'agent' | 'pauseStep'>,
): ActiveRun {
  return {
    ...fields,
    steer: [],
    queue: [],
    abort: new AbortController(),
    stopRequested: false,
    modelCall: null,
    desktopWait: null,
    history: null,
  };
}

export interface RunEngineDeps {
  platform: Platform;
  store: AgentStore;
  usage: Usage;
  bridge: Bridge;
  log: Logger;
}

export interface EngineState extends RunEngineDeps {
  config: Platform['config'];
  /** Each agent's tool definitions, built once: the JSON Schemas are the same for every model call. */
  toolsOf: Map<AgentConfig, ReturnType<typeof agentTools>>;
  toolsChars: Map<AgentConfig, number>;
  active: Map<string, ActiveRun>;
  listeners: Map<string, Set<(e: RunEvent) => void>>;
  locks: Map<string, Promise<unknown>>;
  running: Set<Promise<void>>;
  /** Each conversation's latest instructions (sendMessage): kept in memory, so a run resumed after a restart has the agent's own only. */
  instructionsOf: Map<string, RunInstructions>;
}

export function engineState(deps: RunEngineDeps): EngineState {
  const toolsOf = new Map(AGENTS.map((agent) => [agent, agentTools(agent, deps.platform.tools)]));
  return {
    ...deps,
    config: deps.platform.config,
    toolsOf,
    toolsChars: new Map(AGENTS.map((agent) => [agent, JSON.stringify(toolsOf.get(agent)).length])),
    active: new Map(),
    listeners: new Map(),
    locks: new Map(),
    running: new Set(),
    instructionsOf: new Map(),
  };
}

/** Runs fn after every earlier fn of the same conversation: a conversation's state changes one at a time. */
export function serial<T>(s: EngineState, key: string, fn: () => Promise<T>): Promise<T> {
  const before = s.locks.get(key) ?? Promise.resolve();
  const next = before.then(fn, fn);
  const tail = next.catch(() => undefined);
  s.locks.set(key, tail);
  void tail.then(() => {
    if (s.locks.get(key) === tail) s.locks.delete(key);
  });
  return next;
}

export function eventOf(
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

export function emit(s: EngineState, a: ActiveRun, partial: Partial<RunEvent> & Pick<RunEvent, 'type'>) {
  const event = eventOf(a, partial);
  for (const l of s.listeners.get(event.conversationId) ?? []) l(event);
}

/** Rule "working statuses live in memory": only a settled status (paused, done, interrupted) is written here. */
export async function setStatus(
  s: EngineState,
  a: ActiveRun,
  status: RunStatus,
  extra: Partial<Pick<Run, 'reasonCode' | 'reason' | 'endedAt'>> = {},
) {
  a.run = { ...a.run, status, ...extra };
  emit(s, a, { type: 'status' });
  if (!ACTIVE_STATUSES.includes(status)) a.run = await s.store.updateRun(a.run.id, { status, ...extra });
}

/** Writes messages of the working run in one transaction and keeps its history in step. */
export async function append(s: EngineState, a: ActiveRun, messages: NewMessage[]) {
  a.history ??= await s.store.history(a.conversation.id);
  a.history.lastSeq = await s.store.appendMessages(a.conversation.id, a.history.lastSeq, messages);
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
