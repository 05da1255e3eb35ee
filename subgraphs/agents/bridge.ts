// The desktop bridge: the platform's side of the connection over which tool calls reach the
// user's machine and results come back. The client connects out (a graphql-ws subscription to
// toolCalls, so no port is opened on the user's machine), registers what it drives, beats
// every 20 s and answers calls with submitToolResult.
//
// Rules (each named where it is applied):
// - Connected = at least one open toolCalls subscription and a heartbeat (or registration)
//   within AGENT_HEARTBEAT_TIMEOUT_MS.
// - A call goes to a connected machine of the account whose lane for the program is not
//   NOT_INSTALLED (READY before BUSY before NOT_RUNNING). Once delivered it stays bound to that
//   machine: it may be running there while the link is down.
// - Resumable: every call not yet answered is delivered again whenever its machine subscribes
//   again; the callId is the idempotency key the client runs it once by.
// - A result is taken once: a second answer, or one for a call that timed out or whose run
//   stopped, is acknowledged and ignored.
// - A call not answered within AGENT_TOOL_TIMEOUT_MS of its first delivery fails with
//   DESKTOP_TIMEOUT. While no machine is connected the call waits up to AGENT_DESKTOP_WAIT_MS,
//   then fails with DESKTOP_UNAVAILABLE (the run is interrupted).
// State lives in this process (the gateway's, where the sockets are): calls are in flight only
// while their run is, and a restart interrupts runs anyway.
import { randomUUID } from 'node:crypto';
import {
  PROGRAM_TOOLS,
  parseToolOutcome,
  type Program,
  type ToolName,
  type ToolOutcome,
} from '@structural-platform/tool-schema';
import { AppError, fieldError } from '../../core/errors.ts';
import { LIMITS } from '../../core/limits.ts';
import { liveStream } from '../../core/live-stream.ts';
import { jsonLongerThan, tooLargeResult } from './tool-limits.ts';

export type LaneState = 'ready' | 'busy' | 'not_running' | 'not_installed';

export interface Lane {
  program: Program;
  versions: string[];
  activeVersion: string | null;
  tools: ToolName[];
  state: LaneState;
}

export interface Machine {
  accountId: string;
  machineId: string;
  name: string;
  clientVersion: string;
  lanes: Map<Program, Lane>;
  lastSeen: number;
  subscribers: Set<(call: DeliveredCall) => void>;
}

export interface DeliveredCall {
  callId: string;
  /** The conversation whose run made the call (the desktop keeps its audit log by it). */
  conversationId: string | null;
  program: Program;
  tool: ToolName;
  arguments: unknown;
  delivery: number;
  deadlineAt: Date;
}

interface PendingCall {
  callId: string;
  conversationId: string | null;
  accountId: string;
  program: Program;
  tool: ToolName;
  args: unknown;
  machineId: string | null;
  deliveries: number;
  deadline: number;
  answered: boolean;
  settle(outcome: BridgeOutcome): void;
}

/** A call's end as the run sees it: the tool's own outcome, or the bridge's failure. */
export type BridgeOutcome =
  | ToolOutcome
  | { callId: string; ok: false; error: { code: 'DESKTOP_TIMEOUT' | 'DESKTOP_UNAVAILABLE'; message: string } };

export interface BridgeOptions {
  toolTimeoutMs: number;
  desktopWaitMs: number;
  heartbeatTimeoutMs: number;
}

export interface CallHooks {
  /** No connected machine can take the call: the run shows WAITING_FOR_DESKTOP. */
  onWaiting(): void;
  /** A machine has the call (again): the run shows CALLING_TOOL. */
  onDelivered(): void;
  signal?: AbortSignal;
  /** The conversation the call belongs to, told to the desktop. */
  conversationId?: string;
}

const LANE_ORDER: Record<LaneState, number> = { ready: 0, busy: 1, not_running: 2, not_installed: 3 };
/** Answered call ids kept for idempotency; older ones are forgotten first (a late copy then gets EXPIRED). */
const MAX_REMEMBERED = 10_000;

/** What the bridge holds: the account's machines, the calls waiting for an answer, those answered. */
interface BridgeState {
  options: BridgeOptions;
  machines: Map<string, Machine>;
  pending: Map<string, PendingCall>;
  settled: Map<string, { accountId: string; status: 'taken' | 'expired' }>;
  watchers: Set<() => void>;
  keyOf(accountId: string, machineId: string): string;
  /** Wakes every call waiting for a change. */
  changed(): void;
  connected(m: Machine, now?: number): boolean;
}

function remember(b: BridgeState, callId: string, accountId: string, status: 'taken' | 'expired') {
  b.settled.set(callId, { accountId, status });
  if (b.settled.size > MAX_REMEMBERED) b.settled.delete(b.settled.keys().next().value!);
}

/** A call as a desktop receives it, at its current delivery count. */
const delivered = (call: PendingCall): DeliveredCall => ({
  callId: call.callId,
  conversationId: call.conversationId,
  program: call.program,
  tool: call.tool,
  arguments: call.args,
  delivery: call.deliveries,
  deadlineAt: new Date(call.deadline),
});

