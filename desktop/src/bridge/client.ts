// The client's side of the desktop bridge (the platform's is subgraphs/agents/bridge.ts): it
// registers the machine and its lanes, holds the toolCalls subscription over graphql-ws (the
// connection itself: nothing listens on this machine), runs each call on its program's
// adapter, answers with submitToolResult and beats every 20 s with the lanes' states.
//
// Rules, each applied below:
// - A callId is run once. The platform delivers every unanswered call again after a
//   reconnect: a call still running here is left to finish; a finished one is answered again
//   from its kept outcome. So a run survives a dropped link without repeating work on the model.
// - An answer that cannot be sent (offline) is kept and sent once the link is back.
// - The link is re-established by itself with randomised exponential backoff (1 s doubling to
//   30 s); the user is never signed out for being offline. A refused token is refreshed first.
// - Lane states: busy while this client has a call of the program in flight (the programs have
//   no progress API, so the client's own record is the truth), else the adapter's state (a COM
//   adapter's: whether its program runs and answers, and whether its helper is in a call).
import { EventEmitter } from 'node:events';
import type { Client } from 'graphql-ws';
import type { Program, ToolOutcome } from '@structural-platform/tool-schema';
import { dispatch, type Adapter } from '../adapters/adapter.ts';
import { SignInError } from '../auth/sign-in.ts';
import { causeInWords } from '../platform/cause.ts';
import { PlatformError, type PlatformApi } from '../platform/api.ts';
import type { Logger } from '../logs/logger.ts';

export type ClientState = 'stopped' | 'starting' | 'connected' | 'reconnecting' | 'error';
export type LaneState = 'ready' | 'busy' | 'not_running' | 'not_installed';

export interface LaneReport {
  program: Program;
  versions: string[];
  activeVersion: string | null;
  /** The program's own state (a COM adapter's helper may be busy with a call this client did not count). */
  state: LaneState;
}

export interface BridgeOptions {
  api: PlatformApi;
  machineId: string;
  machineName: string;
  clientVersion: string;
  adapters: () => ReadonlyMap<Program, Adapter>;
  /** The programs as detected, with their idle state. */
  lanes: () => LaneReport[];
  log: Logger;
  /** Runs a delivered call (the safety guard: preview, backup, approval, audit); dispatch to the adapter when absent. */
  run?: (call: {
    callId: string;
    conversationId: string | null;
    program: Program;
    tool: string;
    args: unknown;
  }) => Promise<ToolOutcome>;
  heartbeatMs?: number;
  /** First reconnect delay; doubles up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface BridgeEvents {
  state: [state: ClientState, detail: string | null];
  lanes: [];
  call: [
    record: {
      callId: string;
      program: Program;
      tool: string;
      phase: 'started' | 'finished' | 'redelivered';
      ok?: boolean;
    },
  ];
}

interface CallRecord {
  program: Program;
  tool: string;
  outcome: ToolOutcome | null;
  /** The platform acknowledged the answer (accepted, duplicate or expired). */
  answered: boolean;
  runs: number;
  deadline: number;
}

const REGISTER = `mutation ($input: RegisterClientInput!) { registerClient(input: $input) { machineId } }`;
const HEARTBEAT = `mutation ($m: ID!, $lanes: [DesktopLaneInput!]) { heartbeat(machineId: $m, lanes: $lanes) { machineId } }`;
const SUBMIT = `mutation ($input: ToolResultInput!) { submitToolResult(input: $input) { callId status } }`;
const TOOL_CALLS = `subscription ($m: ID!) { toolCalls(machineId: $m) { callId conversationId program tool arguments delivery deadlineAt } }`;
/** At most one heartbeat brought forward by lane changes per this period. */
const LANE_BEAT_MS = 5_000;
/** Finished calls remembered for re-delivery; older answered ones are forgotten first. */
const MAX_RECORDS = 1_000;

export class BridgeClient extends EventEmitter<BridgeEvents> {
  private readonly o: Required<BridgeOptions>;
  private socket: Client | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private laneBeat: NodeJS.Timeout | null = null;
  private answerRetry: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** Bumped by every (re)connection: events of an older socket are ignored. */
  private generation = 0;
  private readonly records = new Map<string, CallRecord>();
  private readonly inFlight = new Map<Program, number>();
  state: ClientState = 'stopped';
  /** The state's cause in words (reconnecting, error); the technical message is `technical`. */
  detail: string | null = null;
  technical: string | null = null;
  /** When the next reconnect attempt goes (reconnecting). */
  retryAt: Date | null = null;

  constructor(options: BridgeOptions) {
    super();
    this.o = {
      heartbeatMs: 20_000,
      backoffMs: 1_000,
      maxBackoffMs: 30_000,
      run: (c) => dispatch(this.o.adapters(), c),
      ...options,
    };
  }

  /** Runs per callId (a call is run once however often it is delivered). */
  runsOf(callId: string): number {
    return this.records.get(callId)?.runs ?? 0;
  }

  /** The lanes as the platform is told: busy while a call of the program is in flight here. */
  lanes(): (Omit<LaneReport, 'state'> & { state: LaneState })[] {
    return this.o.lanes().map((l) => ({ ...l, state: (this.inFlight.get(l.program) ?? 0) > 0 ? 'busy' : l.state }));
  }

  start(): void {
    if (this.state !== 'stopped' && this.state !== 'error') return;
    this.attempt = 0;
    this.setState('starting', null);
    void this.connect();
  }

  async stop(): Promise<void> {
    this.generation++;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.setState('stopped', null);
    await socket?.dispose();
  }

  /** "Retry now" on the reconnect banner: the next attempt goes at once instead of after its backoff. */
  retryNow(): void {
    if (this.state !== 'reconnecting' || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
    void this.connect();
  }

  async restart(): Promise<void> {
    await this.stop();
    this.start();
  }

  /** The session has new tokens: the socket presented the old one, so it is replaced (calls in flight keep running). */
  async reconnect(): Promise<void> {
    if (this.state === 'stopped') return;
    const socket = this.socket;
    this.generation++;
    this.socket = null;
    this.clearTimers();
    await socket?.dispose();
    void this.connect();
  }

  private setState(state: ClientState, detail: string | null): void {
    if (state !== 'reconnecting') this.retryAt = null;
    if (state !== 'reconnecting' && state !== 'error') this.technical = null;
    if (this.state === state && this.detail === detail) return;
    this.state = state;
    this.detail = detail;
    this.o.log.info('client state', { state, detail });
    this.emit('state', state, detail);
  }

  private clearTimers(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    for (const t of [this.retryTimer, this.laneBeat, this.answerRetry]) if (t) clearTimeout(t);
    this.heartbeatTimer = this.retryTimer = this.laneBeat = this.answerRetry = null;
  }

  private lanesInput() {
    return this.lanes().map((l) => ({
      program: l.program.toUpperCase(),
      versions: l.versions.slice(0, 20),
      activeVersion: l.activeVersion,
      state: l.state.toUpperCase(),
    }));
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    try {
      await this.o.api.gql(REGISTER, {
        input: {
          machineId: this.o.machineId,
          name: this.o.machineName,
          clientVersion: this.o.clientVersion,
          lanes: this.lanesInput(),
        },
      });
    } catch (err) {
      if (current()) this.linkDown(err);
      return;
    }
    if (!current()) return;
    const socket = this.o.api.socket({
      connected: () => {
        if (!current()) return;
        this.attempt = 0;
        this.setState('connected', null);
        this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.o.heartbeatMs);
        this.heartbeatTimer.unref();
        void this.flushAnswers();
      },
      closed: (event) => {
        if (current())
          this.linkDown(
            new PlatformError('OFFLINE', `the link closed (${(event as { code?: number })?.code ?? 'no code'})`),
          );
      },
    });
    this.socket = socket;
    socket.subscribe(
      { query: TOOL_CALLS, variables: { m: this.o.machineId } },
      {
        next: (message) => {
          if (!current()) return;
          if (message.errors?.length) {
            const first = message.errors[0] as { message: string; extensions?: { code?: string } };
            return this.linkDown(new PlatformError(first.extensions?.code ?? 'PLATFORM_ERROR', first.message));
          }
          void this.onCall((message.data as { toolCalls: DeliveredCall }).toolCalls);
        },
        error: (err) => {
          if (!current()) return;
          const first = Array.isArray(err) ? (err[0] as { message: string; extensions?: { code?: string } }) : null;
          this.linkDown(first ? new PlatformError(first.extensions?.code ?? 'PLATFORM_ERROR', first.message) : err);
        },
        complete: () => {
          if (current()) this.linkDown(new PlatformError('OFFLINE', 'the platform ended the connection'));
        },
      },
    );
  }