function deliver(b: BridgeState, m: Machine, call: PendingCall) {
  call.machineId = m.machineId;
  call.deliveries++;
  if (call.deliveries === 1) call.deadline = Date.now() + b.options.toolTimeoutMs;
  const out = delivered(call);
  for (const s of m.subscribers) s(out);
}

function machineFor(b: BridgeState, accountId: string, program: Program): Machine | null {
  let best: Machine | null = null;
  let bestRank = Infinity;
  for (const m of b.machines.values()) {
    if (m.accountId !== accountId || !b.connected(m)) continue;
    const lane = m.lanes.get(program);
    if (!lane || lane.state === 'not_installed') continue;
    const rank = LANE_ORDER[lane.state];
    if (rank < bestRank) [best, bestRank] = [m, rank];
  }
  return best;
}

/** Resolves on the next change (a machine connects, beats, drops, a result arrives) or after ms. */
function nextChange(b: BridgeState, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      b.watchers.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    b.watchers.add(done);
    signal?.addEventListener('abort', done);
  });
}

/** Sends a validated call to the account's desktop and waits for its outcome under the rules above. */
async function callDesktop(
  b: BridgeState,
  accountId: string,
  program: Program,
  tool: ToolName,
  args: unknown,
  hooks: CallHooks,
): Promise<BridgeOutcome> {
  const callId = randomUUID();
  let outcome: BridgeOutcome | null = null;
  const call: PendingCall = {
    callId,
    conversationId: hooks.conversationId ?? null,
    accountId,
    program,
    tool,
    args,
    machineId: null,
    deliveries: 0,
    deadline: Infinity,
    answered: false,
    settle: (o) => void (outcome ??= o),
  };
  b.pending.set(callId, call);
  let waitingSince: number | null = null;
  try {
    for (;;) {
      if (outcome) return outcome;
      if (hooks.signal?.aborted)
        return { callId, ok: false, error: { code: 'DESKTOP_UNAVAILABLE', message: 'the run stopped' } };
      const now = Date.now();
      if (now >= call.deadline) {
        return {
          callId,
          ok: false,
          error: {
            code: 'DESKTOP_TIMEOUT',
            message: `the desktop did not answer ${tool} within ${Math.round(b.options.toolTimeoutMs / 1000)} s`,
          },
        };
      }
      const bound = call.machineId ? (b.machines.get(b.keyOf(accountId, call.machineId)) ?? null) : null;
      const target = call.machineId
        ? bound && b.connected(bound, now)
          ? bound
          : null
        : machineFor(b, accountId, program);
      if (!target) {
        if (waitingSince === null) {
          waitingSince = now;
          hooks.onWaiting();
        }
        if (now - waitingSince >= b.options.desktopWaitMs) {
          return {
            callId,
            ok: false,
            error: {
              code: 'DESKTOP_UNAVAILABLE',
              message: `no desktop client with ${program} connected within ${Math.round(b.options.desktopWaitMs / 1000)} s`,
            },
          };
        }
        await nextChange(
          b,
          Math.min(b.options.desktopWaitMs - (now - waitingSince), call.deadline - now),
          hooks.signal,
        );
        continue;
      }
      if (waitingSince !== null || call.deliveries === 0) {
        waitingSince = null;
        // A reconnecting machine got the call again in connect(); a first delivery goes out here.
        if (call.deliveries === 0) deliver(b, target, call);
        hooks.onDelivered();
      }
      await nextChange(b, call.deadline - now, hooks.signal);
    }
  } finally {
    b.pending.delete(callId);
    remember(b, callId, accountId, outcome ? 'taken' : 'expired');
  }
}

/** submitToolResult: validates the outcome against the tool's schema and settles the call once. */
function submitResult(
  b: BridgeState,
  accountId: string,
  raw: { callId: string; result?: unknown; error?: unknown },
): 'accepted' | 'duplicate' | 'expired' {
  const call = b.pending.get(raw.callId);
  if (!call || call.accountId !== accountId) {
    const past = b.settled.get(raw.callId);
    if (past && past.accountId === accountId) return past.status === 'taken' ? 'duplicate' : 'expired';
    throw new AppError('TOOL_CALL_NOT_FOUND', `callId: no tool call ${raw.callId} for this account`);
  }
  if (call.answered) return 'duplicate';
  call.answered = true;
  // A result over AGENT_MAX_TOOL_RESULT_BYTES is not validated nor kept: the model reads TOO_LARGE (tool-limits.ts).
  if (
    jsonLongerThan(raw.result, LIMITS.agentMaxToolResultBytes) ||
    jsonLongerThan(raw.error, LIMITS.agentMaxToolResultBytes)
  ) {
    call.settle({ callId: call.callId, ok: false, error: tooLargeResult(`the desktop's answer to ${call.tool}`) });
    b.changed();
    return 'accepted';
  }
  const hasError = raw.error !== undefined && raw.error !== null;
  const parsed = parseToolOutcome(
    call.tool,
    hasError
      ? { callId: raw.callId, ok: false, error: raw.error }
      : { callId: raw.callId, ok: true, result: raw.result },
  );
  if (!parsed.ok) {
    // The desktop answered something the schema refuses: the model hears it as the program's error, the client as a 422.
    call.settle({
      callId: call.callId,
      ok: false,
      error: {
        code: 'PROGRAM_ERROR',
        message: `the desktop's answer does not match the tool schema: ${parsed.error.message}`,
      },
    });
    b.changed();
    throw new AppError('UNPROCESSABLE', parsed.error.message, parsed.error.details);
  }
  call.settle(parsed.value);
  b.changed();
  return 'accepted';
}