  /** The link is gone: show Reconnecting and try again with backoff; a refused token is refreshed first. */
  private linkDown(err: unknown): void {
    const socket = this.socket;
    this.socket = null;
    this.generation++;
    this.clearTimers();
    void socket?.dispose();
    if (this.state === 'stopped') return;
    const code = err instanceof PlatformError ? err.code : 'OFFLINE';
    const message = (err as Error)?.message ?? String(err);
    if (code === 'UNAUTHORIZED' && /not signed in/.test(message)) return this.setState('error', 'Not signed in');
    const delay = Math.min(this.o.maxBackoffMs, this.o.backoffMs * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt++;
    this.o.log.warn('link down', { code, message, retry_in_ms: Math.round(delay) });
    this.technical = message;
    this.retryAt = new Date(Date.now() + delay);
    this.setState('reconnecting', causeInWords(err, this.o.api.session.platformUrl));
    this.retryTimer = setTimeout(async () => {
      if (code === 'UNAUTHORIZED') {
        try {
          await this.o.api.session.refresh();
        } catch (e) {
          if (e instanceof SignInError && e.code === 'invalid_grant')
            return this.setState('error', 'Signed out: sign in again');
        }
      }
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.o.api.gql(HEARTBEAT, { m: this.o.machineId, lanes: this.lanesInput() });
    } catch (err) {
      this.o.log.warn('heartbeat failed', { message: (err as Error).message });
    }
  }

  /**
   * A lane changed: the platform hears it with the next beat, brought forward to at most one
   * extra beat per LANE_BEAT_MS (heartbeats have their own budget of 30 a minute per key; a
   * run's calls come in bursts).
   */
  private laneChange(program: Program, delta: number): void {
    this.inFlight.set(program, (this.inFlight.get(program) ?? 0) + delta);
    this.lanesChanged();
  }

  /** A program's own state changed (started, closed by the user, busy in its helper): told with the next beat, brought forward. */
  lanesChanged(): void {
    this.emit('lanes');
    if (this.state !== 'connected' || this.laneBeat) return;
    this.laneBeat = setTimeout(() => {
      this.laneBeat = null;
      if (this.state === 'connected') void this.heartbeat();
    }, LANE_BEAT_MS);
    this.laneBeat.unref();
  }

  private async onCall(call: DeliveredCall): Promise<void> {
    const known = this.records.get(call.callId);
    if (known) {
      // A re-delivery after a reconnect: never run twice; answer again if the answer was lost.
      this.emit('call', { callId: call.callId, program: known.program, tool: known.tool, phase: 'redelivered' });
      if (known.outcome && !known.answered) await this.answer(call.callId, known);
      return;
    }
    const program = call.program.toLowerCase() as Program;
    const record: CallRecord = {
      program,
      tool: call.tool,
      outcome: null,
      answered: false,
      runs: 1,
      deadline: Date.parse(call.deadlineAt),
    };
    this.records.set(call.callId, record);
    this.forgetOld();
    this.o.log.info('tool call', { callId: call.callId, program, tool: call.tool, delivery: call.delivery });
    this.emit('call', { callId: call.callId, program, tool: call.tool, phase: 'started' });
    this.laneChange(program, +1);
    try {
      record.outcome = await this.o.run({
        callId: call.callId,
        conversationId: call.conversationId ?? null,
        program,
        tool: call.tool,
        args: call.arguments,
      });
    } finally {
      this.laneChange(program, -1);
    }
    this.o.log.info('tool call finished', {
      callId: call.callId,
      ok: record.outcome.ok,
      ...(record.outcome.ok ? {} : { error: record.outcome.error.code }),
    });
    this.emit('call', { callId: call.callId, program, tool: call.tool, phase: 'finished', ok: record.outcome.ok });
    await this.answer(call.callId, record);
  }

  private async answer(callId: string, record: CallRecord): Promise<void> {
    const outcome = record.outcome!;
    if (Date.now() > record.deadline) {
      // The platform has given up on it (DESKTOP_TIMEOUT): an answer now would only be EXPIRED.
      record.answered = true;
      return;
    }
    const input = outcome.ok ? { callId, result: outcome.result } : { callId, error: outcome.error };
    try {
      const { submitToolResult } = await this.o.api.gql<{ submitToolResult: { status: string } }>(SUBMIT, { input });
      record.answered = true;
      this.o.log.info('tool result sent', { callId, status: submitToolResult.status });
    } catch (err) {
      // Kept: sent again once the link is back (flushAnswers), when the platform re-delivers the
      // call, or, refused for the moment (rate limit), when the platform says to try again.
      this.o.log.warn('tool result not sent', { callId, message: (err as Error).message });
      const retryAfterS =
        err instanceof PlatformError && err.code === 'RATE_LIMITED' ? Number(err.details?.retry_after_s ?? 5) : null;
      if (retryAfterS !== null && this.state === 'connected' && !this.answerRetry) {
        this.answerRetry = setTimeout(
          () => {
            this.answerRetry = null;
            void this.flushAnswers();
          },
          Math.min(60, Math.max(1, retryAfterS)) * 1000,
        );
        this.answerRetry.unref();
      }
    }
  }

  private async flushAnswers(): Promise<void> {
    for (const [callId, record] of this.records)
      if (record.outcome && !record.answered) await this.answer(callId, record);
  }

  private forgetOld(): void {
    if (this.records.size <= MAX_RECORDS) return;
    for (const [callId, r] of this.records) {
      if (r.answered) this.records.delete(callId);
      if (this.records.size <= MAX_RECORDS) return;
    }
  }
}

interface DeliveredCall {
  callId: string;
  conversationId?: string | null;
  program: string;
  tool: string;
  arguments: unknown;
  delivery: number;
  deadlineAt: string;
}