export function createBridge(options: BridgeOptions) {
  const watchers = new Set<() => void>();
  const b: BridgeState = {
    options,
    machines: new Map(),
    pending: new Map(),
    settled: new Map(),
    watchers,
    keyOf: (accountId, machineId) => `${accountId}\u0000${machineId}`,
    changed: () => {
      for (const w of [...watchers]) w();
    },
    connected: (m, now = Date.now()) => m.subscribers.size > 0 && now - m.lastSeen <= options.heartbeatTimeoutMs,
  };
  const { machines, pending, keyOf, changed, connected } = b;

  // Heartbeats lapse without an event: look again at the heartbeat timeout's pace.
  const sweep = setInterval(changed, Math.max(1_000, Math.min(options.heartbeatTimeoutMs, 10_000)));
  sweep.unref();

  return {
    register(
      accountId: string,
      input: { machineId: string; name: string; clientVersion: string; lanes: Lane[] },
    ): Machine {
      const key = keyOf(accountId, input.machineId);
      const m = machines.get(key) ?? {
        accountId,
        machineId: input.machineId,
        name: input.name,
        clientVersion: input.clientVersion,
        lanes: new Map(),
        lastSeen: 0,
        subscribers: new Set(),
      };
      m.name = input.name;
      m.clientVersion = input.clientVersion;
      m.lanes = new Map(input.lanes.map((l) => [l.program, l]));
      m.lastSeen = Date.now();
      machines.set(key, m);
      changed();
      return m;
    },

    machine(accountId: string, machineId: string): Machine {
      const m = machines.get(keyOf(accountId, machineId));
      if (!m)
        throw new AppError(
          'NOT_FOUND',
          `machineId: no desktop client ${machineId} is registered for this account (call registerClient first)`,
        );
      return m;
    },

    heartbeat(accountId: string, machineId: string, lanes: Lane[] | null): Machine {
      const m = this.machine(accountId, machineId);
      m.lastSeen = Date.now();
      for (const l of lanes ?? []) m.lanes.set(l.program, l);
      changed();
      return m;
    },

    machines(accountId: string): Machine[] {
      return [...machines.values()]
        .filter((m) => m.accountId === accountId)
        .sort((a, b) => a.machineId.localeCompare(b.machineId));
    },

    connected,

    /** The toolCalls subscription: the machine's connection. Calls not yet answered are delivered again at once. */
    connect(accountId: string, machineId: string): AsyncIterableIterator<DeliveredCall> {
      const m = this.machine(accountId, machineId);
      const live = liveStream<DeliveredCall>(() => {
        m.subscribers.delete(live.push);
        changed();
      });
      m.subscribers.add(live.push);
      // Subscribing counts as a sign of life: a client that reconnects need not wait for its next beat.
      m.lastSeen = Date.now();
      for (const call of pending.values()) {
        if (call.accountId === accountId && call.machineId === machineId) {
          call.deliveries++;
          live.push(delivered(call));
        }
      }
      changed();
      return live.iterator;
    },

    /** Whether the account has a machine that drives the program (connected or not). */
    hasLane(accountId: string, program: Program): boolean {
      return [...machines.values()].some(
        (m) => m.accountId === accountId && (m.lanes.get(program)?.state ?? 'not_installed') !== 'not_installed',
      );
    },

    /** Sends a validated call to the account's desktop and waits for its outcome under the rules above. */
    call: (accountId: string, program: Program, tool: ToolName, args: unknown, hooks: CallHooks) =>
      callDesktop(b, accountId, program, tool, args, hooks),

    /** submitToolResult: validates the outcome against the tool's schema and settles the call once. */
    submit: (accountId: string, raw: { callId: string; result?: unknown; error?: unknown }) =>
      submitResult(b, accountId, raw),

    close() {
      clearInterval(sweep);
      for (const w of [...watchers]) w();
    },
  };
}

export type Bridge = ReturnType<typeof createBridge>;

/** Checks a lane's tools against the shared schema: a client may offer a subset of its program's tools, never others. */
export function laneTools(program: Program, tools: string[] | null | undefined): ToolName[] {
  const offered = PROGRAM_TOOLS[program];
  if (!tools) return [...offered];
  const unknown = tools.filter((t) => !offered.includes(t as ToolName));
  if (unknown.length)
    throw fieldError(
      'UNPROCESSABLE',
      'lanes.tools',
      `${program} offers no tool ${unknown.slice(0, 5).join(', ')} (it offers ${offered.join(', ')})`,
      { field: 'lanes.tools' },
    );
  return tools as ToolName[];
}
